/// The command line split into options, values and the `--` terminator, each element
/// remembering its index in the original array.
///
/// Classification is purely lexical; what an option means is decided later by the parser.
/// - `--` is the terminator; every later element is a value, whatever it looks like.
/// - `--name=value` is an option with an attached value (the value may be empty).
/// - `--name` and `-x` are options; `-` alone is a value (stdin or stdout).
/// - `-5` and `-0.5` are values, so a negative number can follow an option.
/// - Anything else is a value.
///
/// ```swift
/// SplitArguments(["-m", "fix", "--", "-x"]).elements.map(\.kind)
/// // [.option(name: "-m", value: nil), .value("fix"), .terminator, .value("-x")]
/// ```
package struct SplitArguments: Sendable, Equatable {
  /// One element of the command line.
  package struct Element: Sendable, Equatable {
    /// What the element is.
    package enum Kind: Sendable, Equatable {
      /// An option or flag, spelled as typed (`--message`, `-m`), with its `=value` if any.
      case option(name: String, value: String?)
      /// A value: a positional, a subcommand name or the value of the preceding option.
      case value(String)
      /// The `--` that ends options.
      case terminator
    }

    /// What the element is.
    package let kind: Kind
    /// Its index in the array given to `SplitArguments.init`.
    package let index: Int
  }

  /// The arguments as given.
  package let original: [String]
  /// The classified elements, one per argument, in order.
  package let elements: [Element]

  /// Splits `arguments` (without the program name).
  package init(_ arguments: [String]) {
    var elements: [Element] = []
    var terminated = false
    for (index, argument) in arguments.enumerated() {
      let kind: Element.Kind
      if terminated {
        kind = .value(argument)
      } else if argument == "--" {
        terminated = true
        kind = .terminator
      } else {
        kind = Self.classify(argument)
      }
      elements.append(Element(kind: kind, index: index))
    }
    self.original = arguments
    self.elements = elements
  }

  private static func classify(_ argument: String) -> Element.Kind {
    if argument.hasPrefix("--") {
      // `--=x` has no name to split off; keep it whole so the error quotes all of it.
      if let equals = argument.firstIndex(of: "="), !argument.hasPrefix("--=") {
        let name = String(argument[..<equals])
        let value = String(argument[argument.index(after: equals)...])
        return .option(name: name, value: value)
      }
      return .option(name: argument, value: nil)
    }
    if argument.hasPrefix("-"), argument.count > 1, !isNegativeNumber(argument) {
      return .option(name: argument, value: nil)
    }
    return .value(argument)
  }

  private static func isNegativeNumber(_ argument: String) -> Bool {
    guard let first = argument.dropFirst().first else { return false }
    return first.isASCII && first.isNumber
  }
}
