/// A located problem in a JSON document: where it is, what is wrong, and whether the text is
/// not JSON at all or is JSON that is not a valid catalog document.
///
/// ```text
/// components.json:12:7: error: invalid JSON: expected ',' or '}' after an object member
/// components.json:40:15: error: /components/3/kind: expected a string, found a number
/// ```
public struct JSONDiagnostic: Error, Sendable, Hashable, CustomStringConvertible {
  /// What kind of problem this is.
  public enum Category: Sendable, Hashable {
    /// The text is not RFC 8259 JSON (or not UTF-8).
    case invalidJSON
    /// The text is JSON, but not what the reader needs at ``JSONDiagnostic/pointer``.
    case invalidDocument
    /// Reading the input failed at ``JSONDiagnostic/position`` (a disk's `EIO`): nothing is
    /// known of the text past it, and the fault is the system's, not the document's.
    case readFailure
  }

  public var category: Category
  public var position: SourcePosition
  /// Where in the document the problem is; the root for syntax errors.
  public var pointer: JSONPointer
  /// Lowercase, no final period: `expected a string, found a number`.
  public var message: String

  public init(
    _ category: Category, at position: SourcePosition, pointer: JSONPointer = .root,
    _ message: String
  ) {
    self.category = category
    self.position = position
    self.pointer = pointer
    self.message = message
  }

  /// `LINE:COLUMN: error: …`, to be prefixed with the file name.
  public var description: String {
    switch category {
    case .invalidJSON:
      return "\(position): error: invalid JSON: \(message)"
    case .invalidDocument:
      let location = pointer.isRoot ? "" : "\(pointer): "
      return "\(position): error: \(location)\(message)"
    case .readFailure:
      return "\(position): error: \(message)"
    }
  }

  /// The diagnostic one or more levels further from the root: a document error's pointer
  /// gains `prefix` before it; an invalid-JSON error, whose pointer is always the root, stays
  /// as it is.
  func prefixed(by prefix: JSONPointer) -> JSONDiagnostic {
    guard category == .invalidDocument else { return self }
    var copy = self
    copy.pointer = JSONPointer(prefix.tokens + pointer.tokens)
    return copy
  }

  /// `FILE:LINE:COLUMN: error: …`.
  public func formatted(file: String) -> String {
    "\(file):\(description)"
  }
}

/// Every problem found in one document, in document order. Thrown when a document has
/// several problems, so that a user can fix all of them in one go.
public struct JSONDiagnostics: Error, Sendable, Hashable, CustomStringConvertible {
  public var diagnostics: [JSONDiagnostic]
  /// Whether reading stopped at the limit of problems it collects: the input may have more.
  public var isTruncated: Bool

  public init(_ diagnostics: [JSONDiagnostic], isTruncated: Bool = false) {
    self.diagnostics = diagnostics
    self.isTruncated = isTruncated
  }

  public var description: String {
    diagnostics.map(\.description).joined(separator: "\n")
  }

  /// Whether reading the input failed: an I/O error (exit status 74), not a document's fault.
  public var includesReadFailure: Bool {
    diagnostics.contains { $0.category == .readFailure }
  }
}
