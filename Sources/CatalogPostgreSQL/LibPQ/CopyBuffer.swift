/// Rows in `COPY`'s text format, ready to send: fields separated by tabs, rows ended by
/// newlines, `\N` for NULL, and backslash, tab, newline and carriage return escaped with a
/// backslash (https://www.postgresql.org/docs/current/sql-copy.html#id-1.9.3.55.9.2).
struct CopyBuffer {
  /// The encoded rows.
  private(set) var bytes: [UInt8] = []
  /// The number of complete rows.
  private(set) var rowCount = 0
  private var fieldsInRow = 0

  var isEmpty: Bool { bytes.isEmpty }

  /// Appends an integer field.
  mutating func append(_ value: Int64) {
    separate()
    var number = value
    if number == 0 {
      bytes.append(UInt8(ascii: "0"))
      return
    }
    if number < 0 {
      bytes.append(UInt8(ascii: "-"))
    }
    let start = bytes.count
    while number != 0 {
      let digit = number % 10
      bytes.append(UInt8(ascii: "0") + UInt8(digit < 0 ? -digit : digit))
      number /= 10
    }
    bytes[start...].reverse()
  }

  /// Appends a text field from its UTF-8 bytes, escaped.
  mutating func append(text: UnsafeRawBufferPointer) {
    separate()
    for byte in text {
      switch byte {
      case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
      case UInt8(ascii: "\t"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
      case UInt8(ascii: "\n"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
      case UInt8(ascii: "\r"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
      default: bytes.append(byte)
      }
    }
  }

  /// Appends a `bytea` field: `\x` and the bytes in hexadecimal, the backslash escaped
  /// (https://www.postgresql.org/docs/current/datatype-binary.html#DATATYPE-BINARY-BYTEA-HEX-FORMAT).
  mutating func append(bytea value: UnsafeRawBufferPointer) {
    separate()
    let digits = Array("0123456789abcdef".utf8)
    bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\"), UInt8(ascii: "x")]
    for byte in value {
      bytes.append(digits[Int(byte >> 4)])
      bytes.append(digits[Int(byte & 0x0f)])
    }
  }

  /// Appends a text field.
  mutating func append(text: String) {
    var text = text
    text.withUTF8 { append(text: UnsafeRawBufferPointer($0)) }
  }

  /// Appends a text field, or NULL for nil.
  mutating func append(optionalText text: UnsafeRawBufferPointer?) {
    if let text { append(text: text) } else { appendNull() }
  }

  /// Appends a NULL field.
  mutating func appendNull() {
    separate()
    bytes += [UInt8(ascii: "\\"), UInt8(ascii: "N")]
  }

  /// Ends the row.
  mutating func endRow() {
    bytes.append(UInt8(ascii: "\n"))
    fieldsInRow = 0
    rowCount += 1
  }

  /// Empties the buffer, keeping its memory.
  mutating func removeAll() {
    bytes.removeAll(keepingCapacity: true)
    rowCount = 0
    fieldsInRow = 0
  }

  private mutating func separate() {
    if fieldsInRow > 0 {
      bytes.append(UInt8(ascii: "\t"))
    }
    fieldsInRow += 1
  }
}
