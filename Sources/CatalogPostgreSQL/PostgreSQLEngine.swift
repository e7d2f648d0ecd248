import CatalogStorage

/// The PostgreSQL engine: a catalog in the tables of one database (its current schema),
/// shared by every machine that can reach the server.
package enum PostgreSQLEngine: StorageEngine {
  package static let name = "postgresql"

  package static func open(_ location: CatalogLocation, options: CatalogOptions) throws
    -> any CatalogStorage
  {
    guard case .postgresql(let connection) = location else {
      throw CatalogError.unavailable(
        location: location.description, reason: "not a PostgreSQL location")
    }
    return try PostgreSQLCatalogStorage(
      connection: connection, location: location, options: options)
  }
}
