/// Writes components.json in the catalog's export format, entry by entry.
///
/// The output is the document in its ``DocumentFrame`` (`{"components": [...]}` with the
/// frame's other members before and after, or a bare array) indented the way Python's
/// `json.dump(doc, f, indent=2, ensure_ascii=False)` indents it, followed by one newline, so a
/// file in that format imports and exports back byte for byte. Payloads are copied from their
/// canonical text with ``JSONWriter/reindent(_:level:into:)``, never parsed; a payload read
/// from a catalog is checked by that same copy (``append(checking:)``).
///
/// ```swift
/// var writer = CatalogDocumentWriter()
/// for entry in entries { writer.append(entry) }
/// let bytes = writer.finish()
/// ```
public struct CatalogDocumentWriter {
  /// The bytes written so far; a streaming caller may take them with ``drain()``.
  public private(set) var output: [UInt8] = []
  private var count = 0
  /// Where the last entry's bytes begin in ``output`` (after the comma that separates it from
  /// the one before); nil when they are not all there (none yet, or flushed since).
  private var lastEntryStart: Int?
  private let frame: DocumentFrame
  /// What opens an entry after a comma (or after the array's `[`, without the comma), what
  /// starts each of its members, what closes it, and the level its values are indented at:
  /// an entry of a bare array sits one level less deep than one in `components`.
  private let entryOpen: [UInt8]
  private let memberStart: [UInt8]
  private let entryClose: [UInt8]
  private let valueLevel: Int
  /// The fast path's runs between values: `{` and `"kind": `, then `,` and each next key.
  private let kindStart: [UInt8]
  private let categoryStart: [UInt8]
  private let descriptionStart: [UInt8]
  private let payloadStart: [UInt8]

  /// A writer of a document in `frame`.
  ///
  /// - Parameter capacity: the output buffer to reserve: room for what a streaming caller
  ///   lets accumulate before it drains.
  public init(frame: DocumentFrame = .standard, capacity: Int = 1 << 21) {
    self.frame = frame
    let entryIndent = frame.form == .array ? "  " : "    "
    entryOpen = Array("\n\(entryIndent){".utf8)
    memberStart = Array("\n\(entryIndent)  ".utf8)
    entryClose = Array("\n\(entryIndent)}".utf8)
    valueLevel = frame.form == .array ? 2 : 3
    kindStart = entryOpen + memberStart + Array("\"kind\": ".utf8)
    categoryStart = [0x2C] + memberStart + Array("\"category\": ".utf8)
    descriptionStart = [0x2C] + memberStart + Array("\"description\": ".utf8)
    payloadStart = [0x2C] + memberStart + Array("\"payload\": ".utf8)
    output.reserveCapacity(capacity)
    switch frame.form {
    case .array:
      output.append(0x5B)
    case .object:
      output.append(contentsOf: "{\n".utf8)
      for member in frame.before {
        appendTopLevel(member)
        output.append(contentsOf: ",\n".utf8)
      }
      output.append(contentsOf: "  \"components\": [".utf8)
    }
  }

  /// `  "key": value` of a top-level member, its value indented at level 1.
  private mutating func appendTopLevel(_ member: CatalogEntry.Member) {
    output.append(contentsOf: "  ".utf8)
    JSONWriter.appendString(member.key, to: &output)
    output.append(contentsOf: ": ".utf8)
    member.value.bytes.withUnsafeBufferPointer { JSONWriter.reindent($0, level: 1, into: &output) }
  }

  /// Appends an entry with the four standard members in the standard order and no others,
  /// its texts given as UTF-8 bytes and its payload as canonical text: the same bytes as
  /// ``append(_:)`` of that entry, without making one (the export's fast path).
  ///
  /// - Throws: ``CanonicalTextError`` when the payload is not canonical compact JSON within
  ///   the reader's depth limit (a damaged catalog); the output then ends in a partial entry.
  package mutating func append(
    kind: UnsafeRawBufferPointer, category: UnsafeRawBufferPointer,
    description: UnsafeRawBufferPointer, payload: UnsafeRawBufferPointer
  ) throws(CanonicalTextError) {
    if count > 0 { output.append(0x2C) }
    count += 1
    lastEntryStart = output.count
    // The runs between values are appended through their buffers: appending the arrays
    // themselves retained and released each of them per entry.
    kindStart.withUnsafeBufferPointer { output.append(contentsOf: $0) }
    JSONWriter.appendString(utf8: kind, to: &output)
    categoryStart.withUnsafeBufferPointer { output.append(contentsOf: $0) }
    JSONWriter.appendString(utf8: category, to: &output)
    descriptionStart.withUnsafeBufferPointer { output.append(contentsOf: $0) }
    JSONWriter.appendString(utf8: description, to: &output)
    payloadStart.withUnsafeBufferPointer { output.append(contentsOf: $0) }
    try JSONWriter.reindent(
      checking: payload.bindMemory(to: UInt8.self), level: valueLevel, into: &output)
    entryClose.withUnsafeBufferPointer { output.append(contentsOf: $0) }
  }

