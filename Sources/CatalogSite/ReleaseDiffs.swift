import CatalogDiff
import CatalogStore
import Components

/// The changes between consecutive tags, gathered from the site's one pass over every
/// component's versions instead of reading both tagged catalogs again per release.
///
/// The answer is `catalog diff @PREVIOUS @TAG`'s (``Catalog/diff(from:to:)``): components
/// followed by identity, so a rename is one change; a changed component's field changes are
/// ``CatalogDiff/changes(from:to:)`` of its two states (the diff's own comparison); and the
/// moved kinds are those outside one longest run of shared kinds that kept their order
/// (``LongestIncreasingSubsequence``, as the diff chooses them). The diff matches kinds by
/// name where no rename says otherwise, which is identity except when a kind removed by one
/// component is taken by another in the same interval; for such a release ``exact(_:)`` is
/// false and the generator asks ``Catalog/diff(from:to:)`` itself.
///
/// Memory: per tag, a 16-byte record and the order key of each kind present (its kind is the
/// ``KindTable``'s unless it had another name then); the field changes of the components that
/// changed between tags.
struct ReleaseDiffs {
  /// One kind present at a tag.
  private struct Record {
    /// The component's place in the pass (ascending component id).
    var component: Int32
    /// Its order key in the tag's bytes.
    var keyStart: Int32
    var keyCount: Int32
    /// Its kind: a ``KindTable`` index when it is the component's kind at the site's
    /// revision, else `-(i + 1)` for ``otherKinds``[i].
    var kind: Int32
  }

  /// The kinds present at one tag.
  private struct TagOrder {
    var keys: [UInt8] = []
    var records: [Record] = []

    /// Whether `a` comes before `b` in export order: by order key bytes, then component id.
    func precedes(_ a: Record, _ b: Record) -> Bool {
      let aKey = keys[Int(a.keyStart)..<Int(a.keyStart + a.keyCount)]
      let bKey = keys[Int(b.keyStart)..<Int(b.keyStart + b.keyCount)]
      if aKey.elementsEqual(bKey) { return a.component < b.component }
      return aKey.lexicographicallyPrecedes(bKey)
    }
  }

  /// The tagged revisions, oldest first (the site's tag order).
  let revisions: [Int64]
  private var orders: [TagOrder]
  /// Kinds at a tag that are not their component's kind at the site's revision.
  private var otherKinds: [String] = []
  /// For each tag after the first, the components changed or renamed since the one before.
  private var changed: [[ComponentChange]]
  private var components: Int32 = 0

  /// - Parameter expected: how many kinds a tag is likely to have (room is made for them).
  init(revisions: [Int64], expected: Int = 0) {
    self.revisions = revisions
    var order = TagOrder()
    order.records.reserveCapacity(expected)
    order.keys.reserveCapacity(expected * 4)
    orders = Array(repeating: order, count: revisions.count)
    changed = Array(repeating: [], count: revisions.count)
  }

  /// Takes one component's versions (oldest first), in ascending component id; `page` is
  /// its kind in `kinds` when it is present at the site's revision.
  mutating func add(_ versions: [EntryVersion], page: Int?, kinds: KindTable) throws {
    guard !revisions.isEmpty else { return }
    var next = 0
    var before: Int?
    for (tag, revision) in revisions.enumerated() {
      while next < versions.count, versions[next].revision <= revision { next += 1 }
      let state = next > 0 && versions[next - 1].change != .removed ? next - 1 : nil
      if let state {
        let version = versions[state]
        let keyStart = Int32(orders[tag].keys.count)
        orders[tag].keys.append(contentsOf: version.orderKey.utf8)
        let kind: Int32
        if let page, kinds.kind(page, is: version.entry.kind) {
          kind = Int32(page)
        } else {
          otherKinds.append(version.entry.kind)
          kind = -Int32(otherKinds.count)
        }
        orders[tag].records.append(
          Record(
            component: components, keyStart: keyStart,
            keyCount: Int32(orders[tag].keys.count) - keyStart, kind: kind))
        if let before, before != state {
          let old = versions[before].entry
          let new = version.entry
          let changes = try CatalogDiff.changes(from: old, to: new)
          if !changes.isEmpty {
            let renamed = !old.kind.hasSameBytes(as: new.kind)
            changed[tag].append(
              ComponentChange(
                kind: new.kind, previousKind: renamed ? old.kind : nil,
                change: renamed ? .renamed : .changed,
                fields: changes.filter { $0.rule != .entryRenamed }))
          }
        }
      }
      before = state
    }
    components += 1
  }

