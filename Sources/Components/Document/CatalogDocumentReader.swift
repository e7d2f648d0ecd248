/// Reads a components.json document entry by entry, validating as it goes, so that an
/// import can compare and store each entry without holding the whole document in memory.
///
/// Both forms are accepted: `{"components": [ … ]}` and a bare array of entries. Problems
/// that leave the reader in step with the text (a member of the wrong type, a missing
/// member, a duplicated kind) are collected and reading goes on, so that one run reports
/// all of them; ``next()`` throws them together at the end of the document. A syntax error
/// stops reading at once.
///
/// ```swift
/// let reader = CatalogDocumentReader(JSONReader(fileDescriptor: fd))
/// while let located = try reader.next() { store(located.entry) }
/// ```
public final class CatalogDocumentReader {
  /// An entry together with where it was found.
  public struct LocatedEntry: Sendable {
    public var entry: CatalogEntry
    /// The entry's index in the components array.
    public var index: Int
    /// The position of the entry's `{`.
    public var position: SourcePosition
  }

  /// At most this many problems are collected before reading stops.
  public static let maxDiagnostics = 50

  private let json: JSONReader
  private var state = State.start
  private var arrayPointer = JSONPointer(["components"])
  private var nextIndex = 0
  private var diagnostics: [JSONDiagnostic] = []
  private var kindsSeen: [String: (index: Int, position: SourcePosition)] = [:]
  private var rootPosition = SourcePosition(line: 1, column: 1, offset: 0)

  private enum State {
    case start
    case inArray(wrapped: Bool)
    case finished
  }

  public init(_ json: JSONReader) {
    self.json = json
  }

  /// Bytes read so far, for progress reports.
  public var bytesConsumed: Int { json.bytesConsumed }

  /// The next valid entry, or `nil` at the end of a valid document.
  ///
  /// - Throws: ``JSONDiagnostics`` with every problem found, at the first syntax error or
  ///   at the end of a document that had problems.
  public func next() throws(JSONDiagnostics) -> LocatedEntry? {
    do {
      while true {
        switch state {
        case .finished:
          if !diagnostics.isEmpty { throw JSONDiagnostics(diagnostics) }
          return nil
        case .start:
          try readPrologue()
        case .inArray(let wrapped):
          if let entry = try readNextEntry(wrapped: wrapped) { return entry }
        }
      }
    } catch let error as JSONDiagnostics {
      state = .finished
      throw error
    } catch let diagnostic as JSONDiagnostic {
      state = .finished
      throw JSONDiagnostics(diagnostics + [diagnostic])
    } catch {
      state = .finished
      throw JSONDiagnostics(diagnostics)
    }
  }

  /// Reads every entry of the document.
  public func readAll() throws(JSONDiagnostics) -> [CatalogEntry] {
    var entries: [CatalogEntry] = []
    while let located = try next() { entries.append(located.entry) }
    return entries
  }

  // MARK: - Document structure

  /// Reads up to the first entry: `{ … "components": [` or `[`.
  private func readPrologue() throws(JSONDiagnostic) {
    rootPosition = json.positionOfNextToken()
    switch json.peekAfterWhitespace() {
    case 0x5B:
      arrayPointer = .root
      try json.beginContainer(0x5B)
      state = json.isEmptyContainer(close: 0x5D) ? .finished : .inArray(wrapped: false)
      if case .finished = state { try json.expectEndOfInput() }
    case 0x7B:
      try json.beginContainer(0x7B)
      if json.isEmptyContainer(close: 0x7D) {
        try json.expectEndOfInput()
        throw JSONDiagnostic(
          .invalidDocument, at: rootPosition,
          "missing \"components\": a catalog document is "
            + "{\"components\": [...]} or an array of entries")
      }
      try seekComponents()
    case -1:
      try json.expectEndOfInput()
      throw JSONDiagnostic(.invalidJSON, at: rootPosition, "the document is empty")
    default:
      // Read the value, so that invalid JSON is reported as such.
      let value = try json.readValue()
      try json.expectEndOfInput()
      throw JSONDiagnostic(
        .invalidDocument, at: rootPosition,
        "expected an object with \"components\" or an array of entries, found \(article(value.typeName))"
      )
    }
  }

