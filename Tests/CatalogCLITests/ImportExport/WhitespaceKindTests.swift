import TestSupport
import Testing

/// A kind that starts or ends with whitespace (" ", " x", "x ") would print as nothing, or as
/// another kind, so `diff` and `show` text output quote it as a JSON string, as they quote an
/// empty or control-character kind; an inner space needs no quotes.
@Suite struct WhitespaceKindTests {
  let runner: CatalogRunner

  init() throws {
    runner = try CatalogRunner()
    for (name, description) in [("old.json", "d"), ("new.json", "e")] {
      try runner.directory.write(
        name,
        """
        {"components": [
          {"kind": " ", "category": "c", "description": "\(description)", "payload": 1},
          {"kind": " x", "category": "c", "description": "\(description)", "payload": 1},
          {"kind": "a b", "category": "c", "description": "\(description)", "payload": 1},
          {"kind": "y ", "category": "c", "description": "\(description)", "payload": 1}
        ]}
        """)
    }
  }

  @Test func diffQuotesThem() throws {
    let text = try runner.run(["diff", "old.json", "new.json"], expect: 1).stdout
    let kinds = text.split(separator: "\n").filter { $0.hasPrefix("~") }
    #expect(kinds == [#"~ " ""#, #"~ " x""#, "~ a b", #"~ "y ""#], "\(text)")
    let names = try runner.run(["diff", "old.json", "new.json", "--name-only"], expect: 1).stdout
    #expect(names == "\" \"\n\" x\"\na b\n\"y \"\n")
  }

  @Test func showQuotesThem() throws {
    try runner.run(["import", "old.json"])
    let space = try runner.run(["show", " ", "--format", "text"]).stdout
    #expect(space.hasPrefix("kind:        \" \"\n"), "\(space)")
    let inner = try runner.run(["show", "a b", "--format", "text"]).stdout
    #expect(inner.hasPrefix("kind:        a b\n"), "\(inner)")
  }
}
