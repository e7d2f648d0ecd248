/// A typed handle on one declared argument: the same value declares the argument in a
/// command's spec and reads its value back, so a misspelt or undeclared argument is a compile
/// error, and the type of the value is fixed where the argument is declared.
///
/// ```swift
/// static let prune: ArgumentKey<Bool> = .flag("prune", help: "Remove kinds the file lacks.")
/// static let limit: ArgumentKey<Int?> = .option("limit", valueName: "n", minimum: 1, help: "…")
/// static let spec = CommandSpec(name: "log", abstract: "…", arguments: [limit.spec, prune.spec])
/// …
/// let limit = context.arguments[limit]          // Int?
/// ```
///
/// `Value` is what reading gives: `Bool` for a flag, `String?` for a single value, `[String]`
/// for a repeatable option or a variadic positional, `Int?` and `Double?` for numbers, and
/// `Choice?` for a choice declared by a `CaseIterable` enum of its words.
package struct ArgumentKey<Value>: AnyArgumentKey, Sendable {
  /// The declaration the parser, the help and the completions are derived from.
  package let spec: ArgumentSpec

  /// Wraps a declaration; prefer the factories, which tie `Value` to the spec's shape.
  init(_ spec: ArgumentSpec) {
    self.spec = spec
  }
}

/// Any typed argument key, whatever its value type: what constraints and specs take.
package protocol AnyArgumentKey: Sendable {
  /// The declaration.
  var spec: ArgumentSpec { get }
}

extension ArgumentKey {
  /// The same key, whose value a shell completes with `completion`.
  ///
  /// ```swift
  /// static let kind: ArgumentKey<String?> = .positional("kind", help: "…").completing(.kind)
  /// ```
  ///
  /// A `.file` or `.directory` value may not be empty
  /// (``ArgumentSpec/validate(_:spelling:index:)``) unless `allowsEmpty`: for a command that
  /// explains an empty value itself.
  package func completing(_ completion: ArgumentSpec.Completion, allowsEmpty: Bool = false)
    -> Self
  {
    var spec = spec
    spec.completion = completion
    spec.allowsEmptyPath = allowsEmpty
    return Self(spec)
  }
}

extension ArgumentKey where Value == Bool {
  /// A flag: `true` when given.
  package static func flag(_ long: String, short: Character? = nil, help: String) -> Self {
    Self(.flag(long, short: short, help: help))
  }
}

extension ArgumentKey where Value == String? {
  /// A text option given at most once; its value, else its default, else `nil`.
  package static func option(
    _ long: String, short: Character? = nil, valueName: String,
    value: ArgumentSpec.ValueKind = .text, defaultValue: String? = nil, help: String
  ) -> Self {
    Self(
      .option(
        long, short: short, valueName: valueName, value: value, defaultValue: defaultValue,
        help: help))
  }

  /// A required or optional positional; `nil` only when an optional one is absent.
  package static func positional(
    _ name: String, arity: ArgumentSpec.Arity = .required, help: String
  ) -> Self {
    precondition(arity != .variadic, "a variadic positional is an ArgumentKey<[String]>")
    return Self(.positional(name, arity: arity, help: help))
  }
}

extension ArgumentKey where Value == [String] {
  /// A text option that may be given several times; every value in command-line order.
  package static func repeatableOption(
    _ long: String, short: Character? = nil, valueName: String, help: String
  ) -> Self {
    Self(.repeatableOption(long, short: short, valueName: valueName, help: help))
  }

  /// A variadic positional: every value, in order.
  package static func variadic(_ name: String, help: String) -> Self {
    Self(.positional(name, arity: .variadic, help: help))
  }
}

extension ArgumentKey where Value == Int? {
  /// An integer option; the parser has checked the bounds.
  package static func option(
    _ long: String, short: Character? = nil, valueName: String, minimum: Int? = nil,
    maximum: Int? = nil, defaultValue: Int? = nil, help: String
  ) -> Self {
    Self(
      .option(
        long, short: short, valueName: valueName,
        value: .integer(minimum: minimum, maximum: maximum),
        defaultValue: defaultValue.map(String.init), help: help))
  }
}

extension ArgumentKey where Value == Double? {
  /// A number option; the parser has checked the lower bound.
  package static func option(
    _ long: String, valueName: String, minimum: Double?, maximum: Double? = nil,
    defaultValue: String? = nil, help: String
  ) -> Self {
    Self(
      .option(
        long, valueName: valueName, value: .number(minimum: minimum, maximum: maximum),
        defaultValue: defaultValue, help: help))
  }
}

extension ArgumentKey {
  /// An option whose words are the raw values of `Choice`, in `allCases` order (the help
  /// lists them so); the default is the first unless `defaultValue` says otherwise.
  package static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(
    _ long: String, valueName: String, of type: Choice.Type, defaultValue: Choice? = nil,
    help: String
  ) -> Self where Value == Choice?, Choice.RawValue == String {
    let words = Choice.allCases.map(\.rawValue)
    return Self(
      .option(
        long, valueName: valueName, value: .choice(words),
        defaultValue: defaultValue?.rawValue ?? words.first, help: help))
  }

  /// A required positional whose words are the raw values of `Choice`.
  package static func choicePositional<Choice: RawRepresentable & CaseIterable & Sendable>(
    _ name: String, of type: Choice.Type, help: String
  ) -> Self where Value == Choice?, Choice.RawValue == String {
    Self(.positional(name, value: .choice(Choice.allCases.map(\.rawValue)), help: help))
  }
}

extension ArgumentConstraint {
  /// At most one of these may be given.
  package static func mutuallyExclusive(_ keys: any AnyArgumentKey...) -> Self {
    .mutuallyExclusive(keys.map(\.spec.name))
  }

  /// At least one of these must be given.
  package static func oneRequired(_ keys: any AnyArgumentKey...) -> Self {
    .oneRequired(keys.map(\.spec.name))
  }
}
