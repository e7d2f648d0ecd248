import CatalogStorage

/// The catalog derived revision by revision, to check that each revision's catalog holds
/// every kind and every order key once.
struct DerivedCatalog {
  /// Present components: component → (kind, order key).
  var entries: [Int64: (kind: String, orderKey: String)] = [:]
  var kinds: [String: Int64] = [:]
  var holders: [String: Int64] = [:]

  /// Applies one revision's rows and returns what is wrong with the result.
  mutating func apply(_ rows: [EntryVersion]) -> [String] {
    for row in rows {
      if let old = entries.removeValue(forKey: row.componentID) {
        if kinds[old.kind] == row.componentID { kinds[old.kind] = nil }
        if holders[old.orderKey] == row.componentID { holders[old.orderKey] = nil }
      }
    }
    var problems: [String] = []
    for row in rows where row.change != .removed {
      if let other = kinds[row.entry.kind] {
        problems.append(
          "revision \(row.revision) holds kind \"\(row.entry.kind)\" twice (components \(other) and \(row.componentID))"
        )
      }
      if let other = holders[row.orderKey] {
        problems.append(
          "revision \(row.revision) gives components \(other) and \(row.componentID) the same order key '\(row.orderKey)'"
        )
      }
      entries[row.componentID] = (row.entry.kind, row.orderKey)
      kinds[row.entry.kind] = row.componentID
      holders[row.orderKey] = row.componentID
    }
    return problems
  }
}
