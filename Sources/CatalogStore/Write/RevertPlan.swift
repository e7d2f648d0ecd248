import CatalogDiff
import CatalogStorage
import Components

/// The catalog a revert writes, or why it cannot: ``CatalogMerge`` over the three states,
/// each entry keyed by its component.
struct RevertPlan {
  /// Head's catalog with the revision's changes undone, in export order.
  private(set) var entries: [CatalogEntry] = []
  /// Components the revert renames back: the kind they get → their head slot.
  private(set) var renames: [BytewiseString: Int] = [:]
  /// Components absent at head that the revert brings back: their kind → the component.
  private(set) var returning: [BytewiseString: Int64] = [:]
  private(set) var conflicts: [RevertConflict] = []

  /// The member that carries an entry's kind through the merge while the kind itself is the
  /// component's key. A NUL cannot start a member a document brings: the merge's entries are
  /// made here, never read from a file.
  static let kindMember = "\u{0}kind"

  init(revision: Int64, head: Int64, context: any CatalogReadContext) throws {
    let base = try Self.entries(at: revision, context)
    let theirs = try Self.entries(at: revision - 1, context)
    let ours = try Self.entries(at: head, context)
    let merge: CatalogMerge
    do {
      merge = try CatalogMerge(base: base.keyed, ours: ours.keyed, theirs: theirs.keyed)
    } catch {
      throw CatalogError.database(
        DatabaseProblem(.inconsistent, path: "", detail: "revert could not merge: \(error)"))
    }
    // The kind as head names it, else as the revision left it, else as the parent had it.
    func realKind(_ key: String) -> String {
      ours.kinds[key] ?? base.kinds[key] ?? theirs.kinds[key] ?? key
    }
    var paths: [String: [JSONPointer]] = [:]
    for conflict in merge.conflicts {
      var pointer = conflict.entryPointer
      if pointer.tokens.first.map({ $0.hasSameBytes(as: Self.kindMember) }) == true {
        pointer = JSONPointer(["kind"] + pointer.tokens.dropFirst())
      }
      paths[realKind(conflict.kind), default: []].append(pointer)
    }
    guard let merged = merge.entries, paths.isEmpty else {
      conflicts = paths.map { RevertConflict(kind: $0.key, paths: $0.value) }
      conflicts.sort { $0.kind.utf8.lexicographicallyPrecedes($1.kind.utf8) }
      return
    }

    let index = try context.revisionIndex(at: head)
    var slotOfComponent: [Int64: Int] = [:]
    for slot in 0..<index.count { slotOfComponent[index.componentID(slot)] = slot }
    var seen: [BytewiseString: String] = [:]
    for keyed in merged {
      let entry = Self.unkeyed(keyed)
      if let other = seen.updateValue(keyed.kind, forKey: BytewiseString(entry.kind)),
        other != keyed.kind
      {
        // The entry that comes back has a kind head gave to another component.
        conflicts.append(RevertConflict(kind: entry.kind, paths: [.root]))
        continue
      }
      entries.append(entry)
      guard let component = Int64(keyed.kind) else { continue }
      if let slot = slotOfComponent[component] {
        if !index.kind(slot).hasSameBytes(as: entry.kind) {
          renames[BytewiseString(entry.kind)] = slot
        }
      } else {
        returning[BytewiseString(entry.kind)] = component
      }
    }
    if !conflicts.isEmpty { entries = [] }
  }

  /// A revision's entries keyed for the merge, and each key's real kind.
  private struct Keyed {
    var keyed: [CatalogEntry] = []
    var kinds: [String: String] = [:]
  }

  /// The entries at `revision` (none before the first), each with its component id as its
  /// kind and its kind in ``kindMember``.
  private static func entries(at revision: Int64, _ context: any CatalogReadContext) throws
    -> Keyed
  {
    var result = Keyed()
    guard revision > 0 else { return result }
    try context.forEachEntry(at: revision) { stored in
      var entry = stored.entry
      let key = String(stored.componentID)
      result.kinds[key] = entry.kind
      entry.extraMembers.append(
        CatalogEntry.Member(key: kindMember, value: JSONText(.string(entry.kind))))
      entry.memberOrder?.append(kindMember)
      entry.kind = key
      result.keyed.append(entry)
    }
    return result
  }

  /// A merged entry with its kind back in place of its component key.
  private static func unkeyed(_ keyed: CatalogEntry) -> CatalogEntry {
    var entry = keyed
    if let index = entry.extraMembers.firstIndex(where: { $0.key.hasSameBytes(as: kindMember) }) {
      let member = entry.extraMembers.remove(at: index)
      if case .string(let kind)? = try? member.value.value() { entry.kind = kind }
    }
    entry.memberOrder?.removeAll { $0.hasSameBytes(as: kindMember) }
    return entry
  }
}
