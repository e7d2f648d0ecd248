import CatalogDiff
import Components

/// An RFC 6902 patch as the user wrote it: the operations, and where each operation and each
/// of its members starts in the file, so that every problem (a malformed operation, one that
/// fails, a result that is not a valid catalog) is reported at `FILE:LINE:COLUMN` with the
/// JSON Pointer of the operation's member in the patch (`/3/path`), never at a position in
/// text the user never sees.
public struct PatchDocument: Sendable {
  /// Where an operation starts, and where each of its members' values starts.
  struct Location: Sendable {
    var start: SourcePosition
    var members: [(key: String, position: SourcePosition)]

    func position(of member: String?) -> SourcePosition {
      guard let member else { return start }
      // The last one: a duplicate member is at fault where it is repeated.
      return members.last { $0.key.hasSameBytes(as: member) }?.position ?? start
    }
  }

  public let patch: JSONPatch
  /// The file's name in messages (`-` is `<stdin>`).
  public let source: String
  /// Where the document starts.
  let start: SourcePosition
  /// One per operation.
  let locations: [Location]

  /// Reads and decodes a patch under the same limits as a document, so that a patch is
  /// refused before any catalog is opened or locked.
  ///
  /// - Throws: ``CatalogError/invalidDocument(source:_:)`` for a file that is not JSON or not a
  ///   patch (located at the operation at fault), ``CatalogError/unreadable(path:reason:)``.
  public init(reading source: DocumentSource, limits: DocumentLimits) throws {
    let name = source.name
    let read = try source.withReader(maxDepth: limits.maxDepth, maxSize: limits.maxSize) {
      reader, _ in
      do throws(JSONDiagnostic) {
        return try Self.read(reader)
      } catch {
        throw CatalogError.invalidDocument(source: name, JSONDiagnostics([error]))
      }
    }
    self.source = name
    self.start = read.start
    self.locations = read.locations
    let decoded: JSONPatch
    do {
      decoded = try JSONPatch(decoding: read.value)
    } catch {
      let located = Self.diagnostic(for: error, start: read.start, locations: read.locations)
      throw CatalogError.invalidDocument(source: name, JSONDiagnostics([located]))
    }
    self.patch = decoded
  }

  /// The document, each element of a top-level array read member by member to keep the
  /// positions.
  private static func read(_ reader: JSONReader) throws(JSONDiagnostic) -> (
    value: JSONValue, start: SourcePosition, locations: [Location]
  ) {
    let start = reader.positionOfNextToken()
    guard reader.peekAfterWhitespace() == UInt8(ascii: "[") else {
      return (try reader.readDocument(), start, [])
    }
    try reader.beginContainer(UInt8(ascii: "["))
    var elements: [JSONValue] = []
    var locations: [Location] = []
    if !reader.isEmptyContainer(close: UInt8(ascii: "]")) {
      repeat {
        let position = reader.positionOfNextToken()
        var location = Location(start: position, members: [])
        if reader.peekAfterWhitespace() == UInt8(ascii: "{") {
          try reader.beginContainer(UInt8(ascii: "{"))
          var members: [JSONObject.Member] = []
          if !reader.isEmptyContainer(close: UInt8(ascii: "}")) {
            repeat {
              let key = try reader.readKey()
              location.members.append((key, reader.positionOfNextToken()))
              members.append(.init(key: key, value: try reader.readValue()))
            } while !(try reader.endOfContainer(close: UInt8(ascii: "}"), what: "an object member"))
            reader.leaveContainer()
          }
          elements.append(.object(JSONObject(members)))
        } else {
          elements.append(try reader.readValue())
        }
        locations.append(location)
      } while !(try reader.endOfContainer(close: UInt8(ascii: "]"), what: "an array element"))
      reader.leaveContainer()
    }
    try reader.expectEndOfInput()
    return (.array(elements), start, locations)
  }

  /// A patch error as a located diagnostic in the patch file: at the operation's member at
  /// fault (or the operation), with its pointer in the patch (`/3/path`).
  func diagnostic(for error: JSONPatchError) -> JSONDiagnostic {
    Self.diagnostic(for: error, start: start, locations: locations)
  }

  private static func diagnostic(
    for error: JSONPatchError, start: SourcePosition, locations: [Location]
  ) -> JSONDiagnostic {
    guard let index = error.index, index < locations.count else {
      return JSONDiagnostic(.invalidDocument, at: start, "not a JSON Patch: \(error.message)")
    }
    var tokens = [String(index)]
    if let member = error.member { tokens.append(member) }
    return JSONDiagnostic(
      .invalidDocument, at: locations[index].position(of: error.member),
      pointer: JSONPointer(tokens), error.description)
  }

  /// A problem of the patched catalog (its pointer is in the `{"components": […]}` document
  /// the patch applied to) as a diagnostic in the patch file: at the last operation that
  /// wrote at, above or below that pointer (its `value`, else its `path`), or at the start of
  /// the patch when none did.
  func diagnostic(forResult problem: JSONDiagnostic) -> JSONDiagnostic {
    let tokens = problem.pointer.tokens
    let culprit = patch.operations.indices.last { index in
      if case .test = patch.operations[index] { return false }
      let written = patch.operations[index].path.tokens
      // `-` (an append) names whatever index the element got.
      return zip(written, tokens).allSatisfy { $0.hasSameBytes(as: $1) || $0 == "-" }
    }
    // The reader's message may name another place in the patched text ("also at
    // /components/0 (line 4, column 15)"): the pointer stays, the position goes.
    let reason = problem.message.replacing(#/\ \(line \d+, column \d+\)/#, with: "")
    let message = "the patched catalog would not be valid at \(problem.pointer): \(reason)"
    guard let culprit, culprit < locations.count else {
      return JSONDiagnostic(.invalidDocument, at: start, message)
    }
    let member: String
    switch patch.operations[culprit] {
    case .add, .replace, .test: member = "value"
    case .remove, .move, .copy: member = "path"
    }
    return JSONDiagnostic(
      .invalidDocument, at: locations[culprit].position(of: member),
      pointer: JSONPointer([String(culprit), member]), message)
  }
}
