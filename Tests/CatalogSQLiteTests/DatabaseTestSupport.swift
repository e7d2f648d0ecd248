import Foundation
import TestSupport
import Testing

@testable import CatalogSQLite
@testable import CatalogStore

/// Creates a database at `path` and runs `script` on it, closing it before returning.
func makeDatabaseFile(at path: String, script: String) throws {
  let db = try Database(path: path, mode: .readWrite(create: true))
  try db.execute(script: script)
}

/// The names of the tables in `db`, sorted.
func tableNames(_ db: Database) throws -> [String] {
  let statement = try db.makeStatement(
    sql: "SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
  var names: [String] = []
  while try statement.step() {
    names.append(statement.string(at: 0) ?? "")
  }
  return names
}

/// A fresh catalog of `engine`, and where it lives (kept alive by the caller).
func openCatalog(_ engine: TestEngine) throws -> (TestLocation, Catalog) {
  let location = try engine.makeLocation()
  return (location, try Catalog(path: location.text))
}
