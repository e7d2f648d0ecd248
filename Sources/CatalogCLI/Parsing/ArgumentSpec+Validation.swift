import Components

extension ArgumentSpec.ValueKind {
  /// The words that follow `expected` in an invalid-value message: `an integer`,
  /// `a number of at least 0`, `one of: text, json`.
  /// What was expected, and for a mistyped choice the closest one:
  /// `one of: text, json, json-patch; did you mean 'json-patch'?`.
  package func expectation(for value: String) -> String {
    guard case .choice(let values) = self,
      let closest = Suggestion.closest(to: value, among: values)
    else { return expectation }
    return expectation + "; did you mean '\(closest)'?"
  }

  package var expectation: String {
    switch self {
    case .text: return "text"
    case .name: return "a name that is not blank"
    case .integer(nil, nil): return "an integer"
    case .integer(let minimum?, nil): return "an integer of at least \(minimum)"
    case .integer(nil, let maximum?): return "an integer of at most \(maximum)"
    case .integer(let minimum?, let maximum?): return "an integer from \(minimum) to \(maximum)"
    case .number(nil, nil): return "a number"
    case .number(let minimum?, nil): return "a number of at least \(Self.format(minimum))"
    case .number(nil, let maximum?): return "a number of at most \(Self.format(maximum))"
    case .number(let minimum?, let maximum?):
      return "a number from \(Self.format(minimum)) to \(Self.format(maximum))"
    case .choice(let values): return "one of: " + values.joined(separator: ", ")
    }
  }

  /// Whether `value` is acceptable.
  package func accepts(_ value: String) -> Bool {
    switch self {
    case .text: return true
    case .name: return value.contains { !$0.isWhitespace }
    case .integer(let minimum, let maximum):
      return Self.integer(value).map { $0 >= (minimum ?? .min) && $0 <= (maximum ?? .max) } ?? false
    case .number(let minimum, let maximum):
      return Self.number(value).map {
        $0 >= (minimum ?? -.greatestFiniteMagnitude) && $0 <= (maximum ?? .greatestFiniteMagnitude)
      } ?? false
    case .choice(let values): return values.contains(value)
    }
  }

  /// The integer spelled by `text`: optional sign and decimal digits only.
  package static func integer(_ text: String) -> Int? {
    Int(text)
  }

  /// The finite number spelled by `text` in decimal notation; `inf`, `nan` and hexadecimal
  /// floats are refused because nobody means them on a command line.
  package static func number(_ text: String) -> Double? {
    let allowed = Set("0123456789+-.eE")
    guard !text.isEmpty, text.allSatisfy({ allowed.contains($0) }) else { return nil }
    guard let number = Double(text), number.isFinite else { return nil }
    return number
  }

  /// `0` rather than `0.0`; string surgery instead of rounding, which would need libm.
  private static func format(_ number: Double) -> String {
    let text = String(number)
    return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
  }
}

extension ArgumentSpec {
  /// Checks `value` against the spec's value kind.
  ///
  /// - Parameters:
  ///   - value: The value as the user typed it.
  ///   - spelling: The option name as typed (`-m` or `--message`); ignored for positionals.
  ///   - index: The position of the value in the parsed argument array.
  /// - Throws: `UsageError.invalidValue` quoting the value and the argument.
  package func validate(_ value: String, spelling: String?, index: Int?) throws(UsageError) {
    // An empty path names nothing: a mistake on the command line (an unset shell variable in
    // `-o "$OUT"`), not a file that could not be opened or written.
    if value.isEmpty, let expected = pathExpectation {
      throw .invalidValue(value, argument: display(as: spelling), expected: expected, index: index)
    }
    guard valueKind.accepts(value) else {
      throw .invalidValue(
        value, argument: display(as: spelling), expected: valueKind.expectation(for: value),
        index: index)
    }
  }

  /// What an argument that names a file or directory expects, for the empty value's message.
  private var pathExpectation: String? {
    if allowsEmptyPath { return nil }
    switch completion {
    case .file, .fileOrRevision: return "a file path"
    case .directory: return "a directory path"
    case .none, .kind, .category, .tag, .revision, .build, .command, .words, .byFirstPositional:
      return nil
    }
  }
}
