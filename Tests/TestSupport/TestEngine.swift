import Foundation

/// The storage engines every engine-neutral suite runs against: `@Test(arguments:
/// TestEngine.allCases)`, one suite for both, not a copy per engine.
public enum TestEngine: String, CaseIterable, Sendable, CustomStringConvertible {
  case sqlite
  case postgresql

  public var description: String { rawValue }

  /// A fresh, empty catalog location for this engine: a file in a new temporary directory,
  /// or a new database on the test cluster.
  public func makeLocation(fileName: String = "catalog.sqlite") throws -> TestLocation {
    try TestLocation(engine: self, fileName: fileName)
  }
}

/// Where a test's catalog lives, and a temporary directory for its other files.
public final class TestLocation: Sendable {
  public let engine: TestEngine
  /// A fresh directory: the SQLite file's, and the place for the test's input files.
  public let directory: TemporaryDirectory
  /// The PostgreSQL database, for the `postgresql` engine.
  public let database: PostgreSQLTestDatabase?
  /// What `--database` and `Catalog(path:)` take: the file's path, or the database's URL.
  public let text: String

  public init(engine: TestEngine, fileName: String = "catalog.sqlite") throws {
    self.engine = engine
    directory = try TemporaryDirectory()
    switch engine {
    case .sqlite:
      database = nil
      text = directory.path(fileName)
    case .postgresql:
      let database = try PostgreSQLTestDatabase()
      self.database = database
      text = database.url
    }
  }

  /// Another empty location of the same engine, sharing this one's directory.
  public func sibling(fileName: String) throws -> String {
    switch engine {
    case .sqlite: return directory.path(fileName)
    case .postgresql: return try PostgreSQLTestDatabase(cluster: database?.cluster).url
    }
  }
}
