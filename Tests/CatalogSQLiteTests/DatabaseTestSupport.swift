import Foundation
import TestSupport
import Testing

@testable import CatalogSQLite
@testable import CatalogStore

/// Calls `body` with the path of `name` in a fresh temporary directory, which is removed
/// afterwards with everything in it.
func withTemporaryDatabasePath<R>(
  named name: String = "catalog.sqlite",
  _ body: (String) throws -> R
) throws -> R {
  let directory = try TemporaryDirectory()
  return try withExtendedLifetime(directory) { try body(directory.path(name)) }
}

/// The bytes of the file at `path`, or nil when there is no such file.
func fileBytes(_ path: String) -> Data? {
  FileManager.default.contents(atPath: path)
}

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

/// An error thrown by test bodies, to tell it from the errors the code under test throws.
struct ExpectedFailure: Error, Equatable {
  var reason = "thrown on purpose"
}

/// The error of type `E` that `body` throws; records an issue and throws when it throws
/// nothing. Another error is rethrown.
///
/// Used instead of `#expect(throws:)` and `#require(throws:)`, and no closure is written
/// inside a macro: with the 6.3.1 toolchain, in a closure, `let error = try #require(throws:)
/// { … }` followed by another closure literal gives both closures one symbol. The compiler then
/// crashes ("function type mismatch") when their types differ, and silently runs the macro's
/// closure in place of the later one when they match.
func requireError<E: Error, R>(
  _: E.Type,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ body: () throws -> R
) throws -> E {
  do {
    _ = try body()
  } catch let error as E {
    return error
  }
  Issue.record(
    "expected an error of type \(E.self), but nothing was thrown", sourceLocation: sourceLocation)
  throw ExpectedFailure(reason: "no error thrown")
}
