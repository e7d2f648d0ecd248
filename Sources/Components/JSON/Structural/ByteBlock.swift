/// Sixty-four bytes of input seen as vectors, and the tests stage 1 of the structural reader
/// makes on them (``ByteLanes``: one lane per byte, all ones where a test holds).
///
/// Four `SIMD16<UInt8>` lanes rather than one `SIMD64<UInt8>`: the compiler lowers
/// operations on the 16-byte vector to single SSE2 or NEON instructions, and those of the
/// 64-byte one to a loop over its lanes. Tests combine as integer vectors (`|`, `&`), not
/// as `SIMDMask`s, whose operators are not lowered as well.
struct ByteBlock {
  var v0: SIMD16<UInt8>
  var v1: SIMD16<UInt8>
  var v2: SIMD16<UInt8>
  var v3: SIMD16<UInt8>

  /// The 64 bytes at `p`, all readable.
  @inline(always)
  init(loading p: UnsafePointer<UInt8>) {
    let raw = UnsafeRawPointer(p)
    v0 = raw.loadUnaligned(as: SIMD16<UInt8>.self)
    v1 = raw.loadUnaligned(fromByteOffset: 16, as: SIMD16<UInt8>.self)
    v2 = raw.loadUnaligned(fromByteOffset: 32, as: SIMD16<UInt8>.self)
    v3 = raw.loadUnaligned(fromByteOffset: 48, as: SIMD16<UInt8>.self)
  }

  /// The `count` (< 64) bytes at `p`, then spaces: the last, partial block of a window.
  init(loading p: UnsafePointer<UInt8>, count: Int) {
    var padded = (
      SIMD16<UInt8>(repeating: 0x20), SIMD16<UInt8>(repeating: 0x20),
      SIMD16<UInt8>(repeating: 0x20), SIMD16<UInt8>(repeating: 0x20)
    )
    withUnsafeMutableBytes(of: &padded) { raw in
      raw.baseAddress?.copyMemory(from: p, byteCount: min(count, 64))
    }
    v0 = padded.0
    v1 = padded.1
    v2 = padded.2
    v3 = padded.3
  }

  private init(_ v0: SIMD16<UInt8>, _ v1: SIMD16<UInt8>, _ v2: SIMD16<UInt8>, _ v3: SIMD16<UInt8>) {
    self.v0 = v0
    self.v1 = v1
    self.v2 = v2
    self.v3 = v3
  }

  /// The bytes equal to `byte`.
  @inline(always)
  func equal(_ byte: UInt8) -> ByteLanes {
    let b = SIMD16<UInt8>(repeating: byte)
    return ByteLanes(
      ByteLanes.lanes(v0 .== b), ByteLanes.lanes(v1 .== b), ByteLanes.lanes(v2 .== b),
      ByteLanes.lanes(v3 .== b))
  }

  /// The bytes below `byte` (unsigned).
  @inline(always)
  func below(_ byte: UInt8) -> ByteLanes {
    let b = SIMD16<UInt8>(repeating: byte)
    return ByteLanes(
      ByteLanes.lanes(v0 .< b), ByteLanes.lanes(v1 .< b), ByteLanes.lanes(v2 .< b),
      ByteLanes.lanes(v3 .< b))
  }

  /// Every byte `&` `mask`.
  @inline(always)
  func and(_ mask: UInt8) -> ByteBlock {
    let m = SIMD16<UInt8>(repeating: mask)
    return ByteBlock(v0 & m, v1 & m, v2 & m, v3 & m)
  }

  /// Every byte `|` `mask`.
  @inline(always)
  func or(_ mask: UInt8) -> ByteBlock {
    let m = SIMD16<UInt8>(repeating: mask)
    return ByteBlock(v0 | m, v1 | m, v2 | m, v3 | m)
  }

  /// Every byte minus `value`, wrapping.
  @inline(always)
  func minus(_ value: UInt8) -> ByteBlock {
    let m = SIMD16<UInt8>(repeating: value)
    return ByteBlock(v0 &- m, v1 &- m, v2 &- m, v3 &- m)
  }

  /// Whether any byte is 0x80 or more (part of a multi-byte character).
  @inline(always)
  var hasNonASCII: Bool {
    let all = unsafeBitCast(v0 | v1 | v2 | v3, to: SIMD2<UInt64>.self)
    return (all[0] | all[1]) & 0x8080_8080_8080_8080 != 0
  }
}

/// The outcome of a test on each byte of a ``ByteBlock``: a lane of all ones where it holds.
struct ByteLanes {
  var m0: SIMD16<UInt8>
  var m1: SIMD16<UInt8>
  var m2: SIMD16<UInt8>
  var m3: SIMD16<UInt8>

  @inline(always)
  init(_ m0: SIMD16<UInt8>, _ m1: SIMD16<UInt8>, _ m2: SIMD16<UInt8>, _ m3: SIMD16<UInt8>) {
    self.m0 = m0
    self.m1 = m1
    self.m2 = m2
    self.m3 = m3
  }

  @inline(always)
  static func lanes(_ mask: SIMDMask<SIMD16<Int8>>) -> SIMD16<UInt8> {
    unsafeBitCast(mask, to: SIMD16<UInt8>.self)
  }

  @inline(always)
  static func | (a: ByteLanes, b: ByteLanes) -> ByteLanes {
    ByteLanes(a.m0 | b.m0, a.m1 | b.m1, a.m2 | b.m2, a.m3 | b.m3)
  }

  private static let weights = SIMD16<UInt8>(
    1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128)

  /// Sixteen lanes as 16 bits: one distinct bit kept per lane of each group of eight, and
  /// each group summed by a multiplication, the portable stand-in for `pmovmskb`.
  @inline(always)
  private static func bits(_ lanes: SIMD16<UInt8>) -> UInt64 {
    let words = unsafeBitCast(lanes & weights, to: SIMD2<UInt64>.self)
    let ones: UInt64 = 0x0101_0101_0101_0101
    return (words[0] &* ones) &>> 56 | ((words[1] &* ones) &>> 56) &<< 8
  }

  /// The 64 lanes as bits, bit k for byte k.
  @inline(always)
  var bits: UInt64 {
    Self.bits(m0) | Self.bits(m1) &<< 16 | Self.bits(m2) &<< 32 | Self.bits(m3) &<< 48
  }
}
