import Foundation
import TestSupport
import Testing

/// Digests for provenance (issue 34, item 3): `export --digest` is the SHA-256 of the
/// export's bytes, as `sha256sum` computes it; `show REV` prints it with the revision's
/// chained digest; both are the same on the other engine after `catalog copy`; and `verify`
/// (issue 34, item 2) answers "is this file exactly that revision?".
@Suite("Export digests and verify")
struct ExportDigestTests {
  static func makeCatalog(_ location: TestLocation) throws -> CatalogRunner {
    let runner = CatalogRunner(location: location, environment: ["CATALOG_AUTHOR": "ann"])
    try location.directory.write(
      "v1.json",
      #"[{"kind": "a", "category": "c", "description": "one", "payload": {"x": 1}}, {"kind": "b", "category": "c", "description": "b", "payload": []}]"#
    )
    try location.directory.write(
      "v2.json",
      #"[{"kind": "a", "category": "c", "description": "two", "payload": {"x": 2}}, {"kind": "b", "category": "c", "description": "b", "payload": []}]"#
    )
    try runner.run(["import", "v1.json"])
    try runner.run(["tag", "v1"])
    try runner.run(["import", "v2.json"])
    return runner
  }

  /// `sha256:` and what sha256sum prints for the file.
  static func sha256sum(_ path: String) throws -> String {
    let result = try runCommand("/usr/bin/env", ["sha256sum", path])
    #expect(result.status == 0, "\(result.stderr)")
    return "sha256:" + (result.stdout.split(separator: " ").first.map(String.init) ?? "")
  }

  @Test(arguments: TestEngine.allCases)
  func theDigestIsSha256sumOfTheExport(_ engine: TestEngine) throws {
    let location = try engine.makeLocation()
    let runner = try Self.makeCatalog(location)
    let directory = location.directory
    var digests: [String] = []
    for revision in ["1", "2"] {
      let export = try runner.run(["export", "--at", revision]).stdoutBytes
      let file = try directory.write("export-\(revision).json", export)
      let expected = try Self.sha256sum(file)
      #expect(expected.count == 71)
      #expect(try runner.run(["export", "--at", revision, "--digest"]).stdout == expected + "\n")
      // With --output: the file, and the digest of what was written.
      let written = directory.path("written-\(revision).json")
      #expect(
        try runner.run(["export", "--at", revision, "-o", written, "--digest"]).stdout
          == expected + "\n")
      #expect(try Self.sha256sum(written) == expected)
      let show = try runner.run(["show", revision]).stdout
      #expect(show.contains("\nExport:  \(expected)\n"), "\(show)")
      #expect(show.contains("\nDigest:  sha256:"), "\(show)")
      digests.append(expected)
    }
    #expect(digests[0] != digests[1])
    // The same digests on the other engine, after a copy.
    let other: TestEngine = engine == .sqlite ? .postgresql : .sqlite
    let target = try other.makeLocation()
    try runner.run(["copy", location.text, target.text])
    let copy = CatalogRunner(location: target)
    for (i, revision) in ["1", "2"].enumerated() {
      #expect(try copy.run(["export", "--at", revision, "--digest"]).stdout == digests[i] + "\n")
      let show = try runner.run(["show", revision]).stdout
      let copied = try copy.run(["show", revision]).stdout
      let lines = { (text: String) in text.split(separator: "\n").filter { $0.hasPrefix("Digest:") }
      }
      #expect(lines(show) == lines(copied) && lines(show).count == 1, "\(show)\n\(copied)")
    }
  }

  @Test(arguments: TestEngine.allCases)
  func verifyIsExactUnlessSemantic(_ engine: TestEngine) throws {
    let location = try engine.makeLocation()
    let runner = try Self.makeCatalog(location)
    let directory = location.directory
    let export = try runner.run(["export", "--at", "v1"]).stdout
    try directory.write("exact.json", export)
    let ok = try runner.run(["verify", "exact.json", "--at", "v1"])
    #expect(ok.stdout.hasPrefix("ok: exact.json is exactly revision 1's export (sha256:"), "\(ok)")
    // Head is revision 2: the file is not head.
    let notHead = try runner.run(["verify", "exact.json"], expect: 1)
    #expect(notHead.stdout.contains("\"one\""), "\(notHead)")

    // A file missing a kind of the tag: what `diff @v1 short.json --quiet` calls equal.
    let short = #"[{"kind": "a", "category": "c", "description": "one", "payload": {"x": 1}}]"#
    try directory.write("short.json", short)
    try runner.run(["diff", "@v1", "short.json", "--quiet"], expect: 0)
    let missing = try runner.run(["verify", "short.json", "--at", "v1"], expect: 1)
    #expect(missing.stdout.contains("- b"), "\(missing)")
    #expect(missing.stdout.contains("ENTRY_REMOVED"), "\(missing)")
    #expect(
      missing.stderr.hasPrefix("catalog: short.json is not revision 1's export (its digest is"),
      "\(missing)")
    let quiet = try runner.run(["verify", "short.json", "--at", "v1", "--quiet"], expect: 1)
    #expect(quiet.stdout.isEmpty && quiet.stderr.isEmpty, "\(quiet)")
    // --semantic does not accept a missing kind either.
    try runner.run(["verify", "short.json", "--at", "v1", "--semantic"], expect: 1)

    // The same catalog in other bytes.
    let reindented = export.replacingOccurrences(of: "\n  ", with: "\n    ")
    #expect(reindented != export)
    try directory.write("reindented.json", reindented)
    let other = try runner.run(["verify", "reindented.json", "--at", "v1"], expect: 1)
    #expect(
      other.stderr.hasPrefix(
        "catalog: reindented.json holds revision 1's catalog, but not byte for byte its export"),
      "\(other)")
    try runner.run(["verify", "reindented.json", "--at", "v1", "--quiet"], expect: 1)
    let semantic = try runner.run(["verify", "reindented.json", "--at", "v1", "--semantic"])
    #expect(semantic.stdout.hasPrefix("ok: reindented.json is revision 1's catalog"), "\(semantic)")

    // Without a catalog: the digest alone.
    let digest = try runner.run(["export", "--at", "v1", "--digest"]).stdout
      .trimmingCharacters(in: .newlines)
    let alone = try CatalogRunner()
    try alone.directory.write("exact.json", export)
    try alone.directory.write("short.json", short)
    #expect(
      try alone.run(["verify", "exact.json", "--digest", digest]).stdout
        == "ok: exact.json has digest \(digest)\n")
    let wrong = try alone.run(["verify", "short.json", "--digest", digest], expect: 1)
    #expect(wrong.stderr.hasPrefix("catalog: short.json differs: its digest is sha256:"))
    try alone.run(["verify", "short.json", "--digest", digest, "--quiet"], expect: 1)
    try alone.run(["verify", "short.json", "--digest", "sha256:123"], expect: 64)
  }
}
