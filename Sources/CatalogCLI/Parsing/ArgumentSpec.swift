/// The declaration of one command-line argument: a named option, a flag or a positional.
///
/// Specs are plain values, declared once per command as typed keys (`ArgumentKey`, in the
/// command's file under `Commands/`). The parser, the help text and the usage synopsis are
/// all derived from them, so a new option is one key in a command and nothing else.
///
/// ```swift
/// let limit = ArgumentSpec.option(
///   "limit", valueName: "n", value: .integer(minimum: 1),
///   help: "Show at most <n> revisions.")
/// ```
///
/// Every spec has a `name`: the long name without dashes for options and flags
/// (`"expect-head"`), the placeholder for positionals (`"file"`): the parser's key. Commands
/// read their values back through the `ArgumentKey` that declared them.
package struct ArgumentSpec: Sendable, Equatable {
  /// How many values a positional argument takes.
  package enum Arity: Sendable, Equatable {
    /// Exactly one value.
    case required
    /// Zero or one value.
    case optional
    /// Zero or more values; only the last positional may be variadic.
    case variadic
  }

  /// What shape of argument this is.
  package enum Kind: Sendable, Equatable {
    /// `--long <value>`, `--long=<value>` or `-s <value>`.
    case option(short: Character?, valueName: String, repeatable: Bool)
    /// `--long` or `-s`, without a value.
    case flag(short: Character?)
    /// A value identified by its position.
    case positional(Arity)
  }

  /// What values are acceptable; checked while parsing, so a command never sees a bad one.
  package enum ValueKind: Sendable, Equatable {
    /// Any text, including the empty string and `-`.
    case text
    /// Text with something besides whitespace: a name (`--author ""` names nobody).
    case name
    /// A decimal integer, optionally with bounds.
    case integer(minimum: Int?, maximum: Int? = nil)
    /// A finite decimal number, optionally with bounds.
    case number(minimum: Double?, maximum: Double? = nil)
    /// One of a fixed list of words.
    case choice([String])
  }

  /// What a shell completes the value with (`CompletionScript`); a choice completes to its
  /// words whatever this says.
  package indirect enum Completion: Sendable, Equatable {
    /// Nothing to offer (free text, a number).
    case none
    /// A file name.
    case file
    /// A directory name.
    case directory
    /// A kind of the catalog.
    case kind
    /// A category of the catalog.
    case category
    /// A tag of the catalog.
    case tag
    /// A revision: `head`, a tag or a recent revision number of the catalog.
    case revision
    /// An app build whose contract the catalog recorded, `APP@VERSION`.
    case build
    /// A file, or `@` and a revision (`diff`'s operands).
    case fileOrRevision
    /// A command name.
    case command
    /// One of these words.
    case words([String])
    /// What the first positional argument decides (`policy set MODE`, `policy import FILE`):
    /// the completion of each first positional's value; nothing for the others.
    case byFirstPositional([String: Completion])
  }

  /// The key used to read the value back: the long name without dashes, or the placeholder.
  package let name: String
  /// The shape of the argument.
  package let kind: Kind
  /// The values it accepts.
  package let valueKind: ValueKind
  /// The value reported when the argument is absent, shown as `(default: …)` in help.
  package let defaultValue: String?
  /// One sentence (or two) for the help text.
  package let help: String
  /// What a shell completes the value with.
  package var completion: Completion = .none
  /// Whether a `.file` or `.directory` value may be empty, for an argument whose command
  /// explains an empty value itself (`--database`, whose message covers `$CATALOG_DATABASE`).
  package var allowsEmptyPath = false

  /// Creates a spec; prefer the `option`, `repeatableOption`, `flag` and `positional` factories.
  package init(
    name: String, kind: Kind, valueKind: ValueKind = .text, defaultValue: String? = nil,
    help: String
  ) {
    self.name = name
    self.kind = kind
    self.valueKind = valueKind
    self.defaultValue = defaultValue
    self.help = help
  }

  /// An option that takes one value and may be given at most once.
  ///
  /// - Parameters:
  ///   - long: The long name without dashes (`"message"` for `--message`).
  ///   - short: An optional one-letter name (`"m"` for `-m`).
  ///   - valueName: The placeholder shown as `<valueName>` in usage and messages.
  ///   - value: The accepted values.
  ///   - defaultValue: The value reported when the option is absent.
  ///   - help: The help text.
  package static func option(
    _ long: String, short: Character? = nil, valueName: String, value: ValueKind = .text,
    defaultValue: String? = nil, help: String
  ) -> ArgumentSpec {
    ArgumentSpec(
      name: long, kind: .option(short: short, valueName: valueName, repeatable: false),
      valueKind: value, defaultValue: defaultValue, help: help)
  }

  /// An option that takes one value and may be given any number of times.
  package static func repeatableOption(
    _ long: String, short: Character? = nil, valueName: String, value: ValueKind = .text,
    help: String
  ) -> ArgumentSpec {
    ArgumentSpec(
      name: long, kind: .option(short: short, valueName: valueName, repeatable: true),
      valueKind: value, help: help)
  }

  /// A flag: present or absent, never with a value.
  package static func flag(_ long: String, short: Character? = nil, help: String) -> ArgumentSpec {
    ArgumentSpec(name: long, kind: .flag(short: short), help: help)
  }

  /// A positional argument, shown as `<name>`.
  package static func positional(
    _ name: String, arity: Arity = .required, value: ValueKind = .text, help: String
  ) -> ArgumentSpec {
    ArgumentSpec(name: name, kind: .positional(arity), valueKind: value, help: help)
  }
}

extension ArgumentSpec {
  /// `true` for options and flags, `false` for positionals.
  package var isNamed: Bool {
    if case .positional = kind { return false }
    return true
  }

  /// `true` for options that accept several occurrences, and for variadic positionals.
  package var isRepeatable: Bool {
    switch kind {
    case .option(_, _, let repeatable): return repeatable
    case .flag: return false
    case .positional(let arity): return arity == .variadic
    }
  }

  /// `--long` for options and flags; `<name>` for positionals.
  package var longSpelling: String {
    isNamed ? "--\(name)" : "<\(name)>"
  }

  /// `-s` when the option or flag has a short name.
  package var shortSpelling: String? {
    switch kind {
    case .option(let short?, _, _), .flag(let short?): return "-\(short)"
    case .option, .flag, .positional: return nil
    }
  }

  /// The placeholder of the value: `text` for `--message <text>`, `file` for `<file>`.
  package var valueName: String? {
    switch kind {
    case .option(_, let valueName, _): return valueName
    case .flag: return nil
    case .positional: return name
    }
  }

  /// Whether `spelling` (as typed, without any `=value`) names this option or flag.
  package func matches(_ spelling: String) -> Bool {
    isNamed && (spelling == longSpelling || spelling == shortSpelling)
  }

  /// How messages quote this argument: `--limit <n>` (with the spelling the user typed),
  /// `--prune` or `<file>`.
  ///
  /// - Parameter spelling: The name as the user typed it, if it differs from the long one.
  package func display(as spelling: String? = nil) -> String {
    switch kind {
    case .option(_, let valueName, _): return "\(spelling ?? longSpelling) <\(valueName)>"
    case .flag: return spelling ?? longSpelling
    case .positional: return longSpelling
    }
  }
}
