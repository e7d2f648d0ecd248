import Foundation
import TestSupport
import Testing

/// Messages that say what happened (issue 35, item 7): an empty `--author` is refused, a
/// kind that is only whitespace is printed visibly by `kinds`, `blame` keeps `r1` next to
/// its number beside `r10`, and ENTRY_REMOVED findings name the whole entry by RFC 6901's
/// empty pointer, printed `""`.
@Suite("Messages: blank names, blame columns, the whole-entry pointer")
struct MessageWordingTests {
  static func runner(_ engine: TestEngine) throws -> CatalogRunner {
    CatalogRunner(location: try engine.makeLocation(), environment: ["CATALOG_AUTHOR": "ann"])
  }

  static let catalog =
    #"[{"kind": "tile", "category": "c", "description": "d", "payload": {"n": 0}}, "#
    + #"{"kind": "knob", "category": "c", "description": "d", "payload": {}}]"# + "\n"

  @Test(arguments: TestEngine.allCases)
  func aBlankAuthorIsAUsageError(engine: TestEngine) throws {
    let runner = try Self.runner(engine)
    try runner.directory.write("v1.json", Self.catalog)
    for author in ["", "  "] {
      let result = try runner.run(["import", "v1.json", "--author", author], expect: 64)
      #expect(
        result.stderr.hasPrefix(
          "catalog: error: invalid value '\(author)' for '--author <name>': expected a name "
            + "that is not blank\n"), "\(result)")
    }
    try runner.run(["import", "v1.json"])
    try runner.run(["tag", "v1", "--author", ""], expect: 64)
    try runner.run(["rename", "tile", "panel", "--author", " "], expect: 64)
    #expect(try runner.run(["log", "--oneline"]).stdout.hasPrefix("1 "))
  }

  @Test(arguments: TestEngine.allCases)
  func aWhitespaceKindIsPrintedVisibly(engine: TestEngine) throws {
    let runner = try Self.runner(engine)
    try runner.directory.write("v1.json", Self.catalog)
    try runner.run(["import", "v1.json"])
    try runner.run(["rename", "tile", "  "])
    #expect(try runner.run(["kinds"]).stdout == "\"  \"  c\nknob  c\n")
  }

  @Test(arguments: TestEngine.allCases)
  func blameKeepsTheRevisionNumberNextToItsR(engine: TestEngine) throws {
    let runner = try Self.runner(engine)
    try runner.directory.write("v1.json", Self.catalog)
    try runner.run(["import", "v1.json"])
    try runner.directory.write(
      "patch.json", #"[{"op": "add", "path": "/components/0/payload/m", "value": 1}]"#)
    try runner.run(["patch", "patch.json"])
    for n in 1...9 {
      try runner.directory.write(
        "v.json",
        Self.catalog.replacingOccurrences(of: #""n": 0}"#, with: #""n": \#(n), "m": 1}"#))
      try runner.run(["import", "v.json"])
    }
    let lines = try runner.run(["blame", "tile"]).stdout.split(separator: "\n").map(String.init)
    let m = try #require(lines.first { $0.hasPrefix("/payload/m") }, "\(lines)")
    let n = try #require(lines.first { $0.hasPrefix("/payload/n") }, "\(lines)")
    #expect(m.contains("  r2   "), "\(m)")
    #expect(n.contains("  r11  "), "\(n)")
    // The columns after the revision start at the same place.
    let after = { (line: String) in line.range(of: "  20")?.lowerBound.utf16Offset(in: line) }
    #expect(after(m) != nil && after(m) == after(n), "\(lines)")
  }

  @Test(arguments: TestEngine.allCases)
  func entryRemovedFindingsUseTheEmptyPointer(engine: TestEngine) throws {
    let runner = try Self.runner(engine)
    try runner.directory.write("v1.json", Self.catalog)
    try runner.run(["import", "v1.json"])
    try runner.run(["policy", "set", "FORWARD"])
    try runner.directory.write(
      "v2.json", #"[{"kind": "knob", "category": "c", "description": "d", "payload": {}}]"#)
    let result = try runner.run(["import", "v2.json", "--prune"], expect: 65)
    #expect(
      result.stderr.hasPrefix(
        "catalog: error: policy FORWARD of kind tile (set on the catalog) refuses ENTRY_REMOVED "
          + #""": was "tile", now absent"#), "\(result)")
    try runner.run(["import", "v2.json", "--prune", "--allow-breaking", "tile retired"])
    let waivers = try runner.run(["log", "--waivers"]).stdout
    #expect(waivers.contains("\n         ENTRY_REMOVED \"\" in tile (FORWARD)\n"), "\(waivers)")
  }
}
