/// Writes components.json in the catalog's export format, entry by entry.
///
/// The output is `{"components": [...]}` indented the way Python's
/// `json.dump(doc, f, indent=2, ensure_ascii=False)` indents it, followed by one newline, so a
/// file in that format imports and exports back byte for byte. Payloads are copied from their
/// canonical text with ``JSONWriter/reindent(_:level:into:)``, never parsed.
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

  public init() {
    // Room for the megabyte a streaming caller lets accumulate before it drains.
    output.reserveCapacity(1 << 21)
    output.append(contentsOf: "{\n  \"components\": [".utf8)
  }

  /// Appends an entry with the four standard members in the standard order and no others,
  /// its texts given as UTF-8 bytes and its payload as canonical text: the same bytes as
  /// ``append(_:)`` of that entry, without making one (the export's fast path).
  package mutating func append(
    kind: UnsafeRawBufferPointer, category: UnsafeRawBufferPointer,
    description: UnsafeRawBufferPointer, payload: UnsafeRawBufferPointer
  ) {
    output.append(
      contentsOf: count == 0 ? "\n    {\n      \"kind\": ".utf8 : ",\n    {\n      \"kind\": ".utf8)
    count += 1
    JSONWriter.appendString(utf8: kind, to: &output)
    output.append(contentsOf: ",\n      \"category\": ".utf8)
    JSONWriter.appendString(utf8: category, to: &output)
    output.append(contentsOf: ",\n      \"description\": ".utf8)
    JSONWriter.appendString(utf8: description, to: &output)
    output.append(contentsOf: ",\n      \"payload\": ".utf8)
    JSONWriter.reindent(payload.bindMemory(to: UInt8.self), level: 3, into: &output)
    output.append(contentsOf: "\n    }".utf8)
  }

  /// Appends one entry.
  public mutating func append(_ entry: CatalogEntry) {
    output.append(contentsOf: count == 0 ? "\n    {".utf8 : ",\n    {".utf8)
    count += 1
    var first = true
    for key in entry.orderedKeys {
      output.append(contentsOf: first ? "\n      ".utf8 : ",\n      ".utf8)
      first = false
      JSONWriter.appendString(key, to: &output)
      output.append(contentsOf: ": ".utf8)
      switch key {
      case "kind": JSONWriter.appendString(entry.kind, to: &output)
      case "category": JSONWriter.appendString(entry.category, to: &output)
      case "description": JSONWriter.appendString(entry.description, to: &output)
      case "payload": appendValue(entry.payload)
      default:
        if let value = entry[extra: key] {
          appendValue(value)
        } else {
          output.append(contentsOf: "null".utf8)
        }
      }
    }
    output.append(contentsOf: "\n    }".utf8)
  }

  private mutating func appendValue(_ text: JSONText) {
    text.bytes.withUnsafeBufferPointer { JSONWriter.reindent($0, level: 3, into: &output) }
  }

  /// Hands the bytes written so far to `write` and forgets them, keeping the buffer, so a
  /// caller that streams them (an export) reuses one buffer instead of making one per chunk.
  /// `write` must not keep the array (then the next chunk would copy it).
  public mutating func flush(into write: ([UInt8]) throws -> Void) rethrows {
    try write(output)
    output.removeAll(keepingCapacity: true)
  }

  /// Closes the document; its last bytes are then in ``output``, for ``flush(into:)``.
  public mutating func close() {
    output.append(contentsOf: count == 0 ? "]\n}\n".utf8 : "\n  ]\n}\n".utf8)
  }

  /// Returns the bytes written so far and forgets them.
  public mutating func drain() -> [UInt8] {
    defer { output.removeAll(keepingCapacity: true) }
    return output
  }

  /// Closes the document and returns the remaining bytes.
  public mutating func finish() -> [UInt8] {
    close()
    return drain()
  }

  /// The export bytes of a whole list of entries.
  public static func document(_ entries: [CatalogEntry]) -> [UInt8] {
    var writer = CatalogDocumentWriter()
    for entry in entries { writer.append(entry) }
    return writer.finish()
  }
}
