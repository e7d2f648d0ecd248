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
  ///
  /// It reads the text as libpq's parser does (`conninfo_uri_parse_options` and
  /// `conninfo_parse` in libpq's fe-connect.c), not by patterns: the user information of a
  /// URI ends at its first `@` before a `/` (a `?` in a password does not end it), query
  /// parameters are named after their %-decoding (`?pass%77ord=`), and key=value pairs are
  /// separated by any white space (a TAB) with backslash escapes in quoted and bare values
  /// (`password=a\ b`). A text libpq would refuse keeps nothing from the first pair it
  /// cannot read. The PostgreSQL engine checks the result with libpq's own parser and falls
  /// back to a text rebuilt from libpq's parse (`ConnectionString.redacted`);
  /// `ConnectionRedactionTests` holds every spelling libpq accepts to that parser.
  package static func redacted(_ connection: String) -> String {
    let lowered = connection.lowercased()
    if lowered.hasPrefix("postgresql://") || lowered.hasPrefix("postgres://") {
      return redactedURI(Array(connection.utf8))
    }
    return redactedKeywords(Array(connection.utf8))
  }

  /// Whether the value of `keyword` may be shown: it is one of libpq's keywords (compared
  /// exactly, as libpq does) and not a secret. A value under any other name (a misspelt
  /// keyword, which libpq refuses) may be a password and is hidden.
  static func isShown(_ keyword: [UInt8]) -> Bool {
    let name = String(decoding: keyword, as: UTF8.self)
    return keywords.contains(name) && name != "password" && name != "sslpassword"
  }

  private static let hidden = Array("***".utf8)

  /// `scheme://user:secret@host/db?password=secret` → `scheme://user:***@host/db?password=***`.
  private static func redactedURI(_ uri: [UInt8]) -> String {
    let at = UInt8(ascii: "@")
    let slash = UInt8(ascii: "/")
    let colon = UInt8(ascii: ":")
    let question = UInt8(ascii: "?")
    let ampersand = UInt8(ascii: "&")
    let equals = UInt8(ascii: "=")
    var out: [UInt8] = []
    var index = 0
    // The scheme, through "://".
    while index < uri.count, uri[index] != colon { index += 1 }
    index = min(uri.count, index + 3)
    out += uri[..<index]
    // libpq: the user information is everything up to the first '@' before any '/'.
    var scan = index
    while scan < uri.count, uri[scan] != at, uri[scan] != slash { scan += 1 }
    if scan < uri.count, uri[scan] == at {
      let user = uri[index..<scan]
      if let separator = user.firstIndex(of: colon) {
        out += uri[index...separator]
        out += hidden
      } else {
        out += user
      }
      index = scan
    }
    // The query begins at the first '?' after the user information.
    guard let start = uri[index...].firstIndex(of: question) else {
      return String(decoding: out + uri[index...], as: UTF8.self)
    }
    out += uri[index...start]
    let parameters = uri[(start + 1)...].split(
      separator: ampersand, omittingEmptySubsequences: false)
    for (number, parameter) in parameters.enumerated() {
      if number > 0 { out.append(ampersand) }
      guard let separator = parameter.firstIndex(of: equals) else {
        // Not key=value: libpq refuses it, and it may be a password.
        out += hidden
        continue
      }
      let key = parameter[..<separator]
      // A key that does not decode (a bad %-escape, %00) is refused by libpq; its value is
      // hidden all the same. libpq's URIs also take `ssl=true`.
      if let decoded = percentDecoded(key), isShown(decoded) || decoded == Array("ssl".utf8) {
        out += parameter
      } else {
        out += key
        out.append(equals)
        out += hidden
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// libpq's %-decoding of a URI part; nil where libpq refuses it (a bad escape, `%00`).
  private static func percentDecoded(_ bytes: ArraySlice<UInt8>) -> [UInt8]? {
    func hex(_ byte: UInt8) -> UInt8? {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
      default: return nil
      }
    }
    var out: [UInt8] = []
    var index = bytes.startIndex
    while index < bytes.endIndex {
      if bytes[index] == UInt8(ascii: "%") {
        guard index + 2 < bytes.endIndex, let high = hex(bytes[index + 1]),
          let low = hex(bytes[index + 2])
        else { return nil }
        let byte = high << 4 | low
        if byte == 0 { return nil }
        out.append(byte)
        index += 3
      } else {
        out.append(bytes[index])
        index += 1
      }
    }
    return out
  }

  /// libpq's white space in key=value strings (`isspace` in the C locale).
  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || (0x09...0x0D).contains(byte)
  }

  /// `host=x password='a b' dbname=y` → `host=x password=*** dbname=y`.
  private static func redactedKeywords(_ text: [UInt8]) -> String {
    let equals = UInt8(ascii: "=")
    let quote = UInt8(ascii: "'")
    let backslash = UInt8(ascii: "\\")
    var out: [UInt8] = []
    var index = 0
    while index < text.count {
      // White space, then a keyword up to '=' (white space may come before the '=').
      let gapStart = index
      while index < text.count, isSpace(text[index]) { index += 1 }
      out += text[gapStart..<index]
      guard index < text.count else { break }
      let keywordStart = index
      while index < text.count, text[index] != equals, !isSpace(text[index]) { index += 1 }
      let keyword = Array(text[keywordStart..<index])
      while index < text.count, isSpace(text[index]) { index += 1 }
      guard index < text.count, text[index] == equals else {
        // libpq refuses a keyword without '='; nothing from here is shown.
        out += hidden
        return String(decoding: out, as: UTF8.self)
      }
      index += 1
      out += text[keywordStart...index - 1]
      let valueGap = index
      while index < text.count, isSpace(text[index]) { index += 1 }
      out += text[valueGap..<index]
      let valueStart = index
      let quoted = index < text.count && text[index] == quote
      if quoted {
        index += 1
        var closed = false
        while index < text.count {
          if text[index] == backslash {
            index += 2
            continue
          }
          if text[index] == quote {
            closed = true
            index += 1
            break
          }
          index += 1
        }
        if !closed {
          // An unterminated quoted value: libpq refuses it; nothing of it is shown.
          out += hidden
          return String(decoding: out, as: UTF8.self)
        }
      } else {
        while index < text.count, !isSpace(text[index]) {
          index += text[index] == backslash ? 2 : 1
        }
      }
      index = min(index, text.count)
      // A quoted value stays quoted: libpq needs no space after its closing quote.
      out +=
        isShown(keyword) ? Array(text[valueStart..<index]) : quoted ? Array("'***'".utf8) : hidden
    }
    return String(decoding: out, as: UTF8.self)
  }
}
