/// Writes the canonical compact text of what the reader's container walker reads: no
/// whitespace, members in order, numbers as written, strings escaped the way ``JSONWriter``
/// escapes them. The catalog stores and compares payloads in this form, so equal payloads
/// have equal bytes.
struct CanonicalTextSink: JSONSink {
  /// The text so far; callers move their buffer in and out (no copy).
  var out: [UInt8] = []

  mutating func beginObject() { out.append(0x7B) }

  mutating func key(_ key: ArraySlice<UInt8>) {
    key.withUnsafeBytes { JSONWriter.appendString(utf8: $0, to: &out) }
    out.append(0x3A)
  }

  mutating func endObject() { out.append(0x7D) }
  mutating func beginArray() { out.append(0x5B) }
  mutating func endArray() { out.append(0x5D) }
  mutating func separator() { out.append(0x2C) }

  mutating func string(from input: JSONInput) throws(JSONDiagnostic) {
    try input.scanString(into: &out, .canonical)
  }

  mutating func number(from input: JSONInput) throws(JSONDiagnostic) {
    try input.scanNumber(into: &out)
  }

  mutating func literal(_ literal: JSONLiteral) {
    let text = literal.text
    out.append(
      contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }
}
