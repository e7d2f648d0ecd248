import Components

/// A components.json file submitted to a check: its bytes (kept, to point findings at the
/// line of a change), its entries and where each starts.
public struct SubmittedDocument: Sendable {
  public var name: String
  public var bytes: [UInt8]
  public var entries: [CatalogEntry]
  /// Where each entry's `{` is.
  public var positions: [SourcePosition]
  /// Where the entries array is: `/components`, or the root of a bare array.
  public var entriesPointer: JSONPointer
  /// The document's form and other top-level members.
  public var frame: DocumentFrame

  /// Reads and validates the whole document.
  ///
  /// - Throws: ``CatalogError/invalidDocument(source:_:)`` or
  ///   ``CatalogError/unreadable(path:reason:)``.
  public init(
    source: DocumentSource, maxDepth: Int = JSONReader.defaultMaxDepth,
    maxSize: Int = JSONReader.defaultMaxSize
  ) throws {
    name = source.name
    bytes = try source.readBytes(maxSize: maxSize)
    let reader = CatalogDocumentReader(
      JSONReader(bytes: bytes, maxDepth: maxDepth, maxSize: maxSize))
    var entries: [CatalogEntry] = []
    var positions: [SourcePosition] = []
    do throws(JSONDiagnostics) {
      while let located = try reader.next() {
        entries.append(located.entry)
        positions.append(located.position)
      }
    } catch {
      throw CatalogError.invalidDocument(source: source.name, error)
    }
    self.entries = entries
    self.positions = positions
    entriesPointer = reader.entriesPointer
    frame = reader.frame
  }

  /// Where a change to entry `index` at `pointer` (relative to the entry) is in the file,
  /// for each request: the value itself, or its nearest enclosing value in the file.
  public func locate(_ requests: [(index: Int, pointer: JSONPointer)], maxDepth: Int)
    -> [SourcePosition?]
  {
    let absolute = requests.map {
      JSONPointer(entriesPointer.tokens + [String($0.index)] + $0.pointer.tokens)
    }
    guard
      let positions = try? FindingLocator.positions(of: absolute, in: bytes, maxDepth: maxDepth)
    else { return requests.map { _ in nil } }
    return absolute.map { FindingLocator.nearest($0, in: positions) }
  }
}
