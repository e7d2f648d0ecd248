/// A JSON value held as its canonical compact text: the form the catalog stores, compares
/// and hashes. Equal values (same members in the same order, numbers spelled the same) have
/// equal bytes.
public struct JSONText: Sendable, Hashable, CustomStringConvertible {
  /// Canonical compact UTF-8 text.
  public let bytes: [UInt8]

  /// Wraps bytes that are already canonical compact text (from ``JSONReader/transcodeValue(into:)``
  /// or ``JSONWriter/canonicalBytes(_:)``, or read back from the store).
  public init(canonicalBytes bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// The canonical text of a value.
  public init(_ value: JSONValue) {
    self.bytes = JSONWriter.canonicalBytes(value)
  }

  /// The canonical text of arbitrary JSON text (which is validated).
  public init(parsing text: String) throws(JSONDiagnostic) {
    let reader = JSONReader(string: text)
    var out: [UInt8] = []
    try reader.transcodeValue(into: &out)
    try reader.expectEndOfInput()
    self.bytes = out
  }

  public var description: String { String(decoding: bytes, as: UTF8.self) }

  /// The value as a tree.
  ///
  /// - Throws: only when the text nests deeper than `maxDepth`.
  public func value(maxDepth: Int = JSONReader.defaultMaxDepth) throws(JSONDiagnostic) -> JSONValue
  {
    try JSONReader(bytes: bytes, maxDepth: maxDepth).readDocument()
  }

  /// The JSON type of the value, read from its first byte.
  public var typeName: String {
    switch bytes.first {
    case UInt8(ascii: "{"): return "object"
    case UInt8(ascii: "["): return "array"
    case UInt8(ascii: "\""): return "string"
    case UInt8(ascii: "t"), UInt8(ascii: "f"): return "boolean"
    case UInt8(ascii: "n"): return "null"
    default: return "number"
    }
  }

  /// A 64-bit FNV-1a hash of the bytes: stable across runs and platforms, so it can be stored.
  public var stableHash: Int64 {
    bytes.withUnsafeBytes { Self.stableHash(of: $0) }
  }

  /// ``stableHash`` of canonical text held elsewhere.
  ///
  /// FNV-1a takes one byte at a time by definition, and stored hashes must not change, so
  /// this stays byte-serial; it reads through a pointer so that the loop has no bounds checks.
  public static func stableHash(of bytes: UnsafeRawBufferPointer) -> Int64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return Int64(bitPattern: hash)
  }
}
