import Foundation
import TestSupport
import Testing

/// What scripts rely on, through the built binary: `diff --quiet` and `--name-only`, option
/// combinations refused with 64, `export --category` for a category that is not there,
/// `check` of several files.
@Suite("catalog for scripts")
struct ScriptingOutputTests {
  let runner: CatalogRunner
  var directory: TemporaryDirectory { runner.directory }

  init() throws {
    runner = try CatalogRunner()
    try directory.write(
      "a.json",
      """
      {"components": [
        {"kind": "tile", "category": "Display", "description": "d", "payload": {"x": 1}},
        {"kind": "button", "category": "Input", "description": "d", "payload": {}},
        {"kind": "gone", "category": "Display", "description": "d", "payload": {}}
      ]}
      """)
    try directory.write(
      "b.json",
      """
      {"components": [
        {"kind": "button", "category": "Input", "description": "d", "payload": {}},
        {"kind": "tile", "category": "Display", "description": "d", "payload": {"x": 2}},
        {"kind": "new", "category": "Display", "description": "d", "payload": {}}
      ]}
      """)
  }

  @Test func diffQuietPrintsNothingAndKeepsTheExitStatus() throws {
    let same = try runner.run(["diff", "--quiet", "a.json", "a.json"], expect: 0)
    #expect(same.stdout.isEmpty && same.stderr.isEmpty)
    let different = try runner.run(["diff", "--quiet", "a.json", "b.json"], expect: 1)
    #expect(different.stdout.isEmpty && different.stderr.isEmpty)
    try runner.run(["diff", "--quiet", "a.json", "missing.json"], expect: 66)
    // Against a revision, kinds the file lacks would be kept: without --quiet a note says so.
    try runner.run(["import", "a.json"], expect: 0)
    let noted = try runner.run(["diff", "@head", "b.json"], expect: 1)
    #expect(noted.stderr.hasPrefix("note: "), "\(noted)")
    let quiet = try runner.run(["diff", "--quiet", "@head", "b.json"], expect: 1)
    #expect(quiet.stdout.isEmpty && quiet.stderr.isEmpty, "\(quiet)")
  }

  @Test func diffNameOnlyListsEachDifferingKindOnce() throws {
    // gone: removed; new: added; tile: changed and moved; button: moved (or not).
    let result = try runner.run(["diff", "--name-only", "a.json", "b.json"], expect: 1)
    let names = result.stdout.split(separator: "\n").map(String.init)
    #expect(names == names.sorted() && Set(names).count == names.count, "\(result)")
    #expect(Set(names).isSuperset(of: ["gone", "new", "tile"]), "\(result)")
    #expect(try runner.run(["diff", "--name-only", "a.json", "a.json"], expect: 0).stdout.isEmpty)
  }

  /// A change of the top-level members (or of the form) is the line `* document`, first, in
  /// `--name-only` as in the text format; no kind prints that way: a kind that starts with `*`
  /// or `"` is printed as a JSON string literal, as in `--stat` and the text format.
  @Test func diffNameOnlyNamesAFrameChangeApartFromKinds() throws {
    try directory.write(
      "v3.json",
      #"{"components": [{"kind": "tile", "category": "C", "description": "d", "payload": {}}], "version": 3}"#
    )
    try directory.write(
      "v4.json",
      #"{"components": [{"kind": "tile", "category": "C", "description": "d", "payload": {}}], "version": 4}"#
    )
    try directory.write(
      "odd.json",
      #"{"components": [{"kind": "* document", "category": "C", "description": "d", "payload": {}}, "#
        + #"{"kind": "\"q", "category": "C", "description": "d", "payload": {}}, "#
        + #"{"kind": "tile", "category": "C", "description": "d", "payload": {"x": 1}}]}"#)
    try directory.write(
      "bare.json", #"[{"kind": "tile", "category": "C", "description": "d", "payload": {}}]"#)
    #expect(
      try runner.run(["diff", "--name-only", "v3.json", "v4.json"], expect: 1).stdout
        == "* document\n")
    // Only the form changed: an object without members against a bare array.
    try directory.write(
      "plain.json",
      #"{"components": [{"kind": "tile", "category": "C", "description": "d", "payload": {}}]}"#)
    #expect(
      try runner.run(["diff", "--name-only", "plain.json", "bare.json"], expect: 1).stdout
        == "* document\n")
    #expect(
      try runner.run(["diff", "--name-only", "v3.json", "odd.json"], expect: 1).stdout
        == "* document\n\"\\\"q\"\n\"* document\"\ntile\n")
    // The text format and --stat print those kinds the same way.
    let text = try runner.run(["diff", "v3.json", "odd.json"], expect: 1).stdout
    #expect(text.hasPrefix("* document\n  /version: 3 → (absent)\n+ \"\\\"q\"  "), "\(text)")
    #expect(text.contains("\n+ \"* document\"  "), "\(text)")
    let stat = try runner.run(["diff", "v3.json", "odd.json", "--stat"], expect: 1).stdout
    #expect(stat.hasPrefix(" \"\\\"q\"        | added\n \"* document\" | added\n"), "\(stat)")
    #expect(stat.contains(" document frame changed\n"), "\(stat)")
  }

