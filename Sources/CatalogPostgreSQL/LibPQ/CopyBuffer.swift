/// Rows ready to send to a `COPY … FROM STDIN`, in one of COPY's two formats
/// (https://www.postgresql.org/docs/current/sql-copy.html#id-1.9.3.55.9):
///
/// - ``Format/text``: fields separated by tabs, rows ended by newlines, `\N` for NULL, and
///   backslash, tab, newline and carriage return escaped with a backslash; the server parses
///   each number and decodes each `bytea` from hexadecimal.
/// - ``Format/binary`` (`COPY … FROM STDIN (FORMAT binary)`): the 19-byte header, then each
///   row as its number of fields (16 bits) and each field as its length (32 bits, -1 for
///   NULL) and its bytes, every integer in network order; a `bigint` is its 8 bytes, a
///   `bytea` its bytes, a `text` its UTF-8 bytes unescaped (the server still checks their
///   encoding, as it does a text row's). The server receives the values as they are, with
///   nothing to parse. ``start`` (the header) comes before the first row and ``end`` (the
///   trailer) after the last, once per statement however the rows are cut into messages.
///
/// The statement names the format; ``Connection/copyIn(_:rows:)`` refuses a buffer whose
/// format is not the statement's.
struct CopyBuffer {
  enum Format: Sendable {
    case text
    case binary
  }

  let format: Format
  /// The encoded rows.
  private(set) var bytes: [UInt8] = []
  /// The number of complete rows.
  private(set) var rowCount = 0
  private var fieldsInRow = 0
  /// Where the row being written starts (binary: its field count goes there).
  private var rowStart = 0

  /// `PGCOPY\n\377\r\n\0`, no flags, no header extension.
  static let binaryHeader: [UInt8] =
    Array("PGCOPY\n".utf8) + [0xff, UInt8(ascii: "\r"), UInt8(ascii: "\n"), 0] + [0, 0, 0, 0]
    + [0, 0, 0, 0]

  init(format: Format = .text) {
    self.format = format
  }

  /// No row has been written.
  var isEmpty: Bool { rowCount == 0 && fieldsInRow == 0 }

  /// What precedes the first row: the binary format's header; nothing in the text format.
  var start: [UInt8] { format == .binary ? Self.binaryHeader : [] }

  /// What follows the last row: the binary format's trailer (a field count of -1); nothing
  /// in the text format.
  var end: [UInt8] { format == .binary ? [0xff, 0xff] : [] }

  /// Appends a `bigint` field.
  mutating func append(_ value: Int64) {
    separate()
    switch format {
    case .binary:
      _ = appendLength(8)
      withUnsafeBytes(of: value.bigEndian) { bytes.append(contentsOf: $0) }
    case .text:
      appendDecimal(value)
    }
  }

  /// Appends a text field from its UTF-8 bytes.
  mutating func append(text: UnsafeRawBufferPointer) {
    separate()
    switch format {
    case .binary:
      if appendLength(text.count) { bytes.append(contentsOf: text) }
    case .text:
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
  }

  /// Appends a `bytea` field: in the text format `\x` and the bytes in hexadecimal, the
  /// backslash escaped
  /// (https://www.postgresql.org/docs/current/datatype-binary.html#DATATYPE-BINARY-BYTEA-HEX-FORMAT).
  mutating func append(bytea value: UnsafeRawBufferPointer) {
    separate()
    switch format {
    case .binary:
      if appendLength(value.count) { bytes.append(contentsOf: value) }
    case .text:
      let digits = Array("0123456789abcdef".utf8)
      bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\"), UInt8(ascii: "x")]
      for byte in value {
        bytes.append(digits[Int(byte >> 4)])
        bytes.append(digits[Int(byte & 0x0f)])
      }
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
    switch format {
    case .binary: bytes += [0xff, 0xff, 0xff, 0xff]
    case .text: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "N")]
    }
  }

  /// Ends the row.
  mutating func endRow() {
    switch format {
    case .binary:
      // The row's field count, in the two bytes `separate()` kept at its start (the
      // catalog's rows have at most ten fields).
      let count = UInt16(truncatingIfNeeded: fieldsInRow)
      bytes[rowStart] = UInt8(count >> 8)
      bytes[rowStart + 1] = UInt8(count & 0xff)
    case .text:
      bytes.append(UInt8(ascii: "\n"))
    }
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
    switch format {
    case .binary:
      if fieldsInRow == 0 {
        rowStart = bytes.count
        bytes += [0, 0]
      }
    case .text:
      if fieldsInRow > 0 {
        bytes.append(UInt8(ascii: "\t"))
      }
    }
    fieldsInRow += 1
  }

  /// A binary field's length. A field longer than the format can say (2 GiB; the server
  /// takes at most 1 GiB in any field) is sent with the length -2, which the server refuses
  /// ("invalid field size"), without its bytes, failing the write instead of sending a
  /// wrong length.
  ///
  /// - Returns: Whether the field's bytes follow.
  private mutating func appendLength(_ count: Int) -> Bool {
    let length = Int32(exactly: count) ?? -2
    withUnsafeBytes(of: length.bigEndian) { bytes.append(contentsOf: $0) }
    return length >= 0
  }

  private mutating func appendDecimal(_ value: Int64) {
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
}
