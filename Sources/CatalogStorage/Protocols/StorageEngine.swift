/// A database engine the catalog can live in: opens the locations it understands.
///
/// Each engine target (`CatalogSQLite`, `CatalogPostgreSQL`) has one type conforming to this;
/// `CatalogStore`'s `StorageEngines` table lists them, and `Catalog` opens every location
/// through that table, so nothing above the seam names an engine.
package protocol StorageEngine: Sendable {
  /// The engine's name, as ``CatalogLocation/engine`` gives it: `"sqlite"`, `"postgresql"`.
  static var name: String { get }

  /// Opens the catalog at `location` (whose ``CatalogLocation/engine`` is ``name``).
  ///
  /// Unless `options.readOnly`, the engine creates the catalog when it does not exist and
  /// `options.create` allows it, and applies its pending migrations
  /// (`EmbeddedMigrations.migrations(engine: name)`), each in its own transaction together
  /// with the record that it ran. It refuses, changing nothing, a database whose schema is
  /// newer than this code or that is not a catalog. Read-only, it creates and migrates
  /// nothing: a missing catalog is ``CatalogError/noCatalog(location:_:)``.
  ///
  /// - Throws: ``CatalogError``: `.noCatalog` when there is no catalog to read, `.unavailable`
  ///   when the server cannot be reached or refuses the connection, `.database` with a
  ///   ``DatabaseProblem`` when the database is not a catalog (`.notACatalog`), is damaged,
  ///   is newer than this code (`.schemaNewer`), or cannot be written. Problems and messages
  ///   name the location by its ``CatalogLocation/description``, which never shows a
  ///   password.
  static func open(_ location: CatalogLocation, options: CatalogOptions) throws
    -> any CatalogStorage

  /// The engine's own integrity check, for a catalog too damaged to open (`catalog doctor`
  /// on a file whose schema cannot be read); nil when the engine has no such check.
  static func integrityCheck(_ location: CatalogLocation, options: CatalogOptions) throws
    -> IntegrityCheckReport?

  /// The files on this machine that hold the catalog at `location`, which an export must
  /// never write over; nil when the engine keeps none here (a server's). Asks nothing of
  /// the file system.
  static func localFiles(of location: CatalogLocation) -> LocalCatalogFiles?

  /// Whether the regular file at `path` holds a catalog of this engine, by its first bytes
  /// (an export refuses to write over any catalog, not only the one it reads).
  static func holdsCatalog(file path: String) -> Bool

  /// Whether there is certainly no catalog at `location` yet, known without opening it: a
  /// write would create it. False when only opening it can tell (a server's database).
  static func isVacant(_ location: CatalogLocation) -> Bool

  /// Where this engine can keep a throwaway catalog in `directory`, an empty directory the
  /// caller removes afterwards; nil when its catalogs live elsewhere (on a server).
  static func scratchLocation(in directory: String) -> CatalogLocation?

  /// Makes the engine's process-wide settings, if it has any: called once by an executable
  /// before it starts threads or opens a catalog, never by a library (another user of the
  /// same C library in the process may want other settings). Does nothing by default.
  static func configureProcess()
}

extension StorageEngine {
  package static func configureProcess() {}

  package static func integrityCheck(_ location: CatalogLocation, options: CatalogOptions)
    throws -> IntegrityCheckReport?
  {
    nil
  }

  package static func localFiles(of location: CatalogLocation) -> LocalCatalogFiles? { nil }

  package static func holdsCatalog(file path: String) -> Bool { false }

  package static func isVacant(_ location: CatalogLocation) -> Bool { false }

  package static func scratchLocation(in directory: String) -> CatalogLocation? { nil }
}
