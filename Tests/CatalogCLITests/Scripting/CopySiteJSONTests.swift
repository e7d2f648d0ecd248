import Foundation
import TestSupport
import Testing

/// `copy --format json`, `site --format json` and `git check --format json` (issue 35,
/// item 9): one object on stdout, with what the text reports; copy and site on both engines.
@Suite("copy, site and git check: --format json")
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

  @Test func gitCheckInstallAndUninstallReportAsJSON() throws {
    let directory = try TemporaryDirectory()
    let environment = [
      "HOME": directory.url.path, "GIT_CONFIG_NOSYSTEM": "1", "GIT_CEILING_DIRECTORIES": "/",
    ]
    func run(_ script: String, expect status: Int32 = 0) throws -> [String: Any] {
      let result = try CatalogProcess.shell(
        "cd repo && " + script, in: directory, environment: environment)
      #expect(result.status == status, "\(script): \(result)")
      return try Self.object(result.stdout)
    }
    let made = try CatalogProcess.shell(
      "git init -q repo", in: directory, environment: environment)
    try #require(made.status == 0, "\(made)")
    let missing = try run(#""$CATALOG" git check --format json"#, expect: 1)
    #expect(
      missing["installed"] as? Bool == false && missing["path"] as? String == "components.json")
    let pieces = try #require(missing["missing"] as? [[String: Any]])
    #expect(pieces.first?["file"] as? String == ".gitattributes")
    #expect(pieces.first?["setting"] as? String == "components.json merge=catalog diff=catalog")
    #expect(pieces.dropFirst().allSatisfy { $0["file"] as? String == ".git/config" })
    #expect(pieces.count > 1)
    let installed = try run(#""$CATALOG" git install --format json"#)
    #expect(installed["action"] as? String == "install")
    #expect((installed["changes"] as? [String])?.isEmpty == false)
    let ok = try run(#""$CATALOG" git check --format json"#)
    #expect(ok["installed"] as? Bool == true && (ok["missing"] as? [Any])?.isEmpty == true)
    let again = try run(#""$CATALOG" git install --format json"#)
    #expect((again["changes"] as? [String]) == [])
    let removed = try run(#""$CATALOG" git uninstall --format json"#)
    #expect((removed["changes"] as? [String])?.isEmpty == false)
    let textconv = try CatalogProcess.shell(
      #"cd repo && "$CATALOG" git textconv x.json --format json"#, in: directory,
      environment: environment)
    #expect(textconv.status == 64, "\(textconv)")
  }
}
