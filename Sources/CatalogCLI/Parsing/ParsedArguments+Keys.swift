/// Reading values through typed keys (`ArgumentKey`): what commands use.
///
/// The parser has checked every value against the key's spec (an integer in range, one of
/// the choice's words), so reading cannot fail; reading a key the command does not declare
/// is a programming error, caught by an assertion in debug builds.
extension ParsedArguments {
  /// Whether the user gave the argument at least once (defaults do not count).
  package func contains(_ key: some AnyArgumentKey) -> Bool {
    checkDeclared(key)
    return contains(key.spec.name)
  }

  /// Whether a flag was given.
  package subscript(key: ArgumentKey<Bool>) -> Bool {
    checkDeclared(key)
    return flag(key.spec.name)
  }

  /// The value of a single-valued option or positional, else its default, else `nil`.
  package subscript(key: ArgumentKey<String?>) -> String? {
    checkDeclared(key)
    return string(key.spec.name)
  }

  /// Every value of a repeatable option or variadic positional, in command-line order.
  package subscript(key: ArgumentKey<[String]>) -> [String] {
    checkDeclared(key)
    return strings(key.spec.name)
  }

  /// The value of an integer option, else its default, else `nil`.
  package subscript(key: ArgumentKey<Int?>) -> Int? {
    checkDeclared(key)
    return string(key.spec.name).flatMap(ArgumentSpec.ValueKind.integer)
  }

  /// The value of a number option, else its default, else `nil`.
  package subscript(key: ArgumentKey<Double?>) -> Double? {
    checkDeclared(key)
    return string(key.spec.name).flatMap(ArgumentSpec.ValueKind.number)
  }

  /// The value of a choice, else its default, else `nil`.
  package subscript<Choice: RawRepresentable>(key: ArgumentKey<Choice?>) -> Choice?
  where Choice.RawValue == String {
    checkDeclared(key)
    return string(key.spec.name).flatMap(Choice.init(rawValue:))
  }

  /// Whether this command line's command (or the root) declares `key` itself, not merely an
  /// argument of the same name.
  package func declares(_ key: some AnyArgumentKey) -> Bool {
    spec(named: key.spec.name) == key.spec
  }

  private func checkDeclared(_ key: some AnyArgumentKey) {
    assert(declares(key), "'\(key.spec.name)' is not this command's declaration")
  }
}
