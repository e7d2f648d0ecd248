import Components

extension CatalogDiff {
  /// A kind in both catalogs whose values differ, with every change.
  public struct ChangedEntry: Sendable, Hashable {
    public var kind: String
    /// The kind in OLD when the component was renamed (both operands are catalog revisions,
    /// which know identities); its first change is then `ENTRY_RENAMED` at `/kind`.
    public var renamedFrom: String?
    public var oldIndex: Int
    public var newIndex: Int
    /// In entry order: category, description, the payload in document order, other members.
    public var changes: [Change]
    /// The edits that turn the old entry into the new one, as patch generation applies them:
    /// pointers relative to the entry, array indices as they are after the edits before.
    var edits: [ValueEdit]
  }

  /// One changed field of an entry.
  ///
  /// Array indices in ``pointer`` are NEW's, except for a removed element, whose index is OLD's.
  public struct Change: Sendable, Hashable {
    /// Where the change is, relative to the entry: `/payload/insets/top`, `/category`.
    public var pointer: JSONPointer
    /// The old value, or `nil` when the key or element was added.
    public var old: JSONValue?
    /// The new value, or `nil` when the key or element was removed.
    public var new: JSONValue?
    public var rule: ChangeRule

    public init(pointer: JSONPointer, old: JSONValue?, new: JSONValue?, rule: ChangeRule) {
      self.pointer = pointer
      self.old = old
      self.new = new
      self.rule = rule
    }

    public var changeClass: ChangeClass { rule.changeClass }
  }
}

/// One step of turning an old entry into a new one; pointers are relative to the entry.
enum ValueEdit: Sendable, Hashable {
  case add(JSONPointer, new: JSONValue)
  case remove(JSONPointer, old: JSONValue)
  case replace(JSONPointer, old: JSONValue, new: JSONValue)

  var pointer: JSONPointer {
    switch self {
    case .add(let pointer, _), .remove(let pointer, _), .replace(let pointer, _, _): return pointer
    }
  }
}
