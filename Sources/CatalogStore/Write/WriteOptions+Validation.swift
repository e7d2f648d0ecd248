extension WriteOptions {
  /// Refuses an author or message that could rewrite a terminal: control characters (C0,
  /// DEL, C1) are not allowed, except a line break (`\n`) in a message, which `log` indents.
  ///
  /// Text output escapes control characters anyway (old rows, or rows another tool wrote,
  /// may hold them); this keeps new history clean.
  ///
  /// - Throws: ``CatalogError/request(_:)`` (``RequestProblem/controlCharacter(field:scalar:)``).
  func validate() throws {
    try Self.validateAuthor(author)
    if let scalar = message.unicodeScalars.first(where: { $0.isTerminalControl && $0 != "\n" }) {
      throw CatalogError.request(.controlCharacter(field: .message, scalar: scalar))
    }
    if let reason = allowBreaking {
      // A waiver says why: a blank reason would be a silent bypass.
      guard reason.contains(where: { !$0.isWhitespace }) else {
        throw CatalogError.request(.allowBreakingWithoutReason)
      }
      if let scalar = reason.unicodeScalars.first(where: \.isTerminalControl) {
        throw CatalogError.request(.controlCharacter(field: .allowBreakingReason, scalar: scalar))
      }
    }
  }

  /// Refuses an author (of a revision or a tag) with a control character.
  static func validateAuthor(_ author: String) throws {
    if let scalar = author.unicodeScalars.first(where: \.isTerminalControl) {
      throw CatalogError.request(.controlCharacter(field: .author, scalar: scalar))
    }
  }
}
