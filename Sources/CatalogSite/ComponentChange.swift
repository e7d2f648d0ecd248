import CatalogDiff
import CatalogStore
import Components

/// What one revision did to one component, as the pages show it.
///
/// The site computes no change itself: which components a revision touched, and renames,
/// come from the store (which keeps component identities); the field changes of a changed
/// component, with their rules and classes, come from ``CatalogDiff`` comparing the
/// component's two states, exactly as `catalog diff` compares entries.
struct ComponentChange {
  /// The kind after the revision (for a removal, the kind that was removed).
  var kind: String
  /// The kind before, when the revision renamed the component.
  var previousKind: String?
  var change: EntryChange
  /// Field changes in entry order; empty for additions, removals and moves.
  var fields: [CatalogDiff.Change]

  /// The classes present, the way `catalog diff` counts them: an addition is additive, a
  /// removal and a rename breaking.
  var classes: [ChangeClass] {
    var classes = fields.map(\.changeClass)
    switch change {
    case .added: classes.append(.additive)
    case .removed: classes.append(.breaking)
    case .renamed: classes.append(.breaking)
    case .changed, .moved: break
    }
    return classes
  }

  /// Reads both states of the component from the catalog and compares them.
  static func load(
    from catalog: Catalog, kind: String, previousKind: String?, change: EntryChange,
    revision: Int64
  ) throws -> ComponentChange {
    var result = ComponentChange(
      kind: kind, previousKind: previousKind.flatMap { $0.hasSameBytes(as: kind) ? nil : $0 },
      change: change,
      fields: [])
    guard change == .changed || change == .renamed, revision > 1 else { return result }
    result.fields = try fields(
      of: catalog, from: previousKind ?? kind, at: revision - 1, to: kind, at: revision)
    return result
  }

  /// The field changes of one component between two revisions, where it is `oldKind` and
  /// `newKind`: ``CatalogDiff`` over its two states, a rename undone for the comparison (it
  /// is shown as a rename).
  static func fields(
    of catalog: Catalog, from oldKind: String, at oldRevision: Int64, to newKind: String,
    at newRevision: Int64
  ) throws -> [CatalogDiff.Change] {
    let new = try catalog.entry(newKind, at: .number(newRevision))
    var old = try catalog.entry(oldKind, at: .number(oldRevision))
    old.kind = new.kind
    return try CatalogDiff(old: [old], new: [new]).changed.first?.changes ?? []
  }
}
