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

  /// Four lanes at a time give each text its own hash, whatever their lengths and number:
  /// equal, empty, each shorter or longer than the others, fewer than four, a lane refilled
  /// many times.
  @Test func lanesEqualOneAtATime() {
    var generator = SystemRandomNumberGenerator()
    let lengths = [0, 1, 3, 7, 8, 9, 64, 255, 1000]
    for count in [0, 1, 3, 4, 5, 8, 13, 100] {
      for _ in 0..<20 {
        let texts = (0..<count).map { _ in
          (0..<lengths.randomElement(using: &generator)!).map { _ in
            UInt8.random(in: 0...255, using: &generator)
          }
        }
        var hashes = [Int64?](repeating: nil, count: count)
        var calls = 0
        let buffers = texts.map { text in
          let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: text.count, alignment: 1)
          text.withUnsafeBytes { buffer.copyMemory(from: $0) }
          return UnsafeRawBufferPointer(buffer)
        }
        defer {
          for buffer in buffers { buffer.deallocate() }
        }
        JSONText.stableHashes(
          count: count, of: { buffers[$0] },
          { index, hash in
            #expect(hashes[index] == nil)
            hashes[index] = hash
            calls += 1
          })
        #expect(calls == count)
        for (index, text) in texts.enumerated() {
          #expect(hashes[index] == text.withUnsafeBytes { JSONText.stableHash(of: $0) })
        }
      }
    }
  }

  func hash(_ text: String) -> Int64 {
    Array(text.utf8).withUnsafeBytes { JSONText.stableHash(of: $0) }
  }
}
