import CatalogCLI
import Testing

@Suite struct ArgumentParserTests {
  @Test func optionValueIsTheNextArgumentOrFollowsEquals() throws {
    let spaced = try #require(parse("import", "f.json", "-m", "add tiles").command)
    #expect(spaced.name == "import")
    #expect(spaced.arguments.string("message") == "add tiles")
    #expect(spaced.arguments.positional("file") == "f.json")

    let long = try #require(parse("import", "f.json", "--message", "x").command)
    #expect(long.arguments.string("message") == "x")

    let equals = try #require(parse("import", "--message=a=b c", "f.json").command)
    #expect(equals.arguments.string("message") == "a=b c")

    let empty = try #require(parse("import", "f.json", "--message=").command)
    #expect(empty.arguments.string("message") == "")
    #expect(empty.arguments.contains("message"))
  }

  @Test func equalsFormCarriesAValueThatLooksLikeAnOption() throws {
    let command = try #require(parse("import", "f.json", "--message=--help").command)
    #expect(command.arguments.string("message") == "--help")
  }

  @Test func doubleDashEndsOptions() throws {
    let command = try #require(parse("import", "--prune", "--", "--weird.json").command)
    #expect(command.arguments.positional("file") == "--weird.json")
    #expect(command.arguments.flag("prune"))

    let help = try #require(parse("show", "--", "--help").command)
    #expect(help.arguments.positional("kind") == "--help")
  }

  @Test func singleDashIsAValue() throws {
    let stdin = try #require(parse("import", "-", "-m", "from a pipe").command)
    #expect(stdin.arguments.positional("file") == "-")

    let stdout = try #require(parse("export", "-o", "-").command)
    #expect(stdout.arguments.string("output") == "-")
  }

