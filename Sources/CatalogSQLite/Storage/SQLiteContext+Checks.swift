import CatalogStorage

/// `catalog doctor`'s look at the file itself.
extension SQLiteContext {
  /// SQLite's `integrity_check` (damaged pages and indexes: the file is damaged), then, on a
  /// sound file, its `foreign_key_check` (https://sqlite.org/pragma.html#pragma_integrity_check)
  /// and whether `payload_hash` holds each payload's hash and nothing else.
  func storageCheck() throws -> StorageCheck {
    let damage = try integrityProblems()
    guard damage.isEmpty else {
      return StorageCheck(problems: damage, isDamaged: true, passed: "")
    }
    return StorageCheck(
      problems: try foreignKeyProblems() + payloadHashProblems() + kindVersionProblems(),
      passed: "integrity_check ok, foreign keys ok, payload hashes ok, kinds ok")
  }

  /// `kind_version` against `entry_version` (no foreign key either): an entry version
  /// without its row would not be found by its kind, so a kind that comes back would start
  /// a new component.
  func kindVersionProblems() throws -> [String] {
    try flushPendingVersions()
    let missing: Int64 =
      try database.scalar(
        sql: """
          SELECT count(*) FROM entry_version AS v
          WHERE NOT EXISTS (SELECT 1 FROM kind_version AS k
                            WHERE k.kind = v.kind AND k.revision_id = v.revision_id
                              AND k.component_id = v.component_id)
          """) ?? 0
    let stray: Int64 =
      try database.scalar(
        sql: """
          SELECT count(*) FROM kind_version AS k
          WHERE NOT EXISTS (SELECT 1 FROM entry_version AS v
                            WHERE v.component_id = k.component_id
                              AND v.revision_id = k.revision_id AND v.kind = k.kind)
          """) ?? 0
    return LookupTableCheck.kindVersion(missing: missing, stray: stray)
  }

  /// `payload_hash` against `payload` (it has no foreign key, so SQLite does not check it):
  /// a payload without its row cannot be found by its hash, and would be stored again.
  func payloadHashProblems() throws -> [String] {
    try flushPendingPayloads()
    let missing: Int64 =
      try database.scalar(
        sql: """
          SELECT count(*) FROM payload AS p
          WHERE NOT EXISTS (SELECT 1 FROM payload_hash AS h
                            WHERE h.hash = p.hash AND h.payload_id = p.id)
          """) ?? 0
    let stray: Int64 =
      try database.scalar(
        sql: """
          SELECT count(*) FROM payload_hash AS h
          WHERE NOT EXISTS (SELECT 1 FROM payload AS p WHERE p.id = h.payload_id AND p.hash = h.hash)
          """) ?? 0
    return LookupTableCheck.payloadHash(missing: missing, stray: stray)
  }

  func integrityProblems() throws -> [String] {
    try flushPendingVersions()
    return try SQLiteCatalogStorage.integrityFindings(of: database)
  }

  func foreignKeyProblems() throws -> [String] {
    try flushPendingVersions()
    var problems: [String] = []
    // One line per broken relation rather than per row: a lost revision orphans every row
    // that it wrote.
    var orphans: [(table: String, parent: String, rows: Int)] = []
    let foreignKeys = try database.makeStatement(sql: "PRAGMA foreign_key_check")
    while try foreignKeys.step() {
      let table = foreignKeys.string(at: 0) ?? "?"
      let parent = foreignKeys.string(at: 2) ?? "?"
      if let index = orphans.firstIndex(where: { $0.table == table && $0.parent == parent }) {
        orphans[index].rows += 1
      } else {
        orphans.append((table, parent, 1))
      }
    }
    // In table order, whatever order SQLite walks the schema in.
    orphans.sort { ($0.table, $0.parent) < ($1.table, $1.parent) }
    for (table, parent, rows) in orphans {
      problems.append(
        rows == 1
          ? "foreign_key_check: a row of \(table) refers to a missing row of \(parent)"
          : "foreign_key_check: \(rows) rows of \(table) refer to missing rows of \(parent)")
    }
    return problems
  }
}
