import CatalogPostgreSQL
import CatalogSQLite
import CatalogStorage

/// The storage engines this build can open, by name: the one place above the seam that names
/// an engine. A new engine is one more row here and a dependency of this target.
package enum StorageEngines {
  static let all: [any StorageEngine.Type] = [SQLiteEngine.self, PostgreSQLEngine.self]

  /// Every engine's process-wide settings (``StorageEngine/configureProcess()``): for an
  /// executable to call first, before it starts threads.
  package static func configureProcess() {
    for engine in all { engine.configureProcess() }
  }

  /// Opens `location` with the engine named by its ``CatalogLocation/engine``.
  ///
  /// - Throws: ``CatalogError/unavailable(location:reason:)`` when this build has no such
  ///   engine; otherwise what the engine throws.
  static func open(_ location: CatalogLocation, options: CatalogOptions) throws
    -> any CatalogStorage
  {
    guard let engine = all.first(where: { $0.name == location.engine }) else {
      throw CatalogError.unavailable(
        location: location.description,
        reason: "this build of catalog has no \(location.engine) engine")
    }
    return try engine.open(location, options: options)
  }

  /// The engine's integrity check of `location` without opening it as a catalog, or nil
  /// when its engine has none (``StorageEngine/integrityCheck(_:options:)``).
  static func integrityCheck(_ location: CatalogLocation, options: CatalogOptions) throws
    -> IntegrityCheckReport?
  {
    try engine(of: location)?.integrityCheck(location, options: options)
  }

  /// The files on this machine that hold the catalog at `location`
  /// (``StorageEngine/localFiles(of:)``); nil when there are none.
  static func localFiles(of location: CatalogLocation) -> LocalCatalogFiles? {
    engine(of: location)?.localFiles(of: location)
  }

  /// Whether the regular file at `path` holds a catalog of any engine
  /// (``StorageEngine/holdsCatalog(file:)``).
  static func holdCatalog(file path: String) -> Bool {
    all.contains { $0.holdsCatalog(file: path) }
  }

  /// Whether there is certainly no catalog at `location` yet (``StorageEngine/isVacant(_:)``).
  static func isVacant(_ location: CatalogLocation) -> Bool {
    engine(of: location)?.isVacant(location) ?? false
  }

  /// A location for a throwaway catalog in `directory`: the first engine's that keeps
  /// catalogs on this machine (``StorageEngine/scratchLocation(in:)``).
  static func scratchLocation(in directory: String) -> CatalogLocation? {
    all.lazy.compactMap { $0.scratchLocation(in: directory) }.first
  }

  private static func engine(of location: CatalogLocation) -> (any StorageEngine.Type)? {
    all.first { $0.name == location.engine }
  }
}
