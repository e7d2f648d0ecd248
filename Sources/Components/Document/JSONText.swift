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

  /// ``stableHash`` of `count` texts, `text(i)` for `i` in `0..<count`: calls
  /// `body(i, hash)` once for each, in no particular order.
  ///
  /// Each hash is a chain of multiplications, one per byte, each waiting for the last; four
  /// independent chains in one loop keep the multiplier busy while each waits. A lane that
  /// finishes its text takes the next one, so all four stay busy until the last three texts
  /// (four texts at a time, each finishing alone past the shortest of them, hashed a third
  /// of the bytes of a first import's payloads one chain at a time). The values are those of
  /// ``stableHash(of:)``, byte for byte (stored hashes must not change).
  package static func stableHashes(
    count: Int, of text: (Int) -> UnsafeRawBufferPointer, _ body: (Int, Int64) -> Void
  ) {
    guard count >= 4 else {
      for i in 0..<count { body(i, stableHash(of: text(i))) }
      return
    }
    // Lane k hashes text `ik`: `nk` bytes are left from `pk` on (-1 once the lane is done),
    // its hash so far `hk`.
    var (p0, n0) = lane(text(0))
    var (p1, n1) = lane(text(1))
    var (p2, n2) = lane(text(2))
    var (p3, n3) = lane(text(3))
    var (i0, i1, i2, i3) = (0, 1, 2, 3)
    var (h0, h1, h2, h3) = (fnvOffsetBasis, fnvOffsetBasis, fnvOffsetBasis, fnvOffsetBasis)
    var next = 4
    // A lane whose text is done reports its hash and takes the next text, or stops (-1).
    func refill(
      _ p: inout UnsafePointer<UInt8>, _ n: inout Int, _ i: inout Int, _ h: inout UInt64
    ) {
      body(i, Int64(bitPattern: h))
      n = -1
      guard next < count else { return }
      (p, n) = lane(text(next))
      (i, h, next) = (next, fnvOffsetBasis, next + 1)
    }
    while n0 >= 0 && n1 >= 0 && n2 >= 0 && n3 >= 0 {
      let step = min(min(n0, n1), min(n2, n3))
      for k in 0..<step {
        h0 = (h0 ^ UInt64(p0[k])) &* fnvPrime
        h1 = (h1 ^ UInt64(p1[k])) &* fnvPrime
        h2 = (h2 ^ UInt64(p2[k])) &* fnvPrime
        h3 = (h3 ^ UInt64(p3[k])) &* fnvPrime
      }
      p0 += step
      p1 += step
      p2 += step
      p3 += step
      n0 -= step
      n1 -= step
      n2 -= step
      n3 -= step
      if n0 == 0 { refill(&p0, &n0, &i0, &h0) }
      if n1 == 0 { refill(&p1, &n1, &i1, &h1) }
      if n2 == 0 { refill(&p2, &n2, &i2, &h2) }
      if n3 == 0 { refill(&p3, &n3, &i3, &h3) }
    }
    // No text is left to start: the lanes still running finish one at a time.
    func finish(_ p: UnsafePointer<UInt8>, _ n: Int, _ i: Int, _ h: UInt64) {
      guard n >= 0 else { return }
      body(
        i, Int64(bitPattern: fnv1a(UnsafeRawBufferPointer(start: p, count: n), from: 0, hash: h)))
    }
    finish(p0, n0, i0, h0)
    finish(p1, n1, i1, h1)
    finish(p2, n2, i2, h2)
    finish(p3, n3, i3, h3)
  }

  /// A text's first byte and length for a lane of ``stableHashes(count:of:_:)``; an empty
  /// text, which may have no address, reads nothing from a byte of its own.
  private static func lane(_ text: UnsafeRawBufferPointer) -> (UnsafePointer<UInt8>, Int) {
    guard let base = text.baseAddress, text.count > 0 else { return (emptyLane, 0) }
    return (base.assumingMemoryBound(to: UInt8.self), text.count)
  }

  /// One byte that is never read (a lane with 0 bytes left reads none): never changed.
  nonisolated(unsafe) private static let emptyLane: UnsafePointer<UInt8> = {
    let byte = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
    byte.initialize(to: 0)
    return UnsafePointer(byte)
  }()

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
