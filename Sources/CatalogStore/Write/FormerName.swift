import Components

/// An entry of a file whose kind is no longer in the catalog because the catalog renamed the
/// component that bore it: a file generated before `catalog rename tile-preview tile-card`
/// still says `tile-preview`. Importing it as it is would add `tile-preview` back as a new
/// component beside `tile-card`: the rename trap (docs/cli.md, "Former names").
public struct FormerName: Sendable, Hashable {
  /// The kind the file uses, a name the component had before.
  public var kind: String
  /// The name the component has at head.
  public var currentKind: String
  /// The revision that renamed it away from `kind` (its first state under another name).
  public var renamedIn: Int64
  /// The entry's index in the file, and where it starts (nil without a file).
  public var entryIndex: Int
  public var position: SourcePosition?

  /// `"tile-preview" was renamed to "tile-card" in revision 3`.
  public var description: String {
    "\(JSONValue.string(kind).canonicalText) was renamed to "
      + "\(JSONValue.string(currentKind).canonicalText) in revision \(renamedIn)"
  }
}

/// What a write does with a ``FormerName``.
public enum FormerNames: Sendable, Hashable {
  /// Refuse the write, saying which names and how to go on (`catalog import`'s default).
  case refuse
  /// Treat the entry as the renamed component: it updates that component, which keeps the
  /// name the catalog gave it (`--follow-renames`).
  case follow
  /// Add the entry as a new component under the old name (`--allow-former-names`).
  case addAsNew
}
