import Foundation
import TestSupport
import Testing

/// The refusals the library reports as ``RequestProblem`` cases (tags, listing, copy),
/// worded by the CLI alone: each one's whole sentence and its exit
/// status through the built binary, on both engines.
@Suite("Refusals: tags, categories, copy")
struct RefusalWordingTests {
  static let catalog =
    #"[{"kind": "tile", "category": "cards", "description": "d", "payload": {"n": 0}}, "#
    + #"{"kind": "knob", "category": "controls", "description": "d", "payload": {}}]"# + "\n"

  static func runner(_ location: TestLocation) throws -> CatalogRunner {
    let runner = CatalogRunner(location: location, environment: ["CATALOG_AUTHOR": "ann"])
    try runner.directory.write("v1.json", Self.catalog)
    try runner.run(["import", "v1.json"])
    return runner
  }

  @Test(arguments: TestEngine.allCases)
  func tagRefusalsSayWhatToDo(engine: TestEngine) throws {
    let runner = try Self.runner(try engine.makeLocation())
    try runner.run(["tag", "v1", "-m", "first"])
    let cases: [([String], String)] = [
      (
        ["tag", "v1", "-m", "other"],
        "tag 'v1' already names revision 1 with another message; use -f to change it"
      ),
      (
        ["tag", "12"],
        "tag name '12' reads as a revision number, head or a time; choose another name"
      ),
      (
        ["tag", "-bad"],
        "tag name '-bad' must start with a letter or digit and use only letters, digits "
          + "and . _ - / +"
      ),
      (["tag", "--delete", "v2"], "no tag is named 'v2'"),
    ]
    for (arguments, message) in cases {
      let result = try runner.run(arguments, expect: arguments[1] == "-bad" ? 64 : 65)
      if arguments[1] != "-bad" {
        #expect(result.stderr == "catalog: error: \(message)\n", "\(arguments): \(result)")
      }
    }
    try runner.directory.write(
      "v2.json", Self.catalog.replacingOccurrences(of: #""n": 0"#, with: #""n": 1"#))
    try runner.run(["import", "v2.json"])
    let moved = try runner.run(["tag", "v1"], expect: 65)
    #expect(
      moved.stderr == "catalog: error: tag 'v1' already names revision 1; use -f to move it\n",
      "\(moved)")
    let name = try runner.run(["tag", "a b"], expect: 65)
    #expect(
      name.stderr
        == "catalog: error: tag name 'a b' must start with a letter or digit and use only "
        + "letters, digits and . _ - / +\n", "\(name)")
  }

  @Test(arguments: TestEngine.allCases)
  func anUnknownCategorySuggestsOrListsTheCategories(engine: TestEngine) throws {
    let runner = try Self.runner(try engine.makeLocation())
    let close = try runner.run(["kinds", "--category", "card"], expect: 65)
    #expect(
      close.stderr
        == "catalog: error: no kind has category \"card\" at head; did you mean \"cards\"?\n",
      "\(close)")
    let far = try runner.run(["kinds", "--category", "zzzzzzzz", "--at", "1"], expect: 65)
    #expect(
      far.stderr
        == "catalog: error: no kind has category \"zzzzzzzz\" at 1; categories: cards, "
        + "controls\n", "\(far)")
  }

  @Test(arguments: TestEngine.allCases)
  func copyRefusesACatalogThatIsNotEmpty(engine: TestEngine) throws {
    let location = try engine.makeLocation()
    let runner = try Self.runner(location)
    let target = try location.sibling(fileName: "copy.sqlite")
    try runner.run(["copy", location.text, target])
    let again = try runner.run(["copy", location.text, target], expect: 65)
    #expect(again.stderr.hasPrefix("catalog: error: "), "\(again)")
    #expect(
      again.stderr.hasSuffix(
        " is not empty (head is revision 1); copy writes only into an empty catalog\n"),
      "\(again)")
  }
}
