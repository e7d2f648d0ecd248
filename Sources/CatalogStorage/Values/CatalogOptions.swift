/// How a catalog is opened (`Catalog.Options`), whatever its engine.
public struct CatalogOptions: Sendable {
  /// How long a writer waits for another writer's lock before giving up, in seconds.
  public var busyTimeout: Double = 5
  /// Open without the right to write: nothing is created or migrated.
  public var readOnly = false
  /// Create the catalog (its file, or its tables in an empty database) when it does not exist.
  public var create = true
  /// Seconds added to this process's clock where an engine takes the writer's clock for a
  /// revision's time (SQLite; PostgreSQL takes the server's and ignores it): what tests use
  /// to play a writer whose clock is wrong (`CATALOG_TEST_CLOCK_SKEW`, docs/cli.md). 0, the
  /// default, is the clock as it is.
  public var clockSkew: Double = 0

  /// The longest busy timeout, in seconds: both engines count it in milliseconds in a
  /// 32-bit integer (`sqlite3_busy_timeout`, PostgreSQL's `lock_timeout`), 2,147,483,647 ms.
  public static let maximumBusyTimeout: Double = 2_147_483

  /// `seconds` within 0 ... ``maximumBusyTimeout`` (NaN is 0), as the engines use it.
  public static func clampedBusyTimeout(_ seconds: Double) -> Double {
    seconds.isNaN ? 0 : min(max(seconds, 0), maximumBusyTimeout)
  }

  public init(
    busyTimeout: Double = 5, readOnly: Bool = false, create: Bool = true, clockSkew: Double = 0
  ) {
    self.busyTimeout = busyTimeout
    self.readOnly = readOnly
    self.create = create
    self.clockSkew = clockSkew
  }
}
