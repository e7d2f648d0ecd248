import CatalogDiff
import CatalogStore
import Components

/// What one revision did to one component, as the pages show it.
///
/// The site computes no change itself: which components a revision touched, and renames,
/// come from the store (which keeps component identities); the field changes of a changed
/// component, with their rules and classes, come from ``CatalogDiff`` comparing the
/// component's two states (``ComponentHistory/history(revision:)``, the answer of
/// `catalog history`), exactly as `catalog diff` compares entries.
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
}

extension ComponentChange {
  /// A history item as the pages show it: the change model's changes, the rename as a
  /// rename rather than an `ENTRY_RENAMED` field.
  init(_ item: KindHistoryItem) {
    self.init(
      kind: item.kind, previousKind: item.previousKind, change: item.change,
      fields: item.changes.filter { $0.rule != .entryRenamed })
  }
}
