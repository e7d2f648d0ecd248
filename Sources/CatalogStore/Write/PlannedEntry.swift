/// One entry of the desired catalog of a write, in order, as ``ChangePlanner`` plans it:
/// 12 bytes, so that a plan for 100,000 entries is about a megabyte.
struct PlannedEntry {
  /// What the write does to the entry.
  enum Status: UInt8 {
    case unchanged
    case changed
    case added
  }

  var status: Status
  /// The entry takes over a component under a new name (see ``ChangePlanner/renames``).
  var isRename = false
  /// The head entry it keeps or replaces (its slot in ``ChangePlanner/index``), or -1.
  var existing: Int32
  /// Its new row in ``PlannedRows`` for added and changed entries, or -1.
  var row: Int32
}
