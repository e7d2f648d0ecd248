import CatalogStorage
import Components
import TestSupport
import Testing

@testable import CatalogStore

/// `RevisionIndex` reserves room for the texts of the entries it expects at the rate of its first
/// entries: a hint that must stay bounded whatever those entries are. And it holds at most
/// what its 32-bit offsets address: past that, appending throws instead of trapping.
@Suite("Head index")
struct RevisionIndexTests {
  /// Appends entry `n`, with an `extra` text of `extraBytes` bytes.
  func append(
    _ n: Int, extraBytes: Int, to index: inout RevisionIndex, kind: String? = nil
  ) throws {
    let kind = Array((kind ?? "kind-\(n)").utf8)
    let text = Array("text".utf8)
    let extra = [UInt8](repeating: 0x61, count: extraBytes)
    try kind.withUnsafeBytes { kind in
      try text.withUnsafeBytes { text in
        try extra.withUnsafeBytes { extra in
          try index.append(
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
  @Test func longTextsFirstReserveBoundedRoom() throws {
    var index = RevisionIndex()
    index.reserveCapacity(400_000)
    for n in 0..<600 { try append(n, extraBytes: 80_000, to: &index) }
    for n in 600..<2_000 { try append(n, extraBytes: 0, to: &index) }
    #expect(index.count == 2_000)
    let capacity = index.textCapacity
    #expect(capacity.kinds <= RevisionIndex.maxReservedTextBytes)
    // The texts hold 48 MB by now; their reservation, not more than the bound, then growth.
    #expect(capacity.texts <= 2 * max(RevisionIndex.maxReservedTextBytes, 600 * 80_000))
  }

  /// The usual case: texts of about the same length throughout get their room at once.
  @Test func evenTextsReserveTheirRoomAtOnce() throws {
    var index = RevisionIndex()
    index.reserveCapacity(10_000)
    for n in 0..<512 { try append(n, extraBytes: 20, to: &index) }
    let reserved = index.textCapacity.texts
    #expect(reserved >= 10_000 * 32)
    for n in 512..<10_000 { try append(n, extraBytes: 20, to: &index) }
    #expect(index.textCapacity.texts == reserved)
  }

  /// Head's texts may pass the 4 GiB a buffer addresses (head keeps entries across
  /// imports, each file at most 4 GiB): the entry that would take them past is refused with
  /// an error, not a trap, and the index keeps what it had. Here with a limit of 100 bytes.
  @Test func textsPastTheLimitAreRefused() throws {
    var index = RevisionIndex()
    index.maxTextBytes = 100
    // Each entry: category, description and order key "text" (12 bytes) and its extra.
    try append(0, extraBytes: 40, to: &index)
    try append(1, extraBytes: 36, to: &index)  // 52 + 48: exactly the limit
    #expect(index.count == 2)
    let error = try requireError(CatalogError.self) {
      try append(2, extraBytes: 0, to: &index)
    }
    #expect(
      error
        == .request(.headTextsTooLarge))
    #expect(index.count == 2)
    #expect(index.entries.map(\.kind) == ["kind-0", "kind-1"])
    #expect(index["kind-1"]?.extra == String(repeating: "a", count: 36))
  }

  /// The kinds have a buffer of their own, with the same limit.
  @Test func kindsPastTheLimitAreRefused() throws {
    var index = RevisionIndex()
    index.maxTextBytes = 100
    try append(0, extraBytes: 0, to: &index, kind: String(repeating: "k", count: 60))
    try append(1, extraBytes: 0, to: &index, kind: String(repeating: "m", count: 40))
    let error = try requireError(CatalogError.self) {
      try append(2, extraBytes: 0, to: &index, kind: "x")
    }
    guard case .request(.headTextsTooLarge) = error else {
      Issue.record("expected request(.headTextsTooLarge), got \(error)")
      return
    }
    #expect(index.count == 2)
  }
}
