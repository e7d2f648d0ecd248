/// How a catalog is opened (`Catalog.Options`), whatever its engine.
public struct CatalogOptions: Sendable {
  /// How long a writer waits for another writer's lock before giving up, in seconds.
  public var busyTimeout: Double = 5
  /// Open without the right to write: nothing is created or migrated.
  public var readOnly = false
  /// Create the catalog (its file, or its tables in an empty database) when it does not exist.
  public var create = true

  public init(busyTimeout: Double = 5, readOnly: Bool = false, create: Bool = true) {
    self.busyTimeout = busyTimeout
    self.readOnly = readOnly
    self.create = create
  }
}
