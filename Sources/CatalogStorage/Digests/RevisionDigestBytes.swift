/// The encoding of the bytes a revision's digest covers (`RevisionChain` in CatalogStore
/// hashes them; docs/schema.md, "Revision digests", defines them): each field its UTF-8 byte
/// count in decimal, `:`, its bytes and a newline, an absent value `-` and a newline.
///
/// One definition for the two ways a digest's entry rows are encoded: read back from the
/// database (`RevisionChain`), and as a write sends them
/// (``CatalogWriteContext/takeSentRowBytes(ofRevision:)``), so that both give the same bytes.
package enum RevisionDigestBytes {
  /// Appends the fields of entry version `row`, with `payloadDigest` the 32 bytes of the
  /// SHA-256 of its payload's canonical text (`row.payload` is not read).
  package static func appendRow(
    _ row: EntryRow, payloadDigest: UnsafeRawBufferPointer, to buffer: inout [UInt8]
  ) {
    appendNumber(row.componentID, to: &buffer)
    appendText(row.change.rawValue, to: &buffer)
    appendField(row.kind, to: &buffer)
    appendField(row.category, to: &buffer)
    appendField(row.description, to: &buffer)
    appendHex(payloadDigest, to: &buffer)
    if let extra = row.extra { appendField(extra, to: &buffer) } else { appendAbsent(to: &buffer) }
    if let keyOrder = row.keyOrder {
      appendField(keyOrder, to: &buffer)
    } else {
      appendAbsent(to: &buffer)
    }
    appendField(row.orderKey, to: &buffer)
  }

  /// Appends the fields of entry version `row`, hashing its payload text.
  package static func appendRow(_ row: EntryRow, to buffer: inout [UInt8]) throws(SHA256Error) {
    let digest = try SHA256.hash(row.payload)
    digest.bytes.withUnsafeBytes { appendRow(row, payloadDigest: $0, to: &buffer) }
  }

  /// Appends `bytes` as one field.
  package static func appendField(_ bytes: UnsafeRawBufferPointer, to buffer: inout [UInt8]) {
    appendDecimal(bytes.count, to: &buffer)
    buffer.append(UInt8(ascii: ":"))
    buffer.append(contentsOf: bytes)
    buffer.append(UInt8(ascii: "\n"))
  }

  /// Appends the UTF-8 of `value` as one field.
  package static func appendText(_ value: String, to buffer: inout [UInt8]) {
    var value = value
    value.withUTF8 { appendField(UnsafeRawBufferPointer($0), to: &buffer) }
  }

  /// Appends a number as the field of its decimal digits (with `-` when negative).
  package static func appendNumber(_ value: Int64, to buffer: inout [UInt8]) {
    appendText(String(value), to: &buffer)
  }

  /// Appends an absent value.
  package static func appendAbsent(to buffer: inout [UInt8]) {
    buffer.append(contentsOf: "-\n".utf8)
  }

  /// Appends the field of the lowercase hexadecimal digits of `bytes`.
  private static func appendHex(_ bytes: UnsafeRawBufferPointer, to buffer: inout [UInt8]) {
    appendDecimal(2 * bytes.count, to: &buffer)
    buffer.append(UInt8(ascii: ":"))
    for byte in bytes {
      buffer.append(hexDigit(byte >> 4))
      buffer.append(hexDigit(byte & 0x0f))
    }
    buffer.append(UInt8(ascii: "\n"))
  }

  private static func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
  }

  private static func appendDecimal(_ value: Int, to buffer: inout [UInt8]) {
    var digits: [UInt8] = []
    var rest = value
    repeat {
      digits.append(UInt8(ascii: "0") + UInt8(rest % 10))
      rest /= 10
    } while rest > 0
    buffer.append(contentsOf: digits.reversed())
  }
}
