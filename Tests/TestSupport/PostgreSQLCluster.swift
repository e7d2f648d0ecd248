import Foundation

/// A PostgreSQL server for the tests: the one `CATALOG_TEST_POSTGRES_URL` names, or a
/// throwaway cluster this process starts (`Tests/PostgreSQL/throwaway-cluster.sh`) and stops
/// when it exits.
///
/// No test depends on a server started by hand, and none is skipped for want of one: when no
/// server can be had, ``shared()`` throws, and so every test that asks for a database fails
/// with the reason.
///
///     let database = try PostgreSQLTestDatabase()     // a fresh database on shared()
///     let catalog = try Catalog(location: .postgreSQL(database.url))
public final class PostgreSQLCluster: Sendable {
  /// A connection URL for the cluster's `postgres` database, as a superuser.
  public let adminURL: String
  /// The cluster's directory when this process started it; nil for a server given by URL.
  public let directory: String?

  private init(adminURL: String, directory: String?) {
    self.adminURL = adminURL
    self.directory = directory
  }

  /// Why a cluster could not be had.
  public struct Unavailable: Error, CustomStringConvertible {
    public var description: String
  }

  /// The cluster every test shares: `$CATALOG_TEST_POSTGRES_URL` when set (CI sets it),
  /// otherwise one started on first use and stopped when the process exits.
  ///
  /// - Throws: ``Unavailable`` with the script's output when the cluster cannot start.
  public static func shared() throws -> PostgreSQLCluster {
    try sharedCluster.get()
  }

  private static let sharedCluster: Result<PostgreSQLCluster, Unavailable> = {
    if let url = ProcessInfo.processInfo.environment["CATALOG_TEST_POSTGRES_URL"], !url.isEmpty {
      return .success(PostgreSQLCluster(adminURL: url, directory: nil))
    }
    do {
      let cluster = try start()
      sharedDirectory.withLock { $0 = cluster.directory }
      atexit {
        if let directory = PostgreSQLCluster.sharedDirectory.withLock({ $0 }) {
          PostgreSQLCluster.stop(directory: directory)
        }
      }
      return .success(cluster)
    } catch let error as Unavailable {
      return .failure(error)
    } catch {
      return .failure(Unavailable(description: "\(error)"))
    }
  }()

  private static let sharedDirectory = LockedValue<String?>(nil)

  /// Starts a private cluster, for the tests that restart or stop their server.
  /// The caller stops it with ``stop()``.
  public static func start() throws -> PostgreSQLCluster {
    // A short path: the socket's path must fit in 107 bytes.
    var template = Array("/tmp/catalog-pg-XXXXXX".utf8CString)
    guard let created = mkdtemp(&template) else {
      throw Unavailable(description: "cannot create a directory for PostgreSQL: errno \(errno)")
    }
    let directory = String(cString: created)
    let result = try runScript(["start", directory])
    guard result.status == 0, let url = result.stdout.split(separator: "\n").last else {
      try? FileManager.default.removeItem(atPath: directory)
      throw Unavailable(
        description: "the throwaway PostgreSQL cluster did not start (exit \(result.status)): "
          + result.stderr)
    }
    return PostgreSQLCluster(adminURL: String(url), directory: directory)
  }

  /// `pg_ctl restart -m fast`: disconnects every client, then accepts connections again.
  public func restart() throws {
    guard let directory else {
      throw Unavailable(description: "only a cluster this process started can be restarted")
    }
    let result = try Self.runScript(["restart", directory])
    guard result.status == 0 else {
      throw Unavailable(description: "pg_ctl restart failed: \(result.stderr)")
    }
  }

  /// Stops a cluster this process started and removes its directory.
  public func stop() {
    if let directory {
      Self.stop(directory: directory)
    }
  }

  private static func stop(directory: String) {
    _ = try? runScript(["stop", directory])
    try? FileManager.default.removeItem(atPath: directory)
  }

  /// `Tests/PostgreSQL/throwaway-cluster.sh`, found from this file's path.
  public static let script = Fixtures.directory.deletingLastPathComponent()
    .appendingPathComponent("PostgreSQL/throwaway-cluster.sh")

  private static func runScript(_ arguments: [String]) throws -> CommandResult {
    try runCommand("/bin/bash", [script.path] + arguments)
  }
}
