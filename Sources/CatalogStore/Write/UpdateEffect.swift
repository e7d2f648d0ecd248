import CatalogDiff
import Components

/// What an update (`catalog patch`) does to the catalog it was computed on, by kind and JSON
/// Pointer, with old and new values: how ``Catalog/update(options:source:operation:interleave:_:)``
/// decides that a patch computed again on a head another writer moved still means what it
/// meant on the head it was first computed on.
///
/// Positions are left out on purpose (another writer's addition elsewhere shifts them), but
/// kinds and values are not: a patch whose index now names another kind, or whose change now
/// replaces another writer's value, makes another effect, and is refused.
struct UpdateEffect: Equatable {
  struct EntryChanges: Equatable {
    var kind: String
    var changes: [CatalogDiff.Change]
  }

  var changed: [EntryChanges]
  var added: [CatalogEntry]
  var removed: [CatalogEntry]
  var moved: [String]
  var frameMembers: [CatalogDiff.FrameChange.Member]
  var formChanged: Bool
  var memberOrderChanged: Bool

  init(
    from old: [CatalogEntry], _ oldFrame: DocumentFrame, to new: [CatalogEntry],
    _ newFrame: DocumentFrame
  ) throws {
    var diff: CatalogDiff
    do {
      diff = try CatalogDiff(old: old, new: new, renames: [:])
    } catch {
      throw CatalogError.database(.inconsistent("the catalogs cannot be compared: \(error)"))
    }
    diff.compareFrames(old: oldFrame, new: newFrame)
    changed = diff.changed.map { EntryChanges(kind: $0.kind, changes: $0.changes) }
    added = diff.added.map(\.entry)
    removed = diff.removed.map(\.entry)
    moved = diff.movedKinds
    frameMembers = diff.frame?.members ?? []
    formChanged = diff.frame?.formChanged ?? false
    memberOrderChanged = diff.frame?.orderChanged ?? false
  }

  /// The kinds the update touches, sorted by bytes, and `(the top-level members)` when it
  /// changes the frame: what a refusal names.
  var touched: [String] {
    var kinds = Set(changed.map { BytewiseString($0.kind) })
    kinds.formUnion(added.map { BytewiseString($0.kind) })
    kinds.formUnion(removed.map { BytewiseString($0.kind) })
    kinds.formUnion(moved.map { BytewiseString($0) })
    var names = kinds.sorted().map { "\"\($0.string)\"" }
    if !frameMembers.isEmpty || formChanged || memberOrderChanged {
      names.append("the top-level members")
    }
    return names
  }

  /// Says how `self` (on the new head) differs from `first` (on the head the patch was
  /// first applied to), for a message.
  func difference(from first: UpdateEffect) -> String {
    let before = first.touched
    let now = touched
    func list(_ names: [String]) -> String {
      names.isEmpty ? "nothing" : names.joined(separator: ", ")
    }
    if before != now {
      return "it changed \(list(before)) and would now change \(list(now))"
    }
    return "it would change \(list(now)) from other values or to other values"
  }
}
