import Foundation

/// Where a catalog lives: a SQLite file, or a PostgreSQL database.
///
/// ```swift
/// CatalogLocation("components.sqlite")                      // .sqlite(path: "components.sqlite")
/// CatalogLocation("postgresql://catalog@db.example/components")   // .postgresql(…)
/// CatalogLocation("host=/tmp/pg dbname=components")         // .postgresql(…), libpq key=value
/// ```
///
/// A text is a PostgreSQL location when it is a libpq connection URI (`postgresql://…` or
/// `postgres://…`) or a libpq key=value connection string whose first keyword is one of
/// libpq's (`host=`, `dbname=`, `user=`, `service=`, …); anything else is the path of a SQLite
/// file (write `./host=x` for a file of that name). The connection text is kept exactly as
/// given and handed to libpq, which also reads its own environment variables (`PGHOST`,
/// `PGPASSWORD`, …) and `~/.pgpass`. Use ``description`` in messages: it never shows a
/// password.
public enum CatalogLocation: Sendable, Hashable, CustomStringConvertible {
  /// A SQLite database file.
  case sqlite(path: String)
  /// A PostgreSQL database: a libpq connection URI or key=value string, as given.
  case postgresql(connection: String)

  /// The location a `--database` argument or `CATALOG_DATABASE` value names.
  public init(_ text: String) {
    self = Self.isPostgreSQL(text) ? .postgresql(connection: text) : .sqlite(path: text)
  }

  /// The location of a URL: `file:` URLs are SQLite files, `postgresql:` and `postgres:` URLs
  /// PostgreSQL databases; `nil` for any other scheme.
  public init?(url: URL) {
    switch url.scheme?.lowercased() {
    case "file": self = .sqlite(path: url.path)
    case "postgresql", "postgres": self = .postgresql(connection: url.absoluteString)
    default: return nil
    }
  }

  /// The name of the engine that opens this location: `"sqlite"` or `"postgresql"` (also the
  /// name of its folder under `Migrations/`).
  public var engine: String {
    switch self {
    case .sqlite: return "sqlite"
    case .postgresql: return "postgresql"
    }
  }

  /// The location for messages: the path, or the connection text without its password.
  public var description: String {
    switch self {
    case .sqlite(let path): return path
    case .postgresql(let connection): return Self.redacted(connection)
    }
  }

  /// libpq's connection keywords (https://www.postgresql.org/docs/15/libpq-connect.html#LIBPQ-PARAMKEYWORDS).
  static let keywords: Set<String> = [
    "host", "hostaddr", "port", "dbname", "user", "password", "passfile", "channel_binding",
    "connect_timeout", "client_encoding", "options", "application_name",
    "fallback_application_name", "keepalives", "keepalives_idle", "keepalives_interval",
    "keepalives_count", "tcp_user_timeout", "replication", "gssencmode", "sslmode",
    "requiressl", "sslcompression", "sslcert", "sslkey", "sslpassword", "sslrootcert", "sslcrl",
    "sslcrldir", "sslsni", "requirepeer", "ssl_min_protocol_version",
    "ssl_max_protocol_version", "krbsrvname", "gsslib", "service", "target_session_attrs",
  ]

  private static func isPostgreSQL(_ text: String) -> Bool {
    let lowered = text.lowercased()
    if lowered.hasPrefix("postgresql://") || lowered.hasPrefix("postgres://") { return true }
    let trimmed = text.drop { $0 == " " || $0 == "\t" || $0 == "\n" }
    guard let equals = trimmed.firstIndex(of: "=") else { return false }
    let keyword = trimmed[..<equals].trimmingCharacters(in: .whitespaces)
    return keywords.contains(keyword)
  }

  /// The connection text with any password replaced by `***`.
  package static func redacted(_ connection: String) -> String {
    let lowered = connection.lowercased()
    if lowered.hasPrefix("postgresql://") || lowered.hasPrefix("postgres://") {
      return redactedURI(connection)
    }
    return redactedKeywords(connection)
  }

  /// `scheme://user:secret@host/db?password=secret` → `scheme://user:***@host/db?password=***`.
  private static func redactedURI(_ uri: String) -> String {
    var text = Substring(uri)
    var out = ""
    if let scheme = text.range(of: "://") {
      out += text[..<scheme.upperBound]
      text = text[scheme.upperBound...]
    }
    // The user info ends at the last '@' before the path or query.
    let authorityEnd = text.firstIndex { $0 == "/" || $0 == "?" } ?? text.endIndex
    if let at = text[..<authorityEnd].lastIndex(of: "@") {
      let userInfo = text[..<at]
      if let colon = userInfo.firstIndex(of: ":") {
        out += userInfo[..<colon] + ":***"
      } else {
        out += userInfo
      }
      text = text[at...]
    }
    guard let question = text.firstIndex(of: "?") else { return out + text }
    out += text[...question]
    let parameters = text[text.index(after: question)...].split(
      separator: "&", omittingEmptySubsequences: false)
    out += parameters.map { parameter in
      parameter.lowercased().hasPrefix("password=")
        || parameter.lowercased().hasPrefix("sslpassword=")
        ? parameter.prefix { $0 != "=" } + "=***" : String(parameter)
    }.joined(separator: "&")
    return out
  }

  /// `host=x password='a b' dbname=y` → `host=x password=*** dbname=y`.
  private static func redactedKeywords(_ text: String) -> String {
    var out = ""
    var rest = Substring(text)
    while let equals = rest.firstIndex(of: "=") {
      let keyword = rest[..<equals]
      out += rest[...equals]
      rest = rest[rest.index(after: equals)...]
      // Spaces may follow '='; then a quoted value with \' and \\ escapes, or a bare word.
      let spaces = rest.prefix { $0 == " " }
      out += spaces
      rest = rest.dropFirst(spaces.count)
      var value = Substring()
      if rest.first == "'" {
        var index = rest.index(after: rest.startIndex)
        while index < rest.endIndex, rest[index] != "'" {
          if rest[index] == "\\" { index = rest.index(after: index) }
          if index < rest.endIndex { index = rest.index(after: index) }
        }
        if index < rest.endIndex { index = rest.index(after: index) }
        value = rest[..<index]
      } else {
        value = rest.prefix { $0 != " " }
      }
      rest = rest[value.endIndex...]
      let name = keyword.trimmingCharacters(in: .whitespaces).lowercased()
      out += name == "password" || name == "sslpassword" ? "***" : String(value)
      let gap = rest.prefix { $0 == " " }
      out += gap
      rest = rest.dropFirst(gap.count)
    }
    return out + rest
  }
}
