extension WriteOptions {
  /// Refuses an author or message that could rewrite a terminal: control characters (C0,
  /// DEL, C1) are not allowed, except a line break (`\n`) in a message, which `log` indents.
  ///
  /// Text output escapes control characters anyway (old rows, or rows another tool wrote,
  /// may hold them); this keeps new history clean.
  ///
  /// - Throws: ``CatalogError/invalidRequest(_:)`` naming the field and the character.
  func validate() throws {
    try Self.validateAuthor(author)
    if let scalar = message.unicodeScalars.first(where: { $0.isTerminalControl && $0 != "\n" }) {
      throw CatalogError.invalidRequest(
        "the message contains the control character \(Self.name(scalar)); a message may "
          + "contain line breaks but no other control characters")
    }
    if let reason = allowBreaking {
      // A waiver says why: a blank reason would be a silent bypass.
      guard reason.contains(where: { !$0.isWhitespace }) else {
        throw CatalogError.invalidRequest(
          "--allow-breaking needs a reason: say why the break is deliberate")
      }
      if let scalar = reason.unicodeScalars.first(where: \.isTerminalControl) {
        throw CatalogError.invalidRequest(
          "the --allow-breaking reason contains the control character \(Self.name(scalar))")
      }
    }
  }

  /// Refuses an author (of a revision or a tag) with a control character.
  static func validateAuthor(_ author: String) throws {
    if let scalar = author.unicodeScalars.first(where: \.isTerminalControl) {
      throw CatalogError.invalidRequest(
        "the author contains the control character \(name(scalar)); an author is one line "
          + "of text without control characters")
    }
  }

  /// `U+001B`.
  static func name(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }
}
