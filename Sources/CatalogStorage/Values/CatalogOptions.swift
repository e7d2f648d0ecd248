/// How a catalog is opened (`Catalog.Options`), whatever its engine.
public struct CatalogOptions: Sendable {
  /// How long a writer waits for another writer's lock before giving up, in seconds.
  public var busyTimeout: Double = 5
  /// Open without the right to write: nothing is created or migrated.
  public var readOnly = false
  /// Create the catalog (its file, or its tables in an empty database) when it does not exist.
  public var create = true

  /// The longest busy timeout, in seconds: both engines count it in milliseconds in a
  /// 32-bit integer (`sqlite3_busy_timeout`, PostgreSQL's `lock_timeout`), 2,147,483,647 ms.
  public static let maximumBusyTimeout: Double = 2_147_483

  /// `seconds` within 0 ... ``maximumBusyTimeout`` (NaN is 0), as the engines use it.
  public static func clampedBusyTimeout(_ seconds: Double) -> Double {
    seconds.isNaN ? 0 : min(max(seconds, 0), maximumBusyTimeout)
  }

  public init(busyTimeout: Double = 5, readOnly: Bool = false, create: Bool = true) {
    self.busyTimeout = busyTimeout
    self.readOnly = readOnly
    self.create = create
  }
}
