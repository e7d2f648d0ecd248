import Components

/// A problem that stops a file from being checked at all: it cannot be read, it is not JSON,
/// or it is not a valid components document.
///
/// The CI formats report it as they report a finding (``FindingReport``), so that a gate
/// never goes silent on bad input: an annotation on the line, a JUnit `<failure>`.
public struct DocumentProblem: Sendable, Hashable {
  /// The file, as the user named it (`-` for stdin).
  public var file: String
  /// Where in the file, when the problem is in its text.
  public var position: SourcePosition?
  /// The value the problem is in, when the problem is in its text.
  public var pointer: JSONPointer?
  /// A short heading: `invalid JSON`, `invalid document`, `unreadable`.
  public var title: String
  /// The sentence, without the file position.
  public var message: String

  public init(
    file: String, position: SourcePosition? = nil, pointer: JSONPointer? = nil, title: String,
    message: String
  ) {
    self.file = file
    self.position = position
    self.pointer = pointer
    self.title = title
    self.message = message
  }
}

extension DocumentProblem {
  /// A located problem of the document reader, worded as `check` words it.
  public init(file: String, _ diagnostic: JSONDiagnostic) {
    switch diagnostic.category {
    case .invalidJSON:
      self.init(
        file: file, position: diagnostic.position, pointer: diagnostic.pointer,
        title: "invalid JSON", message: "invalid JSON: \(diagnostic.message)")
    case .invalidDocument:
      self.init(
        file: file, position: diagnostic.position, pointer: diagnostic.pointer,
        title: "invalid document", message: diagnostic.message)
    case .readFailure:
      self.init(
        file: file, position: diagnostic.position, pointer: diagnostic.pointer,
        title: "read error", message: diagnostic.message)
    }
  }
}
