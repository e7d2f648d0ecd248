/// A line of terminal text whose control characters all come from `catalog`: user text
/// interpolated into it is made visible (``TerminalText``) and colours are added only by a
/// ``Palette``, so a colour code can never come from an author, a message or a tag.
///
///     let palette = Palette(enabled: true)
///     let line: StyledText = "\(palette(.revision, "revision \(7)")) by \(author)"
///     console.print(styled: line)
///
/// String literals are the program's own text and kept as written; interpolated strings
/// and values are user text and escaped as ``Console/print(_:)`` escapes a line (a tab
/// stays a tab); interpolated `StyledText` is kept.
package struct StyledText: ExpressibleByStringInterpolation, Sendable, Equatable {
  /// The text as written to the terminal.
  package private(set) var rendered: String

  package init(stringLiteral value: String) {
    rendered = value
  }

  package init(stringInterpolation: StringInterpolation) {
    rendered = stringInterpolation.rendered
  }

  /// User text, made visible.
  package init(_ text: String) {
    rendered = TerminalText.visible(text, keeping: ["\t"])
  }

  /// Text already made visible, with colours a ``Palette`` added (its only other user).
  fileprivate init(rendered: String) {
    self.rendered = rendered
  }

  package static func + (lhs: StyledText, rhs: StyledText) -> StyledText {
    StyledText(rendered: lhs.rendered + rhs.rendered)
  }

  package struct StringInterpolation: StringInterpolationProtocol {
    fileprivate var rendered = ""

    package init(literalCapacity: Int, interpolationCount: Int) {
      rendered.reserveCapacity(literalCapacity + interpolationCount * 8)
    }

    package mutating func appendLiteral(_ literal: String) {
      rendered += literal
    }

    /// User text: its control characters shown as escapes.
    package mutating func appendInterpolation(_ text: String) {
      rendered += TerminalText.visible(text, keeping: ["\t"])
    }

    /// A value's description, escaped like user text.
    package mutating func appendInterpolation(_ value: some CustomStringConvertible) {
      rendered += TerminalText.visible(value.description, keeping: ["\t"])
    }

    /// Styled text, kept.
    package mutating func appendInterpolation(_ styled: StyledText) {
      rendered += styled.rendered
    }
  }
}

/// The colours of `log`, `blame` and `show`, like git's: each role has one SGR code (the
/// table is in docs/cli.md, "Terminal output"). Disabled, it adds nothing.
package struct Palette: Sendable {
  /// What a piece of text is, which decides its colour.
  package enum Role: String, Sendable, CaseIterable {
    /// `revision 7`, `r7`, the number of a `--oneline` line: yellow, as git's commit ids.
    case revision = "33"
    /// A tag name in `(tag: v1)`: bold yellow, as git's decorations.
    case tag = "1;33"
    /// An author: green.
    case author = "32"
    /// A time: blue.
    case time = "34"
    /// A policy change's header: cyan.
    case policy = "36"
    /// A waiver (a deliberate break let through): bold red.
    case waiver = "1;31"
    /// Secondary text (blame's message): dim.
    case secondary = "2"
  }

  package var enabled: Bool

  package init(enabled: Bool) {
    self.enabled = enabled
  }

  /// `text` in the colour of `role`, reset after it.
  package func callAsFunction(_ role: Role, _ text: StyledText) -> StyledText {
    guard enabled, !text.rendered.isEmpty else { return text }
    return StyledText(rendered: "\u{1B}[\(role.rawValue)m" + text.rendered + "\u{1B}[m")
  }

  /// User text in the colour of `role`.
  package func callAsFunction(_ role: Role, _ text: String) -> StyledText {
    self(role, StyledText(text))
  }
}
