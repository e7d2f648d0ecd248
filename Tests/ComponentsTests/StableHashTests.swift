import Testing

@testable import Components

/// The payload hash is stored in every catalog, so its values never change: FNV-1a 64 of the
/// bytes, however it is computed.
@Suite("Stable payload hash")
struct StableHashTests {
  /// Published FNV-1a 64 values (http://www.isthe.com/chongo/tech/comp/fnv/).
  @Test func valuesAreFNV1a() {
    #expect(hash("") == Int64(bitPattern: 0xcbf2_9ce4_8422_2325))
    #expect(hash("a") == Int64(bitPattern: 0xaf63_dc4c_8601_ec8c))
    #expect(hash("foobar") == Int64(bitPattern: 0x8594_4171_f739_67e8))
  }

  /// Four at a time gives each text's own hash, whatever their lengths: equal, one empty,
  /// each shorter than the others.
  @Test func fourAtATimeEqualsOneAtATime() {
    var generator = SystemRandomNumberGenerator()
    let lengths = [0, 1, 3, 7, 8, 9, 64, 255, 1000]
    for _ in 0..<200 {
      let texts = (0..<4).map { _ in
        (0..<lengths.randomElement(using: &generator)!).map { _ in
          UInt8.random(in: 0...255, using: &generator)
        }
      }
      texts[0].withUnsafeBytes { t0 in
        texts[1].withUnsafeBytes { t1 in
          texts[2].withUnsafeBytes { t2 in
            texts[3].withUnsafeBytes { t3 in
              let four = JSONText.stableHashes(of: (t0, t1, t2, t3))
              #expect(four.0 == JSONText.stableHash(of: t0))
              #expect(four.1 == JSONText.stableHash(of: t1))
              #expect(four.2 == JSONText.stableHash(of: t2))
              #expect(four.3 == JSONText.stableHash(of: t3))
            }
          }
        }
      }
    }
  }

  func hash(_ text: String) -> Int64 {
    Array(text.utf8).withUnsafeBytes { JSONText.stableHash(of: $0) }
  }
}
