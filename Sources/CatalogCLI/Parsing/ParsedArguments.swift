/// The values of a parsed command line. Commands read them through typed keys
/// (`ParsedArguments+Keys.swift`); the parser and its tests by argument name.
///
/// Names are `ArgumentSpec.name` values: the long name without dashes for options and
/// flags (`"expect-head"`), the placeholder for positionals (`"file"`). Global options are
/// read the same way (`"database"`). Values were checked against their specs while parsing,
/// so the typed accessors only throw when a command asks for a type its spec does not
/// declare.
///
/// ```swift
/// let file = arguments.positional("file") ?? "-"
/// let message = arguments.string("message")
/// let limit = try arguments.int("limit")          // Int?, the default when absent
/// let format = try arguments.choice("format", as: OutputFormat.self)
/// ```
///
/// Asking for a name the command does not declare is a programming error, caught by an
/// assertion in debug builds.
package struct ParsedArguments: Sendable, Equatable {
  /// Every occurrence, in command-line order.
  package let occurrences: [ArgumentOccurrence]
  private let specs: [String: ArgumentSpec]

  /// Creates parsed arguments from the specs in force and what was found.
  package init(specs: [ArgumentSpec], occurrences: [ArgumentOccurrence]) {
    self.specs = Dictionary(specs.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    self.occurrences = occurrences
  }

  /// The declaration called `name`, if the command (or the root) has one.
  package func spec(named name: String) -> ArgumentSpec? {
    specs[name]
  }

  /// The occurrences of one argument, in command-line order, with their origins.
  package func occurrences(of name: String) -> [ArgumentOccurrence] {
    assert(specs[name] != nil, "'\(name)' is not an argument of this command")
    return occurrences.filter { $0.name == name }
  }

  /// Whether the user gave the argument at least once (defaults do not count).
  package func contains(_ name: String) -> Bool {
    !occurrences(of: name).isEmpty
  }

  /// The value of a single-valued option, or its default, or `nil`.
  package func string(_ name: String) -> String? {
    occurrences(of: name).last?.value ?? specs[name]?.defaultValue
  }

  /// Every value of a repeatable option, in command-line order; empty when absent.
  package func strings(_ name: String) -> [String] {
    occurrences(of: name).compactMap(\.value)
  }

  /// Whether a flag was given.
  package func flag(_ name: String) -> Bool {
    contains(name)
  }

  /// The value of a required or optional positional, or `nil` when an optional one is absent.
  package func positional(_ name: String) -> String? {
    string(name)
  }

  /// The values of a variadic positional, in order.
  package func positionals(_ name: String) -> [String] {
    strings(name)
  }

  /// The value as an integer, or `nil` when absent without a default.
  ///
  /// - Throws: `UsageError.invalidValue` quoting the token, for example
  ///   `invalid value 'abc' for '--limit <n>': expected an integer`.
  package func int(_ name: String) throws(UsageError) -> Int? {
    guard let text = string(name) else { return nil }
    guard let value = ArgumentSpec.ValueKind.integer(text) else {
      throw invalidValue(name, text, expected: ArgumentSpec.ValueKind.integer(minimum: nil))
    }
    return value
  }

  /// The value as a finite number, or `nil` when absent without a default.
  ///
  /// - Throws: `UsageError.invalidValue` (`expected a number`).
  package func double(_ name: String) throws(UsageError) -> Double? {
    guard let text = string(name) else { return nil }
    guard let value = ArgumentSpec.ValueKind.number(text) else {
      throw invalidValue(name, text, expected: ArgumentSpec.ValueKind.number(minimum: nil))
    }
    return value
  }

  /// The value as a case of `type`, matched by raw value, or `nil` when absent without a
  /// default.
  ///
  /// ```swift
  /// enum ColorMode: String, CaseIterable { case auto, always, never }
  /// let color = try arguments.choice("color", as: ColorMode.self) ?? .auto
  /// ```
  ///
  /// - Throws: `UsageError.invalidValue` listing the allowed values
  ///   (`expected one of: auto, always, never`).
  package func choice<Choice: RawRepresentable & CaseIterable>(
    _ name: String, as type: Choice.Type
  ) throws(UsageError) -> Choice? where Choice.RawValue == String {
    guard let text = string(name) else { return nil }
    guard let value = Choice(rawValue: text) else {
      let allowed = Choice.allCases.map(\.rawValue)
      throw invalidValue(name, text, expected: .choice(allowed))
    }
    return value
  }

  private func invalidValue(
    _ name: String, _ text: String, expected: ArgumentSpec.ValueKind
  ) -> UsageError {
    let occurrence = occurrences(of: name).last
    let spelling = occurrence?.spelling
    let argument = specs[name].map { $0.display(as: $0.isNamed ? spelling : nil) } ?? name
    return .invalidValue(
      text, argument: argument, expected: expected.expectation(for: text),
      index: occurrence?.valueIndex)
  }
}
