/// Renders help text and usage synopses from the specs, in the layout of
/// swift-argument-parser: `OVERVIEW:`, `USAGE:`, `ARGUMENTS:`, `OPTIONS:`, with labels in a
/// 26-column gutter and descriptions wrapped at 80 columns.
package struct HelpGenerator: Sendable {
  /// The specs to describe.
  package let root: RootCommandSpec
  /// The width text is wrapped to.
  package let width: Int

  private static let labelColumn = 26
  private static let helpFlag = ArgumentSpec.flag(
    "help", short: "h", help: "Show help information.")
  private static let versionFlag = ArgumentSpec.flag("version", help: "Show the version.")

  /// Creates a generator for `root`, wrapping at `width` columns.
  package init(root: RootCommandSpec, width: Int = 80) {
    self.root = root
    self.width = width
  }

  // MARK: - Synopses

  /// The root synopsis: `catalog [--database <location>] ... <command> [<arguments>]`.
  package var rootUsage: String {
    ([root.name] + rootUsageParts).joined(separator: " ")
  }

  /// The synopsis lines of `command`, each starting with `catalog <name>`.
  package func usage(for command: CommandSpec) -> [String] {
    usageForms(for: command).map { ([$0.prefix] + $0.parts).joined(separator: " ") }
  }

  private var rootUsageParts: [String] {
    root.globalOptions.map(Self.synopsis) + ["<command>", "[<arguments>]"]
  }

  /// Each usage form as the command path and the synopsis of its arguments.
  private func usageForms(for command: CommandSpec) -> [(prefix: String, parts: [String])] {
    let prefix = "\(root.name) \(command.name)"
    guard command.usageForms.isEmpty else {
      return command.usageForms.map { (prefix, Self.parts(of: $0)) }
    }
    return [(prefix, command.arguments.map(Self.synopsis))]
  }

  /// A written usage form split into its arguments (`[-m <text>]` stays whole), so that a
  /// long form wraps between arguments like a derived one.
  private static func parts(of form: String) -> [String] {
    var parts: [String] = []
    var current = ""
    var depth = 0
    for character in form {
      if character == " ", depth == 0 {
        if !current.isEmpty { parts.append(current) }
        current = ""
        continue
      }
      if character == "[" { depth += 1 }
      if character == "]" { depth -= 1 }
      current.append(character)
    }
    if !current.isEmpty { parts.append(current) }
    return parts
  }

  /// The synopsis of one argument: `<file>`, `[<kind>]`, `[--message <text>]`,
  /// `[--category <name> ...]`, `[--prune]`.
  package static func synopsis(_ spec: ArgumentSpec) -> String {
    switch spec.kind {
    case .positional(.required): return "<\(spec.name)>"
    case .positional(.optional): return "[<\(spec.name)>]"
    case .positional(.variadic): return "[<\(spec.name)> ...]"
    case .flag: return "[\(spec.longSpelling)]"
    case .option(_, let valueName, let repeatable):
      return "[\(spec.longSpelling) <\(valueName)>\(repeatable ? " ..." : "")]"
    }
  }

  // MARK: - Help

  /// The root help: overview, usage, global options and the command list.
  package func rootHelp() -> String {
    var sections = ["OVERVIEW: \(root.abstract)"]
    if !root.discussion.isEmpty { sections.append(wrapParagraphs(root.discussion, indent: 0)) }
    sections.append(wrapUsage([(root.name, rootUsageParts)]))
    sections.append(
      section("OPTIONS:", root.globalOptions + [Self.versionFlag, Self.helpFlag]))
    var commands = ["COMMANDS:"]
    for command in root.allCommands {
      commands.append(contentsOf: row(label: command.name, description: command.abstract))
    }
    commands.append("")
    commands.append("  See '\(root.name) help <command>' for detailed help.")
    sections.append(commands.joined(separator: "\n"))
    return sections.joined(separator: "\n\n") + "\n"
  }

  /// The help of one command.
  package func help(for command: CommandSpec) -> String {
    var sections = ["OVERVIEW: \(command.abstract)"]
    if !command.discussion.isEmpty {
      sections.append(wrapParagraphs(command.discussion, indent: 0))
    }
    sections.append(wrapUsage(usageForms(for: command)))
    if !command.positionals.isEmpty {
      sections.append(section("ARGUMENTS:", command.positionals))
    }
    sections.append(section("OPTIONS:", command.namedArguments + [Self.helpFlag]))
    if !root.globalOptions.isEmpty {
      sections.append(section("GLOBAL OPTIONS:", root.globalOptions))
    }
    if !command.examples.isEmpty {
      var lines = ["EXAMPLES:"]
      for example in command.examples {
        lines.append(contentsOf: wrap(example.explanation, indent: 2))
        for command in example.command.split(separator: "\n") {
          lines.append("    $ " + command)
        }
      }
      sections.append(lines.joined(separator: "\n"))
    }
    if !command.seeAlso.isEmpty {
      let names = command.seeAlso.map { "\(root.name) \($0)" }
      sections.append("SEE ALSO: " + names.joined(separator: ", "))
    }
    return sections.joined(separator: "\n\n") + "\n"
  }

  // MARK: - Layout

  /// `USAGE:` and the forms one under the other, each wrapped between its arguments with
  /// continuation lines aligned after the command path.
  private func wrapUsage(_ forms: [(prefix: String, parts: [String])]) -> String {
    let label = "USAGE: "
    var lines: [String] = []
    for form in forms {
      let start = (lines.isEmpty ? label : String(repeating: " ", count: label.count)) + form.prefix
      let margin = String(repeating: " ", count: label.count + form.prefix.count + 1)
      var current = start
      for part in form.parts {
        if current == start || current.count + 1 + part.count <= width {
          current += " " + part
        } else {
          lines.append(current)
          current = margin + part
        }
      }
      lines.append(current)
    }
    return lines.joined(separator: "\n")
  }

  private func section(_ title: String, _ specs: [ArgumentSpec]) -> String {
    var lines = [title]
    for spec in specs {
      lines.append(contentsOf: row(label: Self.label(spec), description: Self.describe(spec)))
    }
    return lines.joined(separator: "\n")
  }

  /// `-m, --message <text>`, `--prune`, `<file>`, `<files> ...`.
  private static func label(_ spec: ArgumentSpec) -> String {
    switch spec.kind {
    case .positional(.variadic): return "<\(spec.name)> ..."
    case .positional: return "<\(spec.name)>"
    case .flag, .option:
      let names = [spec.shortSpelling, spec.longSpelling].compactMap { $0 }
      let value = spec.valueName.map { " <\($0)>" } ?? ""
      return names.joined(separator: ", ") + value
    }
  }

  /// The help text followed by the allowed values, the default and repeatability.
  private static func describe(_ spec: ArgumentSpec) -> String {
    var notes: [String] = []
    if case .choice(let values) = spec.valueKind {
      notes.append("values: " + values.joined(separator: ", "))
    }
    if let defaultValue = spec.defaultValue { notes.append("default: \(defaultValue)") }
    if case .option(_, _, true) = spec.kind { notes.append("repeatable") }
    return notes.isEmpty ? spec.help : "\(spec.help) (\(notes.joined(separator: "; ")))"
  }

  /// A label in the gutter and its wrapped description; a label too wide for the gutter
  /// gets a line of its own.
  private func row(label: String, description: String) -> [String] {
    let indented = "  " + label
    guard !description.isEmpty else { return [indented] }
    var lines = wrap(description, indent: Self.labelColumn)
    if indented.count + 2 <= Self.labelColumn, let first = lines.first {
      let padding = String(repeating: " ", count: Self.labelColumn - indented.count)
      lines[0] = indented + padding + first.dropFirst(Self.labelColumn)
    } else {
      lines.insert(indented, at: 0)
    }
    return lines
  }

  /// Paragraphs separated by blank lines, each wrapped; a paragraph whose lines are
  /// indented is kept as written (a code sample).
  private func wrapParagraphs(_ text: String, indent: Int) -> String {
    let paragraphs = text.split(separator: "\n\n", omittingEmptySubsequences: true)
    return paragraphs.map { paragraph in
      if paragraph.hasPrefix(" ") { return String(paragraph) }
      let joined = paragraph.split(separator: "\n").joined(separator: " ")
      return wrap(joined, indent: indent).joined(separator: "\n")
    }.joined(separator: "\n\n")
  }

  /// Greedy word wrap at `width`, every line indented by `indent` spaces.
  private func wrap(_ text: String, indent: Int) -> [String] {
    let margin = String(repeating: " ", count: indent)
    var lines: [String] = []
    var current = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
      if current.isEmpty {
        current = margin + word
      } else if current.count + 1 + word.count <= width {
        current += " " + word
      } else {
        lines.append(current)
        current = margin + word
      }
    }
    lines.append(current.isEmpty ? margin : current)
    return lines
  }
}
