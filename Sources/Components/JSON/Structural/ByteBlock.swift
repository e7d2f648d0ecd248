/// Sixty-four bytes of input seen as vectors, and the tests stage 1 of the structural reader
/// makes on them: each test gives one bit per byte, bit k for byte k.
///
/// Four `SIMD16<UInt8>` lanes rather than one `SIMD64<UInt8>`: the compiler lowers
/// comparisons of the 16-byte vector to single SSE2 or NEON instructions, and those of the
/// 64-byte one to a loop over its lanes. A comparison's lanes (all ones or all zeros) become
/// bits by keeping one distinct bit per lane of each group of eight and summing each group
/// with a multiplication (`bits(_:)`), the portable stand-in for `pmovmskb`.
struct ByteBlock {
  var v0: SIMD16<UInt8>
  var v1: SIMD16<UInt8>
  var v2: SIMD16<UInt8>
  var v3: SIMD16<UInt8>

  /// The 64 bytes at `p`, all readable.
  @inline(__always)
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

  private static let weights = SIMD16<UInt8>(
    1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128)

  /// The lanes of a 16-byte comparison as 16 bits.
  @inline(__always)
  static func bits(_ mask: SIMDMask<SIMD16<Int8>>) -> UInt64 {
    let weighted = unsafeBitCast(mask, to: SIMD16<UInt8>.self) & weights
    let words = unsafeBitCast(weighted, to: SIMD2<UInt64>.self)
    let ones: UInt64 = 0x0101_0101_0101_0101
    return (words[0] &* ones) &>> 56 | ((words[1] &* ones) &>> 56) &<< 8
  }

  /// The bytes for which `test` holds, as 64 bits.
  @inline(__always)
  func bits(_ test: (SIMD16<UInt8>) -> SIMDMask<SIMD16<Int8>>) -> UInt64 {
    Self.bits(test(v0)) | Self.bits(test(v1)) &<< 16 | Self.bits(test(v2)) &<< 32
      | Self.bits(test(v3)) &<< 48
  }

  /// Whether any byte is 0x80 or more (part of a multi-byte character).
  @inline(__always)
  var hasNonASCII: Bool {
    let all = unsafeBitCast(v0 | v1 | v2 | v3, to: SIMD2<UInt64>.self)
    return (all[0] | all[1]) & 0x8080_8080_8080_8080 != 0
  }
}