  private func kind(_ record: Record, kinds: KindTable) -> String {
    record.kind >= 0 ? kinds.kind(Int(record.kind)) : otherKinds[Int(-record.kind - 1)]
  }

  /// ``changes(to:kinds:slug:)`` for every tag, the first one's empty.
  func allChanges(kinds: KindTable, slug: (String) -> String?) -> [[(ComponentChange, String?)]?] {
    revisions.indices.map { $0 == 0 ? [] : changes(to: $0, kinds: kinds, slug: slug) }
  }

  /// The changes from tag `index - 1` to tag `index`, each with the kind's page, as
  /// `catalog diff` lists them (added, removed, changed, moved, each by kind), sorted by
  /// kind; nil when the interval is one ``ReleaseDiffs`` cannot answer exactly (see there).
  func changes(to index: Int, kinds: KindTable, slug: (String) -> String?)
    -> [(ComponentChange, String?)]?
  {
    let old = orders[index - 1]
    let new = orders[index]
    let oldPositions = Self.positions(of: old, components: Int(components))
    let newPositions = Self.positions(of: new, components: Int(components))

    var removed: [String] = []
    for record in old.records where newPositions.place[Int(record.component)] < 0 {
      removed.append(kind(record, kinds: kinds))
    }
    var added: [String] = []
    for record in new.records where oldPositions.place[Int(record.component)] < 0 {
      added.append(kind(record, kinds: kinds))
    }
    // A kind that one component gave up and another took: the diff pairs them by name.
    let removedKinds = Set(removed.map(BytewiseString.init))
    if added.contains(where: { removedKinds.contains(BytewiseString($0)) }) { return nil }

    // Shared kinds in NEW's order, each with its place in OLD's order.
    var shared: [Int32] = []
    var sharedRecords: [Int] = []
    for recordIndex in newPositions.order {
      let place = oldPositions.place[Int(new.records[recordIndex].component)]
      guard place >= 0 else { continue }
      shared.append(place)
      sharedRecords.append(recordIndex)
    }
    var moved: [String] = []
    for (k, stays) in LongestIncreasingSubsequence.membership(shared).enumerated() where !stays {
      moved.append(kind(new.records[sharedRecords[k]], kinds: kinds))
    }

    func less(_ a: String, _ b: String) -> Bool { a.utf8.lexicographicallyPrecedes(b.utf8) }
    var changes: [(ComponentChange, String?)] = []
    for kind in added.sorted(by: less) {
      changes.append(
        (ComponentChange(kind: kind, previousKind: nil, change: .added, fields: []), slug(kind)))
    }
    for kind in removed.sorted(by: less) {
      changes.append(
        (ComponentChange(kind: kind, previousKind: nil, change: .removed, fields: []), nil))
    }
    let changedHere = changed[index].sorted { less($0.kind, $1.kind) }
    for change in changedHere { changes.append((change, slug(change.kind))) }
    let changedKinds = Set(changedHere.map { BytewiseString($0.kind) })
    for kind in moved.sorted(by: less) where !changedKinds.contains(BytewiseString(kind)) {
      changes.append(
        (ComponentChange(kind: kind, previousKind: nil, change: .moved, fields: []), slug(kind)))
    }
    changes.sort { less($0.0.kind, $1.0.kind) }
    return changes
  }

  /// A tag's records in export order, and each component's place in that order (-1 when it
  /// is not present at the tag).
  private static func positions(of order: TagOrder, components: Int) -> (
    order: [Int], place: [Int32]
  ) {
    let sorted = order.records.indices.sorted {
      order.precedes(order.records[$0], order.records[$1])
    }
    var place = [Int32](repeating: -1, count: components)
    for (position, recordIndex) in sorted.enumerated() {
      place[Int(order.records[recordIndex].component)] = Int32(position)
    }
    return (sorted, place)
  }
}
