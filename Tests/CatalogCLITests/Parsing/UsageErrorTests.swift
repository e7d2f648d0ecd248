import CatalogCLI
import Testing

@Suite struct UsageErrorTests {
  static let importUsage =
    "Usage: catalog import <file> [--message <text>] [--author <name>] [--prune] [--dry-run]"
    + " [--expect-head <n>] [--allow-breaking <reason>] [--follow-renames]"
    + " [--allow-former-names] [--max-depth <n>] [--max-size <bytes>] [--format <format>]"
    + " [--quiet]\n"
  static let importFooter = "See 'catalog import --help' for more information.\n"
  static let rootUsage =
    "Usage: catalog [--database <location>] [--busy-timeout <seconds>] <command> [<arguments>]\n"
  static let rootFooter = "See 'catalog --help' for more information.\n"
  static let commands =
    "import, export, check, policy, contract, clients, log, show, blame, kinds, categories, tag, "
    + "restore, revert, rename, deprecate, undeprecate, "
    + "diff, patch, merge, git, doctor, verify, validate-ui, mcp, copy, site, completions, install, help"

  /// The stderr text for a usage error about `import`.
  func importError(_ message: String) -> String {
    "catalog: error: \(message)\n" + Self.importUsage + Self.importFooter
  }

  func failure(_ arguments: String...) throws -> UsageFailure {
    try #require(CatalogCommandTable.parser.parse(arguments).failure)
  }

