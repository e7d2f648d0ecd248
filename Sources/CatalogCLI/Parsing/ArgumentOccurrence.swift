/// One appearance of an argument on the command line, and where it came from.
///
/// For `-m "fix typo"` at indices 3 and 4: `name` is `"message"`, `spelling` is `"-m"`,
/// `index` is 3, `value` is `"fix typo"` and `valueIndex` is 4. For `--message=fix` both
/// indices are the same; for a positional, `spelling` is the placeholder (`<file>`).
package struct ArgumentOccurrence: Sendable, Equatable {
  /// The spec's name (`message`, `file`).
  package let name: String
  /// How the user wrote the option (`-m`, `--message`), or `<file>` for a positional.
  package let spelling: String
  /// The index of the option (or of the positional) in the parsed argument array.
  package let index: Int
  /// The value, or `nil` for a flag.
  package let value: String?
  /// The index of the value; equal to `index` for `--name=value` and positionals.
  package let valueIndex: Int?

  /// Creates an occurrence.
  package init(name: String, spelling: String, index: Int, value: String?, valueIndex: Int?) {
    self.name = name
    self.spelling = spelling
    self.index = index
    self.value = value
    self.valueIndex = valueIndex
  }
}
