import CatalogCLI
import Testing

/// The command table matches the issues, and every spec in it is well formed.
@Suite struct ArgumentTableTests {
  static let root = CatalogCommandTable.root
  static let generator = HelpGenerator(root: root)

  @Test func everyCommandOfTheIssuesHasTheExpectedSynopsis() {
    let expected: [String: [String]] = [
      "import": [
        "catalog import <file> [--message <text>] [--author <name>] [--prune] [--dry-run]"
          + " [--expect-head <n>] [--allow-breaking <reason>] [--follow-renames]"
          + " [--allow-former-names] [--max-depth <n>] [--max-size <bytes>] [--format <format>]"
          + " [--quiet]"
      ],
      "export": [
        "catalog export [--output <file>] [--category <name> ...] [--at <rev>] [--digest]"
          + " [--quiet] [--format <format>] [--strict] [--id-base <url>] [--app <app@version>]"
      ],
      "verify": [
        "catalog verify <file> [--at <rev>] [--digest <sha256:hex>] [--semantic] [--quiet] "
          + "[--max-depth <n>] [--max-size <bytes>]"
      ],
      "check": [
        "catalog check [<file> ...] [--against <rev>] [--clients] [--policy-file <path>] [--prune]"
          + " [--follow-renames] [--allow-former-names] [--max-depth <n>] [--max-size <bytes>]"
          + " [--format <format>]"
      ],
      "log": [
        "catalog log [<kind>] [--limit <n>] [--format <format>] [--patch] [--stat] [--oneline]"
          + " [--reverse] [--waivers] [--author <name> ...] [--grep <text> ...] [--since <time>]"
          + " [--until <time>] [--path <pointer>] [--no-pager] [--color <when>] [--utc]"
      ],
      "show": [
        "catalog show <kind> [--at <rev>] [--revision] [--stat] [--format <format>]"
          + " [--color <when>] [--utc]"
      ],
      "blame": [
        "catalog blame <kind> [<pointer>] [--at <rev>] [--format <format>] [--no-pager]"
          + " [--color <when>] [--utc]"
      ],
      "tag": [
        "catalog tag <name> [<rev>] [-m <text>] [-f] [--author <name>] [--expect-head <n>]",
        "catalog tag --list [--utc]", "catalog tag --history [<name>] [--utc]",
        "catalog tag --delete <name> [-m <text>] [--author <name>]",
      ],
      "restore": [
        "catalog restore <rev> [--message <text>] [--author <name>] [--expect-head <n>]"
          + " [--allow-breaking <reason>] [--format <format>]"
      ],
      "revert": [
        "catalog revert <rev> [--message <text>] [--author <name>] [--expect-head <n>]"
          + " [--allow-breaking <reason>] [--format <format>]"
      ],
      "kinds": ["catalog kinds [--category <name>] [--at <rev>] [--format <format>]"],
      "categories": ["catalog categories [--at <rev>] [--format <format>]"],
      "rename": [
        "catalog rename <old> <new> [--message <text>] [--author <name>] [--expect-head <n>]"
          + " [--allow-breaking <reason>] [--format <format>]"
      ],
      "deprecate": [
        "catalog deprecate <kind> [--message <text>] [--author <name>] [--expect-head <n>]"
          + " [--allow-breaking <reason>] [--format <format>]"
      ],
      "undeprecate": [
        "catalog undeprecate <kind> [--message <text>] [--author <name>] [--expect-head <n>]"
          + " [--allow-breaking <reason>] [--format <format>]"
      ],
      "diff": [
        "catalog diff <old> <new> [--format <format>] [--stat] [--quiet] [--name-only] [--prune]"
          + " [--follow-renames] [--allow-former-names] [--with-tests] [--color <when>] [--fail-on <class>] [--max-depth <n>]"
          + " [--max-size <bytes>]"
      ],
      "patch": [
        "catalog patch <patch-file> [--max-depth <n>] [--max-size <bytes>] [--message <text>]"
          + " [--author <name>] [--expect-head <n>] [--allow-breaking <reason>] [--format <format>]"
      ],
      "merge": [
        "catalog merge <base> <ours> <theirs> [--output <file>] [--name <file>] "
          + "[--marker-size <n>] [--ours-label <label>] [--theirs-label <label>] "
          + "[--base-label <label>] [--format <format>]"
      ],
      "git": [
        "catalog git install [--path <path>] [--format <format>]",
        "catalog git check [--path <path>] [--format <format>]",
        "catalog git uninstall [--path <path>] [--format <format>]",
      ],
      "doctor": ["catalog doctor [--format <format>]"],
      "copy": ["catalog copy <from> <to> [--format <format>] [--quiet]"],
      "site": [
        "catalog site --output <dir> [--title <text>] [--agents] [--at <rev>] [--format <format>] [--quiet]"
      ],
      "contract": [
        "catalog contract record <file> [--history] [--author <name>] [--format <format>]",
        "catalog contract list [--format <format>]",
        "catalog contract show <app@version> [--kind <kind>] [--format <format>]",
        "catalog contract retire <app@version> [--author <name>] [--format <format>]",
      ],
      "clients": [
        "catalog clients [<file>] [--at <rev>] [--max-depth <n>] [--max-size <bytes>]"
          + " [--format <format>]"
      ],
      "validate-ui": [
        "catalog validate-ui <doc> [--at <rev>] [--app <app@version>] [--format <format>]"
          + " [--max-size <bytes>]"
      ],
      "mcp": ["catalog mcp [--max-message <bytes>]"],
      "completions": ["catalog completions <shell>", "catalog completions --candidates <list>"],
      "install": ["catalog install [--prefix <dir>]"],
      "help": ["catalog help [<command>] [--man]"],
      "policy": [
        "catalog policy set [--kind <kind> | --category <name>] <mode> [--author <name>] "
          + "[--format <format>]",
        "catalog policy unset [--kind <kind> | --category <name>] [--author <name>] "
          + "[--format <format>]",
        "catalog policy show [--kind <kind>] [--format <format>]",
        "catalog policy ignore --kind <kind> --rule <rule> --pointer <ptr> [--author <name>] "
          + "[--format <format>]",
        "catalog policy unignore --kind <kind> --rule <rule> --pointer <ptr> [--author <name>] "
          + "[--format <format>]",
        "catalog policy export [--output <file>]",
        "catalog policy import <file> [--author <name>] [--format <format>]",
      ],
    ]
    #expect(Set(Self.root.allCommands.map(\.name)) == Set(expected.keys))
    #expect(Self.root.allCommands.count == expected.count)
    for command in Self.root.allCommands {
      #expect(Self.generator.usage(for: command) == expected[command.name], "\(command.name)")
    }
    #expect(
      Self.generator.rootUsage
        == "catalog [--database <location>] [--busy-timeout <seconds>] <command> [<arguments>]")
  }

  @Test func choicesAndDefaultsMatchTheIssues() throws {
    func spec(_ command: String, _ name: String) throws -> ArgumentSpec {
      let command = try #require(Self.root.command(named: command))
      return try #require(command.arguments.first { $0.name == name })
    }
    #expect(try spec("log", "format").valueKind == .choice(["text", "json"]))
    #expect(try spec("show", "format").valueKind == .choice(["json", "text"]))
    #expect(try spec("blame", "format").valueKind == .choice(["text", "json"]))
    #expect(
      try spec("diff", "format").valueKind
        == .choice(["text", "json", "json-patch", "github", "junit"]))
    #expect(try spec("diff", "color").valueKind == .choice(["auto", "always", "never"]))
    #expect(try spec("diff", "fail-on").valueKind == .choice(["breaking", "any"]))
    #expect(try spec("import", "max-depth").defaultValue == "1000")
    #expect(try spec("import", "max-size").defaultValue == "1073741824")
    #expect(try spec("export", "output").shortSpelling == "-o")
    #expect(try spec("import", "message").shortSpelling == "-m")
    #expect(Self.root.globalOptions.map(\.name) == ["database", "busy-timeout"])
    #expect(Self.root.globalOptions.first?.shortSpelling == "-d")
    #expect(Self.root.globalOptions.last?.defaultValue == "5")
  }

  @Test func everyWritingCommandTakesMessageAuthorAndExpectHead() {
    for name in ["import", "restore", "rename", "deprecate", "undeprecate", "patch"] {
      let names = Self.root.command(named: name)?.arguments.map(\.name) ?? []
      for option in ["message", "author", "expect-head"] {
        #expect(names.contains(option), "\(name) lacks --\(option)")
      }
    }
  }

  @Test func specsAreWellFormed() {
    let globalSpellings = Set(
      Self.root.globalOptions.flatMap { [$0.longSpelling, $0.shortSpelling] })
    let reserved: Set<String?> = ["--help", "-h", "--version"]
    for command in Self.root.allCommands {
      let names = command.arguments.map(\.name) + Self.root.globalOptions.map(\.name)
      #expect(Set(names).count == names.count, "\(command.name): duplicate names")
      for spec in command.namedArguments {
        for spelling in [spec.longSpelling, spec.shortSpelling] where spelling != nil {
          #expect(!globalSpellings.contains(spelling), "\(command.name): \(spelling ?? "")")
          #expect(!reserved.contains(spelling), "\(command.name): \(spelling ?? "")")
        }
        #expect(spec.defaultValue.map(spec.valueKind.accepts) ?? true, "\(spec.name) default")
      }
      // Required, then optional, then at most one variadic, last.
      let ranks = command.positionals.map { spec -> Int in
        switch spec.kind {
        case .positional(.required): return 0
        case .positional(.optional): return 1
        default: return 2
        }
      }
      #expect(ranks == ranks.sorted(), "\(command.name): positional order")
      #expect(ranks.filter { $0 == 2 }.count <= 1)
      #expect(!command.abstract.isEmpty)
      for example in command.examples {
        #expect(example.command.hasPrefix("catalog ") || example.command.contains("| catalog "))
      }
      for related in command.seeAlso {
        #expect(Self.root.command(named: related) != nil, "\(command.name): \(related)")
      }
      for constraint in command.constraints {
        switch constraint {
        case .mutuallyExclusive(let names), .oneRequired(let names):
          #expect(names.allSatisfy { name in command.arguments.contains { $0.name == name } })
        }
      }
    }
    for command in Self.root.commands {
      #expect(!command.discussion.isEmpty, "\(command.name)")
      #expect(!command.examples.isEmpty, "\(command.name)")
    }
  }
}
