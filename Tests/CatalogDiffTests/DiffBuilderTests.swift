import Components
import Testing

@testable import CatalogDiff

/// `CatalogDiff.Builder` fed entries the caller vouches are unchanged (a diff of two
/// revisions: the same stored row at both) gives the diff of the whole entries.
@Suite("Diff builder with unchanged entries")
struct DiffBuilderTests {
  @Test func vouchedEntriesGiveTheWholeDiff() throws {
    var vouched = 0
    for seed in 1...300 {
      var random = RandomCatalog(seed: UInt64(seed))
      let old = random.catalog(count: 12)
      let new = try random.edited(old)
      var builder = CatalogDiff.Builder()
      // Vouch for some of the entries that are the same at both, chosen by the seed.
      var partnerOfOld: [Int: Int] = [:]
      for (i, entry) in old.enumerated() where (seed + i) % 3 != 0 {
        if let j = new.firstIndex(where: { CatalogDiff.sameFields($0, entry) }) {
          partnerOfOld[i] = j
        }
      }
      let partnerOfNew = Dictionary(uniqueKeysWithValues: partnerOfOld.map { ($1, $0) })
      for (i, entry) in old.enumerated() {
        if let j = partnerOfOld[i] {
          var kind = entry.kind
          try kind.withUTF8 {
            try builder.addOldUnchanged(kind: UnsafeRawBufferPointer($0), newIndex: j)
          }
        } else {
          try builder.addOld(entry)
        }
      }
      for (j, entry) in new.enumerated() {
        if let i = partnerOfNew[j] {
          try builder.addNewUnchanged(oldIndex: i)
          vouched += 1
        } else {
          try builder.addNew(entry)
        }
      }
      let diff = try builder.finish()
      let whole = try CatalogDiff(old: old, new: new)
      #expect(diff == whole, "seed \(seed)")
      #expect(diff.text() == whole.text(), "seed \(seed)")
    }
    #expect(vouched > 1000)
  }

  @Test func aSecondEntryOfAVouchedKindIsADuplicate() throws {
    let card = CatalogEntry(kind: "card", category: "C", description: "d", payload: .null)
    var builder = CatalogDiff.Builder()
    var kind = "card"
    try kind.withUTF8 { try builder.addOldUnchanged(kind: UnsafeRawBufferPointer($0), newIndex: 1) }
    #expect(
      throws: CatalogDiffError.duplicateKind("card", side: .new, firstIndex: 0, secondIndex: 1)
    ) {
      try builder.addNew(card)
    }
  }

  @Test func vouchingForTheWrongIndexIsRefused() throws {
    var builder = CatalogDiff.Builder()
    var kind = "card"
    try kind.withUTF8 { try builder.addOldUnchanged(kind: UnsafeRawBufferPointer($0), newIndex: 1) }
    #expect(throws: CatalogDiffError.self) { try builder.addNewUnchanged(oldIndex: 0) }
  }
}
