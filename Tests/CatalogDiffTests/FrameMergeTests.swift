import CatalogDiff
import Components
import Testing

/// `FrameMerge` decides each top-level member as entries' members are decided, and orders
/// them with `OrderMerge`, as entries and object members are ordered.
@Suite struct FrameMergeTests {
  /// A frame from `name: value` texts, `|` standing for `components`.
  static func frame(_ names: String) throws -> DocumentFrame {
    var before: [CatalogEntry.Member] = []
    var after: [CatalogEntry.Member] = []
    var isBefore = true
    for word in names.split(separator: " ") {
      if word == "|" {
        isBefore = false
        continue
      }
      let parts = word.split(separator: "=")
      let member = CatalogEntry.Member(
        key: String(parts[0]), value: try JSONText(parsing: String(parts[1])))
      if isBefore { before.append(member) } else { after.append(member) }
    }
    return DocumentFrame(form: .object, before: before, after: after)
  }

  func merge(_ base: String, _ ours: String, _ theirs: String) throws -> FrameMerge {
    FrameMerge(
      base: try Self.frame(base), ours: try Self.frame(ours), theirs: try Self.frame(theirs))
  }

  @Test func changesOnEitherSideAreTakenAndAdditionsGoBesideTheirNeighbours() throws {
    let merged = try merge("a=1 | v=1", "a=1 x=0 | v=2", "a=1 | v=1 y=0")
    #expect(merged.conflicts.isEmpty)
    #expect(merged.frame == (try Self.frame("a=1 x=0 | v=2 y=0")))
    // An addition with no neighbour before it on its side goes first on that side.
    let first = try merge("a=1 | v=1", "a=1 | v=1", "s=0 a=1 | v=1")
    #expect(first.frame == (try Self.frame("s=0 a=1 | v=1")))
  }

  @Test func aReorderMadeByTheirsAloneIsTaken() throws {
    let merged = try merge("a=1 b=1 | v=1", "a=1 b=1 | v=2", "b=1 a=1 | v=1")
    #expect(merged.frame == (try Self.frame("b=1 a=1 | v=2")))
  }

  @Test func differentChangesToOneMemberConflict() throws {
    let merged = try merge("a=1 | v=1", "a=2 | v=1", "a=3 | v=1")
    #expect(merged.frame == nil)
    #expect(merged.conflicts == [JSONPointer(["a"])])
    // Removed by OURS, changed by THEIRS.
    let removed = try merge("a=1 | v=1", "| v=1", "a=3 | v=1")
    #expect(removed.conflicts == [JSONPointer(["a"])])
  }
}
