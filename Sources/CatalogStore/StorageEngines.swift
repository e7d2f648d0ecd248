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
    -> [String]?
  {
    try all.first { $0.name == location.engine }?.integrityCheck(location, options: options)
  }
}
