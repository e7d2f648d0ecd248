import Foundation
import TestSupport
import Testing

/// `blame KIND POINTER` limits blame to one subtree of the entry (issue 35, item 9), on both
/// engines.
@Suite("blame KIND POINTER")
struct BlameSubtreeTests {
  @Test(arguments: TestEngine.allCases)
  func blameOfOneSubtree(engine: TestEngine) throws {
    let location = try engine.makeLocation()
    let runner = CatalogRunner(location: location)
    func write(_ payload: String) throws {
      try runner.directory.write(
        "c.json",
        #"{"components": [{"kind": "tile", "category": "D", "description": "A", "payload": \#(payload)}]}"#
      )
    }
    try write(#"{"size": 1, "tags": ["a", "b"], "tagsX": 0}"#)
    try runner.run(["import", "c.json", "-m", "first"], environment: ["CATALOG_AUTHOR": "ann"])
    try write(#"{"size": 2, "tags": ["a", "c"], "tagsX": 0}"#)
    try runner.run(["import", "c.json", "-m", "second"], environment: ["CATALOG_AUTHOR": "bob"])
    let all = try runner.run(["blame", "tile"]).stdout.split(separator: "\n")
    let tags = try runner.run(["blame", "tile", "/payload/tags"]).stdout.split(separator: "\n")
    // Exactly the lines of the whole blame under /payload/tags (not /payload/tagsX).
    #expect(tags == all.filter { $0.hasPrefix("/payload/tags/") }, "\(tags)")
    #expect(tags.count == 2)
    let json = try runner.run(["blame", "tile", "/payload/size", "--format", "json"]).stdout
    let items = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
    #expect(items.map { $0["path"] as? String } == ["/payload/size"])
    #expect(items.first?["author"] as? String == "bob")
    let missing = try runner.run(["blame", "tile", "/payload/nope"], expect: 65)
    #expect(
      missing.stderr == "catalog: error: the entry of kind tile has no value at /payload/nope\n")
    try runner.run(["blame", "tile", "payload"], expect: 64)
  }
}