  /// Inside the top-level object: finds the `components` member and enters its array.
  private func seekComponents() throws(JSONDiagnostic) {
    while true {
      let keyPosition = json.positionOfNextToken()
      let key = try json.readKey()
      if key == "components" {
        let valuePosition = json.positionOfNextToken()
        guard json.peekAfterWhitespace() == 0x5B else {
          let value = try json.readValue()
          throw JSONDiagnostic(
            .invalidDocument, at: valuePosition, pointer: ["components"],
            "expected an array of entries, found \(article(value.typeName))")
        }
        try json.beginContainer(0x5B)
        if json.isEmptyContainer(close: 0x5D) {
          try finishWrapper()
        } else {
          state = .inArray(wrapped: true)
        }
        return
      }
      _ = try json.readValue()
      report(
        JSONDiagnostic(
          .invalidDocument, at: keyPosition, pointer: JSONPointer([key]),
          "unexpected member; a catalog document has only \"components\""))
      if try json.endOfContainer(close: 0x7D, what: "an object member") {
        json.leaveContainer()
        try json.expectEndOfInput()
        throw JSONDiagnostic(.invalidDocument, at: rootPosition, "missing \"components\"")
      }
    }
  }

  /// After the components array: the rest of the top-level object, then the end.
  private func finishWrapper() throws(JSONDiagnostic) {
    while !(try json.endOfContainer(close: 0x7D, what: "an object member")) {
      let keyPosition = json.positionOfNextToken()
      let key = try json.readKey()
      _ = try json.readValue()
      report(
        JSONDiagnostic(
          .invalidDocument, at: keyPosition, pointer: JSONPointer([key]),
          key == "components"
            ? "duplicate key \"components\""
            : "unexpected member; a catalog document has only \"components\""))
    }
    json.leaveContainer()
    try json.expectEndOfInput()
    state = .finished
  }

  private func readNextEntry(wrapped: Bool) throws(JSONDiagnostic) -> LocatedEntry? {
    let index = nextIndex
    nextIndex += 1
    let entry = try readEntry(index: index)
    if try json.endOfContainer(close: 0x5D, what: "an entry") {
      json.leaveContainer()
      if wrapped {
        try finishWrapper()
      } else {
        try json.expectEndOfInput()
        state = .finished
      }
    }
    return entry
  }

  // MARK: - Entries

  private func readEntry(index: Int) throws(JSONDiagnostic) -> LocatedEntry? {
    let pointer = arrayPointer.appending(index)
    let position = json.positionOfNextToken()
    guard json.peekAfterWhitespace() == 0x7B else {
      let value = try readValue(at: pointer)
      report(
        JSONDiagnostic(
          .invalidDocument, at: position, pointer: pointer,
          "expected an entry object, found \(article(value.typeName))"))
      return nil
    }
    try json.beginContainer(0x7B)
    if json.isEmptyContainer(close: 0x7D) {
      report(JSONDiagnostic(.invalidDocument, at: position, pointer: pointer, "missing \"kind\""))
      return nil
    }
    var kind: String?
    var kindPosition = position
    var category: String?
    var description: String?
    var payload: JSONText?
    var extras: [CatalogEntry.Member] = []
    var order: [String] = []
    var valid = true
    repeat {
      let keyPosition = json.positionOfNextToken()
      let key = try readKey(in: pointer)
      let memberPointer = pointer.appending(key)
      let valuePosition = json.positionOfNextToken()
      if order.contains(key) {
        _ = try readText(at: memberPointer)
        report(
          JSONDiagnostic(
            .invalidDocument, at: keyPosition, pointer: pointer, "duplicate key \"\(key)\""))
        valid = false
        continue
      }
      order.append(key)
      switch key {
      case "kind", "category", "description":
        guard json.peekAfterWhitespace() == 0x22 else {
          let value = try readText(at: memberPointer)
          report(
            JSONDiagnostic(
              .invalidDocument, at: valuePosition, pointer: memberPointer,
              "expected a string, found \(article(value.typeName))"))
          valid = false
          continue
        }
        let string = try readString(at: memberPointer)
        if key == "kind" {
          kind = string
          kindPosition = valuePosition
        } else if key == "category" {
          category = string
        } else {
          description = string
        }
      case "payload":
        payload = try readText(at: memberPointer)
      default:
        extras.append(.init(key: key, value: try readText(at: memberPointer)))
      }
    } while !(try json.endOfContainer(close: 0x7D, what: "an entry member"))
    json.leaveContainer()

    for (name, present) in [
      ("kind", kind != nil || order.contains("kind")),
      ("category", category != nil || order.contains("category")),
      ("description", description != nil || order.contains("description")),
      ("payload", payload != nil),
    ] where !present {
      report(
        JSONDiagnostic(.invalidDocument, at: position, pointer: pointer, "missing \"\(name)\""))
      valid = false
    }
    if let kind {
      if kind.isEmpty {
        report(
          JSONDiagnostic(
            .invalidDocument, at: kindPosition, pointer: pointer.appending("kind"),
            "kind must not be empty"))
        valid = false
      } else if let seen = kindsSeen.index(forKey: kind) {
        // Kinds are compared as Swift compares strings, so that two spellings of one name
        // (NFC and NFD) cannot both reach an app's registry; say so when the bytes differ.
        let (firstKind, first) = kindsSeen[seen]
        let spelling =
          firstKind.utf8.elementsEqual(kind.utf8)
          ? "" : ", which differs only in Unicode normalization"
        report(
          JSONDiagnostic(
            .invalidDocument, at: kindPosition, pointer: pointer.appending("kind"),
            "duplicate kind \"\(kind)\": also at \(arrayPointer.appending(first.index)) "
              + "(line \(first.position.line), column \(first.position.column))\(spelling)"))
        valid = false
      } else {
        kindsSeen[kind] = (index, kindPosition)
      }
    }
    guard valid, diagnostics.isEmpty, let kind, let category, let description, let payload else {
      return nil
    }
    var entry = CatalogEntry(
      kind: kind, category: category, description: description, payload: payload,
      extraMembers: extras, memberOrder: order)
    entry.normalizeMemberOrder()
    return LocatedEntry(entry: entry, index: index, position: position)
  }

