import CatalogCLI
import Testing

@Suite struct HelpOutcomeTests {
  /// A small table whose help text can be asserted whole.
  static let tool = RootCommandSpec(
    name: "tool", version: "tool 2.0", abstract: "Do small things.",
    discussion:
      "A longer description of the tool that is wrapped at eighty columns by the help "
      + "generator.",
    globalOptions: [
      .option("database", short: "d", valueName: "path", help: "The database."),
      .option(
        "busy-timeout", valueName: "seconds", value: .number(minimum: 0), defaultValue: "5",
        help: "How long to wait."),
    ],
    commands: [
      CommandSpec(
        name: "put", abstract: "Store a file.",
        discussion: "Stores <file>.\n\nSecond paragraph.",
        arguments: [
          .positional("file", help: "The file, or '-' for stdin."),
          .option("message", short: "m", valueName: "text", help: "The message."),
          .repeatableOption("tag", valueName: "name", help: "A tag."),
          .option(
            "format", valueName: "format", value: .choice(["text", "json"]),
            defaultValue: "text", help: "The output format."),
          .flag("dry-run", help: "Write nothing."),
        ],
        examples: [.init("Store a file:", "tool put a.json -m \"first\"")],
        seeAlso: ["help"])
    ])

  static let rootHelp = """
    OVERVIEW: Do small things.

    A longer description of the tool that is wrapped at eighty columns by the help
    generator.

    USAGE: tool [--database <path>] [--busy-timeout <seconds>] <command>
                [<arguments>]

    OPTIONS:
      -d, --database <path>   The database.
      --busy-timeout <seconds>
                              How long to wait. (default: 5)
      --version               Show the version.
      -h, --help              Show help information.

    COMMANDS:
      put                     Store a file.
      help                    Show help for a command.

      See 'tool help <command>' for detailed help.

    """

  static let putHelp = """
    OVERVIEW: Store a file.

    Stores <file>.

    Second paragraph.

    USAGE: tool put <file> [--message <text>] [--tag <name> ...] [--format <format>]
                    [--dry-run]

    ARGUMENTS:
      <file>                  The file, or '-' for stdin.

    OPTIONS:
      -m, --message <text>    The message.
      --tag <name>            A tag. (repeatable)
      --format <format>       The output format. (values: text, json; default: text)
      --dry-run               Write nothing.
      -h, --help              Show help information.

    GLOBAL OPTIONS:
      -d, --database <path>   The database.
      --busy-timeout <seconds>
                              How long to wait. (default: 5)

    EXAMPLES:
      Store a file:
        $ tool put a.json -m "first"

    SEE ALSO: tool help

    """

  @Test func rootHelpHasEverySection() {
    let parser = ArgumentParser(root: Self.tool)
    #expect(parser.parse(["--help"]) == .help(Self.rootHelp))
    #expect(parser.parse(["-h"]) == .help(Self.rootHelp))
    #expect(parser.parse(["help"]) == .help(Self.rootHelp))
    #expect(parser.parse(["--help"]).exitStatus == 0)
  }

  @Test func commandHelpHasEverySection() {
    let parser = ArgumentParser(root: Self.tool)
    for line in [["put", "--help"], ["put", "-h"], ["help", "put"], ["--help", "put"]] {
      #expect(parser.parse(line) == .help(Self.putHelp))
    }
  }

  @Test func everyFormOfHelpGivesTheSameText() throws {
    let root = try #require(parse("--help").helpText)
    #expect(parse("-h").helpText == root)
    #expect(parse("help").helpText == root)
    #expect(parse("-d", "x", "--help").helpText == root)

    let importHelp = try #require(parse("import", "--help").helpText)
    #expect(parse("help", "import").helpText == importHelp)
    #expect(parse("import", "-h").helpText == importHelp)
    #expect(parse("--help", "import").helpText == importHelp)
    #expect(importHelp.hasPrefix("OVERVIEW: Import a components.json file as a new revision.\n"))
    #expect(
      parse("help", "help").helpText?.hasPrefix("OVERVIEW: Show help for a command.\n") == true)
  }

  @Test func helpWinsOverOtherMistakes() throws {
    let importHelp = try #require(parse("import", "--help").helpText)
    #expect(parse("import", "--bogus", "--help").helpText == importHelp)
    #expect(parse("import", "a", "b", "c", "-h").helpText == importHelp)
    #expect(parse("import", "-m", "-h").helpText == importHelp)
  }

  @Test func anUnknownCommandWinsOverHelp() {
    #expect(
      parse("imprt", "--help").failure?.error.message.hasPrefix("unknown command 'imprt'") == true)
  }

  @Test func helpAfterDoubleDashIsAValue() throws {
    let command = try #require(parse("import", "--", "--help").command)
    #expect(command.arguments.positional("file") == "--help")
  }

  @Test func versionIsPrintedFromAnywhere() {
    #expect(parse("--version") == .version("0.1.0\n"))
    #expect(parse("import", "f.json", "--version") == .version("0.1.0\n"))
    #expect(parse("--version").exitStatus == 0)
    #expect(ArgumentParser(root: Self.tool).parse(["--version"]) == .version("tool 2.0\n"))
  }

  @Test func rootHelpListsEveryCommandWithItsAbstract() throws {
    let help = try #require(parse("--help").helpText)
    for command in CatalogCommandTable.root.allCommands {
      let padded = command.name + String(repeating: " ", count: 24 - command.name.count)
      #expect(help.contains("\n  \(padded)\(command.abstract.prefix(20))"), "\(command.name)")
    }
    #expect(help.contains("\nCOMMANDS:\n"))
    #expect(help.contains("\n  See 'catalog help <command>' for detailed help.\n"))
  }

  @Test func everyHelpTextFitsEightyColumnsWithoutTrailingSpaces() throws {
    var texts = [try #require(parse("--help").helpText)]
    for command in CatalogCommandTable.root.allCommands {
      texts.append(try #require(parse("help", command.name).helpText))
    }
    for text in texts {
      #expect(text.hasSuffix("\n"))
      for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        #expect(line.count <= 80, "\(line)")
        #expect(!line.hasSuffix(" "), "\(line)")
      }
    }
  }
}