  /// Appends one entry whose texts this process made canonical (a document read or built).
  public mutating func append(_ entry: CatalogEntry) {
    appendEntry(entry) { text, level, output in
      text.bytes.withUnsafeBufferPointer { JSONWriter.reindent($0, level: level, into: &output) }
    }
  }

  /// Appends one entry read from a catalog, its payload checked by the copy that indents it.
  ///
  /// - Throws: ``CanonicalTextError`` as ``append(kind:category:description:payload:)``.
  package mutating func append(checking entry: CatalogEntry) throws(CanonicalTextError) {
    try appendEntry(entry) { (text, level, output) throws(CanonicalTextError) in
      try text.bytes.withUnsafeBufferPointer { (bytes) throws(CanonicalTextError) in
        try JSONWriter.reindent(checking: bytes, level: level, into: &output)
      }
    }
  }

  /// Appends one entry, its payload written by `appendPayload` (the text, its level, the
  /// output); its other members were parsed from stored text, so they are canonical.
  private mutating func appendEntry<Failure: Error>(
    _ entry: CatalogEntry,
    payload appendPayload: (JSONText, Int, inout [UInt8]) throws(Failure) -> Void
  ) throws(Failure) {
    if count > 0 { output.append(0x2C) }
    count += 1
    lastEntryStart = output.count
    output.append(contentsOf: entryOpen)
    var first = true
    let extras = entry.memberLookup
    for key in entry.orderedKeys {
      if !first { output.append(0x2C) }
      output.append(contentsOf: memberStart)
      first = false
      JSONWriter.appendString(key, to: &output)
      output.append(contentsOf: ": ".utf8)
      switch key {
      case "kind": JSONWriter.appendString(entry.kind, to: &output)
      case "category": JSONWriter.appendString(entry.category, to: &output)
      case "description": JSONWriter.appendString(entry.description, to: &output)
      case "payload": try appendPayload(entry.payload, valueLevel, &output)
      default:
        if let value = extras[key] {
          appendValue(value)
        } else {
          output.append(contentsOf: "null".utf8)
        }
      }
    }
    output.append(contentsOf: entryClose)
  }

  /// Appends the entry that `other` appended last, as a copy of its bytes: the same bytes
  /// ``append(_:)`` of that entry would write here, without indenting its payload again (a
  /// writer of several documents at once, each entry written once for the documents that
  /// hold it). Returns false, having appended nothing, when `other` indents its entries
  /// otherwise (a document of the other form) or no longer holds its last entry whole (it
  /// was flushed since); the caller then appends the entry itself.
  package mutating func appendLastEntry(of other: CatalogDocumentWriter) -> Bool {
    guard let start = other.lastEntryStart, other.valueLevel == valueLevel else { return false }
    if count > 0 { output.append(0x2C) }
    count += 1
    lastEntryStart = output.count
    output.append(contentsOf: other.output[start...])
    return true
  }

  private mutating func appendValue(_ text: JSONText) {
    text.bytes.withUnsafeBufferPointer {
      JSONWriter.reindent($0, level: valueLevel, into: &output)
    }
  }

  /// Hands the bytes written so far to `write` and forgets them, keeping the buffer, so a
  /// caller that streams them (an export) reuses one buffer instead of making one per chunk.
  /// `write` must not keep the array (then the next chunk would copy it).
  public mutating func flush(into write: ([UInt8]) throws -> Void) rethrows {
    try write(output)
    output.removeAll(keepingCapacity: true)
    lastEntryStart = nil
  }

  /// Closes the document; its last bytes are then in ``output``, for ``flush(into:)``.
  public mutating func close() {
    lastEntryStart = nil
    switch frame.form {
    case .array:
      output.append(contentsOf: count == 0 ? "]\n".utf8 : "\n]\n".utf8)
    case .object:
      output.append(contentsOf: count == 0 ? "]".utf8 : "\n  ]".utf8)
      for member in frame.after {
        output.append(contentsOf: ",\n".utf8)
        appendTopLevel(member)
      }
      output.append(contentsOf: "\n}\n".utf8)
    }
  }

  /// Returns the bytes written so far and forgets them.
  public mutating func drain() -> [UInt8] {
    defer {
      output.removeAll(keepingCapacity: true)
      lastEntryStart = nil
    }
    return output
  }

  /// Closes the document and returns the remaining bytes.
  public mutating func finish() -> [UInt8] {
    close()
    return drain()
  }

  /// The export bytes of a whole list of entries, in `frame`.
  public static func document(_ entries: [CatalogEntry], frame: DocumentFrame = .standard)
    -> [UInt8]
  {
    var writer = CatalogDocumentWriter(frame: frame)
    for entry in entries { writer.append(entry) }
    return writer.finish()
  }
}