  @Test func conflictingDiffOptionsAreUsageErrors() throws {
    let cases: [([String], String)] = [
      (["--stat", "--format", "json"], "'--stat' cannot be used with '--format json'"),
      (["--stat", "--format", "json-patch"], "'--stat' cannot be used with '--format json-patch'"),
      (["--with-tests"], "'--with-tests' needs '--format json-patch'"),
      (["--with-tests", "--format", "json"], "'--with-tests' needs '--format json-patch'"),
      (["--quiet", "--name-only"], "'--name-only' cannot be used with '--quiet'"),
      (["--name-only", "--format", "json"], "'--name-only' cannot be used with '--format json'"),
    ]
    for (options, message) in cases {
      let result = try runner.run(["diff", "a.json", "b.json"] + options, expect: 64)
      #expect(result.stdout.isEmpty)
      #expect(result.stderr.hasPrefix("catalog: error: \(message)"), "\(options): \(result)")
      #expect(result.stderr.contains("See 'catalog diff --help'"), "\(result)")
    }
    try runner.run(
      ["diff", "a.json", "b.json", "--with-tests", "--format", "json-patch"], expect: 1)
  }

  @Test func exportOfAnAbsentCategoryIsAnError() throws {
    try runner.run(["import", "a.json", "-m", "first"], expect: 0)
    let wrongCase = try runner.run(["export", "--category", "display"], expect: 65)
    #expect(wrongCase.stdout.isEmpty)
    #expect(
      wrongCase.stderr
        == "catalog: error: no kind has category \"display\" at revision 1; did you mean "
        + "\"Display\"?\n")
    let unknown = try runner.run(
      ["export", "--category", "Display", "--category", "Zzz"], expect: 65)
    #expect(
      unknown.stderr
        == "catalog: error: no kind has category \"Zzz\" at revision 1; categories: Display, "
        + "Input\n")
    let kept = try runner.run(["export", "--category", "Input"], expect: 0)
    #expect(kept.stdout.contains("\"button\"") && !kept.stdout.contains("\"tile\""))
    try runner.run(["export", "--category", "display", "-o", "out.json"], expect: 65)
    #expect(!FileManager.default.fileExists(atPath: directory.path("out.json")))
  }

  @Test func checkReportsEveryFileItIsGiven() throws {
    try directory.write("bad.json", "{\"components\": [\n  {\"kind\": 3}\n]}")
    let good = try runner.run(["check", "a.json", "b.json"], expect: 0)
    #expect(good.stdout == "ok: a.json: 3 components\nok: b.json: 3 components\n")
    let mixed = try runner.run(["check", "a.json", "bad.json", "b.json"], expect: 65)
    #expect(mixed.stdout == "ok: a.json: 3 components\nok: b.json: 3 components\n")
    #expect(mixed.stderr.hasPrefix("bad.json:2:"), "\(mixed)")
    #expect(mixed.stderr.hasSuffix("1 of 3 files has problems\n"), "\(mixed)")
    let single = try runner.run(["check", "a.json"], expect: 0)
    #expect(single.stdout == "ok: 3 components\n")
    let missing = try runner.run(["check", "a.json", "missing.json"], expect: 66)
    #expect(missing.stderr.contains("missing.json"), "\(missing)")
    try runner.run(["check", "-", "-"], expect: 64)
  }
}
