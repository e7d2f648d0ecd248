import Foundation

/// A fresh, empty database on a test cluster.
///
/// It is not dropped when the value goes away (ARC may release the value before the last use
/// of a catalog opened on it, and a drop would cut that catalog's connection): the test
/// cluster is thrown away whole when the tests end.
///
///     let database = try PostgreSQLTestDatabase()
///     try CatalogProcess.run(["--database", database.url, "import", path], in: directory)
public final class PostgreSQLTestDatabase: Sendable {
  /// The cluster the database is on.
  public let cluster: PostgreSQLCluster
  /// The database's name: `catalog_test_` and a random suffix.
  public let name: String
  /// A connection URL for the database, as the cluster's superuser.
  public let url: String

  /// Creates the database on `cluster`, by default the shared one, in the server's default
  /// encoding or in `encoding` (such as `LATIN1`, with the C locale).
  ///
  /// - Throws: ``PostgreSQLCluster/Unavailable`` when there is no server, or `psql` fails.
  public init(cluster: PostgreSQLCluster? = nil, encoding: String? = nil) throws {
    let cluster = try cluster ?? PostgreSQLCluster.shared()
    self.cluster = cluster
    name = "catalog_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    url = try PostgreSQLTestDatabase.url(cluster.adminURL, database: name)
    let options =
      encoding.map { " ENCODING '\($0)' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0" } ?? ""
    try cluster.psql("CREATE DATABASE \(name)\(options)")
  }

  /// A URL for the same database as another role (logging in with `password` if given).
  public func url(role: String, password: String? = nil) throws -> String {
    var url = try PostgreSQLTestDatabase.url(cluster.adminURL, database: name)
    url = url.replacingOccurrences(of: "user=postgres", with: "user=\(role)")
    if !url.contains("user=\(role)") {
      url += (url.contains("?") ? "&" : "?") + "user=\(role)"
    }
    if let password {
      url += "&password=\(password)"
    }
    return url
  }

  /// Runs SQL on this database as the superuser.
  @discardableResult
  public func psql(_ sql: String) throws -> String {
    try cluster.psql(sql, url: url)
  }

  /// `admin` with its database (the URI's path) replaced by `database`.
  static func url(_ admin: String, database: String) throws -> String {
    guard let schemeEnd = admin.range(of: "://") else {
      throw PostgreSQLCluster.Unavailable(
        description: "CATALOG_TEST_POSTGRES_URL must be a postgresql:// URI, not \(admin)")
    }
    let rest = admin[schemeEnd.upperBound...]
    let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
    let queryStart = rest[authorityEnd...].firstIndex(of: "?") ?? rest.endIndex
    return String(admin[..<authorityEnd]) + "/" + database + String(rest[queryStart...])
  }
}

extension PostgreSQLCluster {
  /// Runs SQL with `psql` on `url` (by default the admin database), stopping at the first
  /// error, and returns what it printed (unaligned, tuples only).
  @discardableResult
  public func psql(_ sql: String, url: String? = nil) throws -> String {
    let result = try runCommand(
      "/usr/bin/env",
      ["psql", "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-d", url ?? adminURL, "-c", sql])
    guard result.status == 0 else {
      throw Unavailable(description: "psql failed (exit \(result.status)): \(result.stderr)")
    }
    return result.stdout
  }
}
