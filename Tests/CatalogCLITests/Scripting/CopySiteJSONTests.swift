import Foundation
import TestSupport
import Testing

/// `copy --format json` and `site --format json` (issue 35, item 9): one object on stdout,
/// with the numbers the text reports, on both engines.
@Suite("copy and site: --format json")
struct CopySiteJSONTests {
  static func object(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  @Test(arguments: TestEngine.allCases)
  func copyAndSiteReportAsJSON(engine: TestEngine) throws {
    let location = try engine.makeLocation()
    let runner = CatalogRunner(location: location)
    try runner.directory.write(
      "c.json",
      #"{"components": [{"kind": "tile", "category": "D", "description": "A", "payload": {}}]}"#)
    try runner.run(["import", "c.json"], environment: ["CATALOG_AUTHOR": "ann"])
    try runner.run(["tag", "v1"], environment: ["CATALOG_AUTHOR": "ann"])
    let site = try runner.run(["site", "--output", "site-out", "--format", "json"])
    #expect(site.stderr.isEmpty, "\(site)")
    let written = try Self.object(site.stdout)
    #expect(written["command"] as? String == "site" && written["output"] as? String == "site-out")
    #expect(written["revision"] as? Int == 1 && written["kinds"] as? Int == 1)
    #expect(written["revisions"] as? Int == 1 && written["releases"] as? Int == 1)
    let text = try runner.run(["site", "--output", "site-out"]).stderr
    #expect(text.contains("\(written["files"] as? Int ?? -1) files"), "\(text)")
    // copy: from this engine's catalog to a new file, without -d.
    let copy = try CatalogProcess.run(
      ["copy", location.text, "copy.sqlite", "--format", "json"], in: runner.directory)
    #expect(copy.status == 0, "\(copy)")
    let copied = try Self.object(copy.stdout)
    #expect(copied["command"] as? String == "copy" && copied["revisions"] as? Int == 1)
    #expect(copied["entryVersions"] as? Int == 1 && copied["tags"] as? Int == 1)
    #expect(copied["to"] as? String == "copy.sqlite")
    #expect(!(copy.stdout.contains("password")))
  }
}
