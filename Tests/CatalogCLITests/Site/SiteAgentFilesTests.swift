import Foundation
import TestSupport
import Testing

/// Each release's files for agents on the site (`catalog site --agents`): `releases/<tag>.a2ui.json` and
/// `releases/<tag>.schema.json` are the bytes of `catalog export --format a2ui|json-schema
/// --at TAG`, for a catalog whose shapes change between its tags, and the release page links
/// them.
@Suite("catalog site: the agents' files of every release")
struct SiteAgentFilesTests {
  @Test(arguments: TestEngine.allCases)
  func eachReleaseHasItsExportsForAgents(_ engine: TestEngine) throws {
    let location = try engine.makeLocation()
    let runner = CatalogRunner(location: location, environment: ["CATALOG_AUTHOR": "ann"])
    try location.directory.write("v1.json", ClientGateTests.document())
    try runner.run(["import", "v1.json"])
    try runner.run(["tag", "v1.0"])
    // A count that becomes a number with a fraction and a badge that gains a member: the
    // shapes change, so the two releases' files differ.
    try location.directory.write(
      "v2.json", ClientGateTests.document(count: "1.5", badge: #"{"style": "info"}"#))
    try runner.run(["import", "v2.json"])
    try runner.run(["tag", "v2.0"])
    // Without --agents the site has none (the golden site's tests hold the rest of it).
    try runner.run(["site", "--output", "plain"])
    let plain = try FileManager.default.contentsOfDirectory(
      atPath: location.directory.path("plain/releases"))
    #expect(!plain.contains { $0.hasSuffix(".a2ui.json") || $0.hasSuffix(".schema.json") })
    #expect(plain.contains("v1-0.components.json"))
    try runner.run(["site", "--output", "site", "--agents"])
    var published: [[UInt8]] = []
    for (tag, slug) in [("v1.0", "v1-0"), ("v2.0", "v2-0")] {
      for (format, name) in [("a2ui", "a2ui"), ("json-schema", "schema")] {
        let exported = try runner.run(["export", "--format", format, "--at", tag]).stdoutBytes
        let file = try [UInt8](
          Data(
            contentsOf: location.directory.url.appendingPathComponent(
              "site/releases/\(slug).\(name).json")))
        #expect(file == exported, "\(tag) \(format)")
        published.append(file)
      }
      let page = try String(
        contentsOf: location.directory.url.appendingPathComponent("site/releases/\(slug).html"),
        encoding: .utf8)
      #expect(page.contains(#"href="\#(slug).a2ui.json""#))
      #expect(page.contains(#"href="\#(slug).schema.json""#))
    }
    #expect(published[0] != published[2] && published[1] != published[3])
  }
}