  @Test func globalOptionsAreAcceptedBeforeAndAfterTheCommand() throws {
    let lines: [[String]] = [
      ["-d", "a.sqlite", "import", "f.json"],
      ["--database", "a.sqlite", "import", "f.json"],
      ["import", "f.json", "-d", "a.sqlite"],
      ["import", "--database=a.sqlite", "f.json"],
    ]
    for line in lines {
      let command = try #require(CatalogCommandTable.parser.parse(line).command)
      #expect(command.name == "import")
      #expect(command.arguments.string("database") == "a.sqlite")
      #expect(command.arguments.positional("file") == "f.json")
    }

    let timeout = try #require(
      parse("--busy-timeout", "2.5", "doctor").command)
    #expect(try timeout.arguments.double("busy-timeout") == 2.5)
    let after = try #require(parse("doctor", "--busy-timeout=0").command)
    #expect(try after.arguments.double("busy-timeout") == 0)
  }

  @Test func repeatableOptionsCollectEveryValueInOrder() throws {
    let command = try #require(
      parse("export", "--category", "Display", "-o", "out.json", "--category=Input").command)
    #expect(command.arguments.strings("category") == ["Display", "Input"])
    #expect(command.arguments.string("output") == "out.json")

    let none = try #require(parse("export").command)
    #expect(none.arguments.strings("category") == [])
    #expect(none.arguments.string("output") == nil)
  }

  @Test func occurrencesRememberTheirArgumentIndices() throws {
    let command = try #require(
      parse("-d", "db", "import", "f.json", "-m", "x", "--expect-head=3", "--prune").command)
    let occurrences = command.arguments.occurrences
    #expect(
      occurrences == [
        ArgumentOccurrence(name: "database", spelling: "-d", index: 0, value: "db", valueIndex: 1),
        ArgumentOccurrence(
          name: "file", spelling: "<file>", index: 3, value: "f.json", valueIndex: 3),
        ArgumentOccurrence(name: "message", spelling: "-m", index: 4, value: "x", valueIndex: 5),
        ArgumentOccurrence(
          name: "expect-head", spelling: "--expect-head", index: 6, value: "3", valueIndex: 6),
        ArgumentOccurrence(
          name: "prune", spelling: "--prune", index: 7, value: nil, valueIndex: nil),
      ])
  }

  @Test func defaultsAreReportedButNotCountedAsGiven() throws {
    let command = try #require(parse("import", "f.json").command)
    #expect(try command.arguments.int("max-depth") == 1000)
    #expect(!command.arguments.contains("max-depth"))
    #expect(try command.arguments.double("busy-timeout") == 5)
    #expect(command.arguments.string("database") == nil)
    #expect(try command.arguments.int("expect-head") == nil)
    #expect(!command.arguments.flag("prune"))
    #expect(!command.arguments.flag("dry-run"))

    let show = try #require(parse("show", "tile").command)
    #expect(show.arguments.string("at") == "head")
    #expect(show.arguments.string("format") == "json")

    let diff = try #require(parse("diff", "a", "b").command)
    #expect(diff.arguments.string("format") == "text")
    #expect(diff.arguments.string("color") == "auto")
    #expect(diff.arguments.string("fail-on") == "any")
  }

  @Test func typedAccessorsConvertValues() throws {
    enum Format: String, CaseIterable {
      case text, json
      case jsonPatch = "json-patch"
    }
    enum ColorMode: String, CaseIterable { case auto, always, never }
    let diff = try #require(
      parse("diff", "@head", "c.json", "--format", "json-patch", "--color", "never").command)
    #expect(try diff.arguments.choice("format", as: Format.self) == .jsonPatch)
    #expect(try diff.arguments.choice("color", as: ColorMode.self) == .never)

    let log = try #require(parse("log", "--limit", "20").command)
    #expect(try log.arguments.int("limit") == 20)
    #expect(try log.arguments.choice("format", as: Format.self) == .text)
  }

  @Test func typedAccessorsQuoteTheTokenWhenTheTypeDoesNotFit() throws {
    let command = try #require(parse("import", "f.json", "-m", "abc").command)
    #expect(
      throws: UsageError.invalidValue(
        "abc", argument: "-m <text>", expected: "an integer", index: 3)
    ) {
      try command.arguments.int("message")
    }
    #expect(
      UsageError.invalidValue("abc", argument: "-m <text>", expected: "an integer", index: 3)
        .message == "invalid value 'abc' for '-m <text>': expected an integer")
    #expect(
      throws: UsageError.invalidValue("abc", argument: "-m <text>", expected: "a number", index: 3)
    ) {
      try command.arguments.double("message")
    }
    #expect(
      throws: UsageError.invalidValue(
        "f.json", argument: "<file>", expected: "an integer", index: 1)
    ) {
      try command.arguments.int("file")
    }

    enum Narrow: String, CaseIterable { case text, json }
    let diff = try #require(parse("diff", "a", "b", "--format=json-patch").command)
    do {
      _ = try diff.arguments.choice("format", as: Narrow.self)
      Issue.record("expected an error")
    } catch {
      #expect(
        error.message
          == "invalid value 'json-patch' for '--format <format>': expected one of: text, json")
      #expect(error.index == 3)
    }
  }

  @Test func negativeNumbersAreValuesThatValidationThenChecks() throws {
    let failure = try #require(parse("restore", "3", "--expect-head", "-1").failure)
    #expect(
      failure.error
        == .invalidValue(
          "-1", argument: "--expect-head <n>", expected: "an integer of at least 0", index: 3))
  }

  @Test func optionalPositionalsMayBeAbsent() throws {
    let all = try #require(parse("log").command)
    #expect(all.arguments.positional("kind") == nil)
    let one = try #require(parse("log", "tile-preview", "--format", "json").command)
    #expect(one.arguments.positional("kind") == "tile-preview")
  }

  @Test func tagAcceptsEachOfItsForms() throws {
    let named = try #require(parse("tag", "v1.2").command)
    #expect(named.arguments.positional("name") == "v1.2")
    #expect(named.arguments.positional("rev") == nil)
    let rev = try #require(parse("tag", "v1.2", "head~1").command)
    #expect(rev.arguments.positional("rev") == "head~1")
    let list = try #require(parse("tag", "--list").command)
    #expect(list.arguments.flag("list"))
    let delete = try #require(parse("tag", "--delete", "v1.2").command)
    #expect(delete.arguments.string("delete") == "v1.2")
  }

  @Test func diffTakesItsFlagsAnywhere() throws {
    let command = try #require(
      parse("diff", "--stat", "@v1.0", "--with-tests", "@head", "--fail-on", "breaking").command)
    #expect(command.arguments.positional("old") == "@v1.0")
    #expect(command.arguments.positional("new") == "@head")
    #expect(command.arguments.flag("stat"))
    #expect(command.arguments.flag("with-tests"))
    #expect(command.arguments.string("fail-on") == "breaking")
  }

  @Test func variadicPositionalsTakeTheRest() throws {
    let root = RootCommandSpec(
      name: "tool", version: "1", abstract: "A tool.", globalOptions: [],
      commands: [
        CommandSpec(
          name: "cat", abstract: "Concatenate.",
          arguments: [
            .positional("first", help: "The first."),
            .positional("rest", arity: .variadic, help: "The others."),
          ])
      ])
    let parser = ArgumentParser(root: root)
    let many = try #require(parser.parse(["cat", "a", "-", "b", "--", "-c"]).command)
    #expect(many.arguments.positional("first") == "a")
    #expect(many.arguments.positionals("rest") == ["-", "b", "-c"])
    let one = try #require(parser.parse(["cat", "a"]).command)
    #expect(one.arguments.positionals("rest") == [])
  }

  @Test func splitArgumentsClassifiesEachToken() {
    let split = SplitArguments(["-m", "x", "--a=b", "-", "-5", "--", "-y", "--"])
    #expect(
      split.elements.map(\.kind) == [
        .option(name: "-m", value: nil), .value("x"), .option(name: "--a", value: "b"),
        .value("-"), .value("-5"), .terminator, .value("-y"), .value("--"),
      ])
    #expect(split.elements.map(\.index) == Array(0..<8))
  }
}
