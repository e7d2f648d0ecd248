import CSQLite
import Foundation

/// A connection of the test's own to a catalog file, straight through the SQLite C API and
/// behind the catalog's back: to hold the write lock while the binary waits, to plant damage
/// or a migration from the future, to check integrity. It shares no code with the catalog's
/// SQLite engine, so the tests that use it see the file as any other SQLite client would.
public final class RawSQLite {
  /// How a test opens the file.
  public enum Mode: Sendable {
    case readOnly
    case readWrite
    /// Read and write, creating the file when it does not exist.
    case create
  }

  /// An SQLite call failed: its message and the statement.
  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  private let handle: OpaquePointer

  public init(path: String, mode: Mode = .readWrite) throws {
    var handle: OpaquePointer?
    let flags: Int32
    switch mode {
    case .readOnly: flags = SQLITE_OPEN_READONLY
    case .readWrite: flags = SQLITE_OPEN_READWRITE
    case .create: flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
    }
    let code = sqlite3_open_v2(path, &handle, flags, nil)
    guard code == SQLITE_OK, let handle else {
      let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
      sqlite3_close_v2(handle)
      throw Failure(description: "\(path): \(message)")
    }
    self.handle = handle
  }

  deinit { sqlite3_close_v2(handle) }

  /// Runs statements separated by semicolons, with no parameters.
  public func execute(_ script: String) throws {
    var error: UnsafeMutablePointer<CChar>?
    guard sqlite3_exec(handle, script, nil, nil, &error) == SQLITE_OK else {
      let message = error.map { String(cString: $0) } ?? "unknown error"
      sqlite3_free(error)
      throw Failure(description: "\(message) in: \(script)")
    }
  }

  /// Runs one statement with text parameters bound to `?1`, `?2`, …
  public func execute(_ sql: String, _ texts: [String]) throws {
    _ = try rows(sql, texts)
  }

  /// The first column of the first row of `sql`, as text; nil when there is no row or it is
  /// NULL.
  public func text(_ sql: String) throws -> String? {
    try rows(sql, []).first ?? nil
  }

  /// The first column of every row of `sql`, as text.
  private func rows(_ sql: String, _ texts: [String]) throws -> [String?] {
    var statement: OpaquePointer?
    guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else {
      throw Failure(description: "\(String(cString: sqlite3_errmsg(handle))) in: \(sql)")
    }
    defer { sqlite3_finalize(statement) }
    let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    for (i, text) in texts.enumerated() {
      sqlite3_bind_text(statement, Int32(i + 1), text, -1, transient)
    }
    var values: [String?] = []
    while true {
      switch sqlite3_step(statement) {
      case SQLITE_ROW:
        values.append(sqlite3_column_text(statement, 0).map { String(cString: $0) })
      case SQLITE_DONE:
        return values
      default:
        throw Failure(description: "\(String(cString: sqlite3_errmsg(handle))) in: \(sql)")
      }
    }
  }

  /// Makes at `path` what an older `catalog` left behind after a failed first write: the
  /// catalog's schema, marked as a catalog, with no revision. The schema comes from the
  /// migration files in `Migrations/sqlite`, recorded in `schema_migration` as the catalog's
  /// migrator records them.
  public static func catalogWithoutRevisions(at path: String) throws {
    let db = try RawSQLite(path: path, mode: .create)
    let folder = Fixtures.directory.deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Migrations/sqlite")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".sql") }.sorted()
    guard !names.isEmpty else { throw Failure(description: "no migrations in \(folder.path)") }
    try db.execute(
      """
      BEGIN;
      PRAGMA application_id = 1128354887;
      CREATE TABLE schema_migration (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL);
      """)
    for name in names {
      try db.execute(
        String(decoding: try Data(contentsOf: folder.appendingPathComponent(name)), as: UTF8.self))
      try db.execute(
        "INSERT INTO schema_migration (name, applied_at) VALUES (?1, '2026-01-01T00:00:00.000Z')",
        [String(name.dropLast(4))])
    }
    try db.execute("COMMIT")
  }
}