  /// Reads a value as canonical text; document errors inside it gain `pointer` as prefix.
  private func readText(at pointer: JSONPointer) throws(JSONDiagnostic) -> JSONText {
    var out: [UInt8] = []
    do {
      try json.transcodeValue(into: &out)
    } catch {
      throw error.prefixed(by: pointer)
    }
    return JSONText(canonicalBytes: out)
  }

  /// Reads a member name of the object at `pointer`; a document error in it names the object.
  private func readKey(in pointer: JSONPointer) throws(JSONDiagnostic) -> String {
    do {
      return try json.readKey()
    } catch {
      throw error.prefixed(by: pointer)
    }
  }

  /// Reads a string member; a document error in it (a lone surrogate) names the member.
  private func readString(at pointer: JSONPointer) throws(JSONDiagnostic) -> String {
    do {
      return try json.readString()
    } catch {
      throw error.prefixed(by: pointer)
    }
  }

  private func readValue(at pointer: JSONPointer) throws(JSONDiagnostic) -> JSONValue {
    do {
      return try json.readValue()
    } catch {
      throw error.prefixed(by: pointer)
    }
  }

  private func report(_ diagnostic: JSONDiagnostic) {
    // Reading stops at the next entry boundary; problems later in this entry are dropped.
    guard diagnostics.count < Self.maxDiagnostics else { return }
    diagnostics.append(diagnostic)
    if diagnostics.count >= Self.maxDiagnostics {
      state = .finished
    }
  }
}

@available(
  *, unavailable, message: "a document reader wraps a JSONReader and is used by one thread"
)
extension CatalogDocumentReader: Sendable {}

extension JSONDiagnostic {
  /// The diagnostic with `prefix` before its pointer, for document errors.
  func prefixed(by prefix: JSONPointer) -> JSONDiagnostic {
    guard category == .invalidDocument else { return self }
    var copy = self
    copy.pointer = JSONPointer(prefix.tokens + pointer.tokens)
    return copy
  }
}

extension JSONPointer: ExpressibleByArrayLiteral {
  public init(arrayLiteral elements: String...) {
    self.init(elements)
  }
}

/// "an object", "a string".
func article(_ typeName: String) -> String {
  ["a", "e", "i", "o", "u"].contains(typeName.first.map(String.init) ?? "")
    ? "an \(typeName)" : "a \(typeName)"
}