  @Test func unknownOptionSuggestsTheClosestOne() throws {
    let failure = try failure("import", "--mesage", "hi", "f.json")
    #expect(failure.error == .unknownOption("--mesage", index: 1, suggestion: "--message"))
    #expect(
      failure.text
        == importError("unknown option '--mesage'; did you mean '--message'?"))
    #expect(failure.exitStatus == 64)
    #expect(CatalogCommandTable.parser.parse(["import", "--mesage"]).exitStatus == 64)
  }

  @Test func unknownOptionSuggestionsIncludeGlobalOptions() throws {
    #expect(
      try failure("import", "f.json", "--databse", "x").error.message
        == "unknown option '--databse'; did you mean '--database'?")
    #expect(
      try failure("import", "f.json", "--dryrun").error.message
        == "unknown option '--dryrun'; did you mean '--dry-run'?")
    #expect(
      try failure("diff", "a", "b", "--colour", "never").error.message
        == "unknown option '--colour'; did you mean '--color'?")
    #expect(
      try failure("doctor", "--hlep").error.message
        == "unknown option '--hlep'; did you mean '--help'?")
  }

  /// An empty path (an unset shell variable in `-o "$OUT"`) names nothing: a usage error,
  /// exit 64, for every argument that names a file or directory, never a file that could
  /// not be opened (66) or written (74).
  @Test func anEmptyPathIsAUsageError() throws {
    let cases: [([String], String)] = [
      (["export", "-o", ""], "'-o <file>': expected a file path"),
      (["export", "--output="], "'--output <file>': expected a file path"),
      (["import", ""], "'<file>': expected a file path"),
      (["diff", "a.json", ""], "'<new>': expected a file path"),
      (
        ["merge", "base.json", "ours.json", "theirs.json", "-o", ""],
        "'-o <file>': expected a file path"
      ),
      (["site", "--output", ""], "'--output <dir>': expected a directory path"),
    ]
    for (arguments, expected) in cases {
      let failure = try #require(
        CatalogCommandTable.parser.parse(arguments).failure, "\(arguments)")
      #expect(failure.exitStatus == 64, "\(arguments)")
      #expect(failure.error.message == "invalid value '' for \(expected)", "\(arguments)")
    }
    // `--database ''` has its own message, which covers an empty $CATALOG_DATABASE too
    // (DatabaseFileTests); `-` still means stdout, and any other name is left to the command.
    #expect(CatalogCommandTable.parser.parse(["--database", "", "log"]).failure == nil)
    #expect(CatalogCommandTable.parser.parse(["export", "-o", "-"]).failure == nil)
    #expect(CatalogCommandTable.parser.parse(["export", "-o", " "]).failure == nil)
  }

  @Test func unknownOptionWithoutACloseMatchHasNoSuggestion() throws {
    #expect(try failure("import", "f.json", "--zzz").text == importError("unknown option '--zzz'"))
    #expect(try failure("import", "-x", "f.json").text == importError("unknown option '-x'"))
    #expect(try failure("import", "--=x", "f.json").text == importError("unknown option '--=x'"))
  }

  @Test func commandOptionsBeforeTheCommandAreUnknown() throws {
    let failure = try failure("-m", "x", "import", "f.json")
    #expect(
      failure.text == "catalog: error: unknown option '-m'\n" + Self.rootUsage + Self.rootFooter)
  }

  @Test func unknownCommandSuggestsAndListsTheCommands() throws {
    let close = try failure("imprt", "f.json")
    #expect(
      close.error
        == .unknownCommand(
          "imprt", index: 0, suggestion: "import",
          commands: CatalogCommandTable.root.allCommands.map(\.name)))
    #expect(
      close.text
        == "catalog: error: unknown command 'imprt'; did you mean 'import'? (commands: "
        + Self.commands + ")\n" + Self.rootUsage + Self.rootFooter)

    let far = try failure("-d", "db", "frobnicate")
    #expect(
      far.text
        == "catalog: error: unknown command 'frobnicate' (commands: " + Self.commands + ")\n"
        + Self.rootUsage + Self.rootFooter)
    #expect(far.error.index == 2)
  }

  @Test func missingCommandListsTheCommands() throws {
    #expect(
      try failure().text
        == "catalog: error: missing command (commands: " + Self.commands + ")\n"
        + Self.rootUsage + Self.rootFooter)
    #expect(
      try failure("-d", "db").error.message
        == "missing command (commands: " + Self.commands + ")")
  }

  @Test func missingValueNamesTheOptionAsTyped() throws {
    #expect(
      try failure("import", "f.json", "-m").text == importError("missing value for '-m <text>'"))
    #expect(
      try failure("import", "f.json", "--message", "--prune").text
        == importError("missing value for '--message <text>'"))
    #expect(
      try failure("import", "--author", "--", "f.json").error
        == .missingValue(option: "--author <name>", index: 1))
    #expect(
      try failure("-d").text
        == "catalog: error: missing value for '-d <location>'\n" + Self.rootUsage + Self.rootFooter)
  }

  @Test func missingRequiredPositional() throws {
    #expect(try failure("import").text == importError("missing argument '<file>'"))
    #expect(
      try failure("diff", "a.json").error.message == "missing argument '<new>'")
  }

  @Test func unexpectedExtraArgument() throws {
    #expect(
      try failure("import", "f.json", "g.json").text == importError("unexpected argument 'g.json'"))
    #expect(
      try failure("import", "f.json", "--", "-m").error == .unexpectedArgument("-m", index: 3))
    #expect(
      try failure("doctor", "now").text
        == "catalog: error: unexpected argument 'now'\nUsage: catalog doctor [--format <format>]\n"
        + "See 'catalog doctor --help' for more information.\n")
  }

  @Test func duplicateOptionQuotesBothSpellings() throws {
    #expect(
      try failure("import", "f.json", "-m", "a", "--message", "b").text
        == importError("duplicate option '--message' (already given as '-m')"))
    #expect(
      try failure("import", "f.json", "--author", "a", "--author", "b").error
        == .duplicateOption("--author", index: 4, previous: "--author"))
    #expect(
      try failure("import", "f.json", "--author", "a", "--author", "b").error.message
        == "duplicate option '--author' (it may be given only once)")
    #expect(
      try failure("-d", "a", "import", "f.json", "--database=b").error.message
        == "duplicate option '--database' (already given as '-d')")
    #expect(
      try failure("import", "f.json", "--prune", "--prune").error.message
        == "duplicate option '--prune' (it may be given only once)")
  }

  @Test func flagGivenAValue() throws {
    #expect(
      try failure("import", "f.json", "--prune=yes").text
        == importError("'--prune' takes no value, but 'yes' was given"))
    #expect(
      try failure("doctor", "--help=me").error
        == .unexpectedValue(option: "--help", value: "me", index: 1))
  }

  @Test func invalidValuesQuoteTheTokenAndWhatWasExpected() throws {
    #expect(
      try failure("log", "--limit", "abc").text
        == "catalog: error: invalid value 'abc' for '--limit <n>': expected an integer of at "
        + "least 1\nUsage: catalog log [<kind>] [--limit <n>] [--format <format>] [--patch]"
        + " [--stat] [--oneline] [--reverse] [--waivers] [--author <name> ...]"
        + " [--grep <text> ...] [--since <time>] [--until <time>]"
        + " [--path <pointer>] [--no-pager] [--color <when>] [--utc]\n"
        + "See 'catalog log --help' for more information.\n")
    #expect(
      try failure("log", "--limit=0").error.message
        == "invalid value '0' for '--limit <n>': expected an integer of at least 1")
    #expect(
      try failure("--busy-timeout", "soon", "doctor").error.message
        == "invalid value 'soon' for '--busy-timeout <seconds>': expected a number from 0 to "
        + "2147483")
    #expect(
      try failure("--busy-timeout", "inf", "doctor").error.message
        == "invalid value 'inf' for '--busy-timeout <seconds>': expected a number from 0 to "
        + "2147483")
    #expect(
      try failure("diff", "a", "b", "--format", "xml").error.message
        == "invalid value 'xml' for '--format <format>': expected one of: text, json, json-patch, "
        + "github, junit")
    #expect(
      try failure("diff", "a", "b", "--color=sometimes").error.message
        == "invalid value 'sometimes' for '--color <when>': expected one of: auto, always, never")
    #expect(
      try failure("diff", "a", "b", "--fail-on", "value").error
        == .invalidValue(
          "value", argument: "--fail-on <class>", expected: "one of: breaking, any", index: 4))
    #expect(
      try failure("import", "f.json", "--max-depth", "").error.message
        == "invalid value '' for '--max-depth <n>': expected an integer from 1 to 1000")
  }

  @Test func tagFormsExcludeEachOther() throws {
    let tagUsage =
      "Usage: catalog tag <name> [<rev>] [-m <text>] [-f] [--author <name>] [--expect-head <n>]\n"
      + "       catalog tag --list [--utc]\n"
      + "       catalog tag --history [<name>] [--utc]\n"
      + "       catalog tag --delete <name> [-m <text>] [--author <name>]\n"
      + "See 'catalog tag --help' for more information.\n"
    #expect(
      try failure("tag", "--list", "--delete", "v1").text
        == "catalog: error: '--delete' cannot be used with '--list'\n" + tagUsage)
    #expect(
      try failure("tag", "v1", "--list").error
        == .conflictingArguments("v1", "--list", index: 2))
    #expect(
      try failure("tag", "v1", "--list").error.message == "'--list' cannot be used with 'v1'")
    #expect(
      try failure("tag").text
        == "catalog: error: missing one of '<name>', '--list', '--history' or '--delete <name>'\n"
        + tagUsage)
  }

  @Test func helpCommandRejectsAnUnknownCommand() throws {
    let failure = try failure("help", "imprt")
    #expect(
      failure.text
        == "catalog: error: unknown command 'imprt'; did you mean 'import'? (commands: "
        + Self.commands + ")\nUsage: catalog help [<command>] [--man]\n"
        + "See 'catalog help --help' for more information.\n")
    #expect(failure.error.index == 1)
    #expect(
      try self.failure("help", "import", "export").error
        == .unexpectedArgument("export", index: 2))
  }

  @Test func theFirstMistakeInCommandLineOrderIsReported() throws {
    #expect(
      try failure("import", "--zzz", "f.json", "--mesage").error
        == .unknownOption("--zzz", index: 1, suggestion: nil))
    #expect(
      try failure("import", "--limit", "5").error
        == .unknownOption("--limit", index: 1, suggestion: nil))
  }

  @Test func commandsRenderTheirOwnChecksWithTheirSynopsis() {
    let failure = CatalogCommandTable.parser.failure(
      .invalidArguments("at most one operand may be '-'"), command: "diff")
    #expect(
      failure.text
        == "catalog: error: at most one operand may be '-'\n"
        + "Usage: catalog diff <old> <new> [--format <format>] [--stat] [--quiet] [--name-only]"
        + " [--prune] [--follow-renames] [--allow-former-names] [--with-tests] [--color <when>] [--fail-on <class>] [--max-depth <n>]"
        + " [--max-size <bytes>]\n"
        + "See 'catalog diff --help' for more information.\n")
    #expect(failure.exitStatus == 64)
  }
}
