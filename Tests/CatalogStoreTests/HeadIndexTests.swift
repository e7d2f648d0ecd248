import Components
import Testing

@testable import CatalogStore

/// `HeadIndex` reserves room for the texts of the entries it expects at the rate of its first
/// entries: a hint that must stay bounded whatever those entries are.
@Suite("Head index")
struct HeadIndexTests {
  /// Appends entry `n`, with an `extra` text of `extraBytes` bytes.
  func append(_ n: Int, extraBytes: Int, to index: inout HeadIndex) {
    let kind = Array("kind-\(n)".utf8)
    let text = Array("text".utf8)
    let extra = [UInt8](repeating: 0x61, count: extraBytes)
    kind.withUnsafeBytes { kind in
      text.withUnsafeBytes { text in
        extra.withUnsafeBytes { extra in
          index.append(
            componentID: Int64(n), kind: kind, category: text, description: text,
            payloadID: 1, extra: extra, keyOrder: nil, orderKey: text)
        }
      }
    }
  }

  /// Head's rows come newest first: when the newest entries carry long texts, the rate of
  /// the first 512 says nothing of the rest. The room reserved stays within the bound (it
  /// was 80 KB × the expected count: a re-import of a 400,000-entry catalog whose last 600
  /// entries had an 80 KB extra member asked for 36 GB and aborted), and the entries after
  /// the sample are all there.
  @Test func longTextsFirstReserveBoundedRoom() {
    var index = HeadIndex()
    index.reserveCapacity(400_000)
    for n in 0..<600 { append(n, extraBytes: 80_000, to: &index) }
    for n in 600..<2_000 { append(n, extraBytes: 0, to: &index) }
    #expect(index.count == 2_000)
    let capacity = index.textCapacity
    #expect(capacity.kinds <= HeadIndex.maxReservedTextBytes)
    // The texts hold 48 MB by now; their reservation, not more than the bound, then growth.
    #expect(capacity.texts <= 2 * max(HeadIndex.maxReservedTextBytes, 600 * 80_000))
  }

  /// The usual case: texts of about the same length throughout get their room at once.
  @Test func evenTextsReserveTheirRoomAtOnce() {
    var index = HeadIndex()
    index.reserveCapacity(10_000)
    for n in 0..<512 { append(n, extraBytes: 20, to: &index) }
    let reserved = index.textCapacity.texts
    #expect(reserved >= 10_000 * 32)
    for n in 512..<10_000 { append(n, extraBytes: 20, to: &index) }
    #expect(index.textCapacity.texts == reserved)
  }
}
