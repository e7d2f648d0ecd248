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
    Int64(bitPattern: fnv1a(bytes, from: 0, hash: fnvOffsetBasis))
  }

  /// ``stableHash`` of four texts at once: `hashes[i]` is the hash of `texts[i]`.
  ///
  /// Each hash is a chain of multiplications, one per byte, each waiting for the last; four
  /// independent chains in one loop keep the multiplier busy while each waits, so this
  /// takes about a third of the time of four calls. The values are those of
  /// ``stableHash(of:)``, byte for byte (stored hashes must not change).
  public static func stableHashes(
    of texts: (
      UnsafeRawBufferPointer, UnsafeRawBufferPointer, UnsafeRawBufferPointer,
      UnsafeRawBufferPointer
    )
  ) -> (Int64, Int64, Int64, Int64) {
    var h0 = fnvOffsetBasis
    var h1 = fnvOffsetBasis
    var h2 = fnvOffsetBasis
    var h3 = fnvOffsetBasis
    let common = min(texts.0.count, texts.1.count, texts.2.count, texts.3.count)
    var done = 0
    if common > 0, let b0 = texts.0.baseAddress, let b1 = texts.1.baseAddress,
      let b2 = texts.2.baseAddress, let b3 = texts.3.baseAddress
    {
      for i in 0..<common {
        h0 = (h0 ^ UInt64(b0.load(fromByteOffset: i, as: UInt8.self))) &* fnvPrime
        h1 = (h1 ^ UInt64(b1.load(fromByteOffset: i, as: UInt8.self))) &* fnvPrime
        h2 = (h2 ^ UInt64(b2.load(fromByteOffset: i, as: UInt8.self))) &* fnvPrime
        h3 = (h3 ^ UInt64(b3.load(fromByteOffset: i, as: UInt8.self))) &* fnvPrime
      }
      done = common
    }
    return (
      Int64(bitPattern: fnv1a(texts.0, from: done, hash: h0)),
      Int64(bitPattern: fnv1a(texts.1, from: done, hash: h1)),
      Int64(bitPattern: fnv1a(texts.2, from: done, hash: h2)),
      Int64(bitPattern: fnv1a(texts.3, from: done, hash: h3))
    )
  }

  private static let fnvOffsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
  private static let fnvPrime: UInt64 = 0x100_0000_01b3

  /// FNV-1a of `bytes[start...]`, continuing from `hash`.
  private static func fnv1a(_ bytes: UnsafeRawBufferPointer, from start: Int, hash: UInt64)
    -> UInt64
  {
    var hash = hash
    for byte in bytes[start...] {
      hash = (hash ^ UInt64(byte)) &* fnvPrime
    }
    return hash
  }
}
