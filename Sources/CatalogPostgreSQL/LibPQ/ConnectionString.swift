import CLibPQ
import CatalogStorage

/// A libpq connection string: a `postgresql://` URI or `key=value` pairs
/// (https://www.postgresql.org/docs/current/libpq-connect.html#LIBPQ-CONNSTRING), checked
/// by libpq's own parser.
///
/// What it leaves out comes from libpq's environment variables (`PGHOST`, `PGUSER`, …) and
/// `~/.pgpass`, as for `psql`. Its description is ``redacted``: interpolating one into a
/// message never shows a password.
///
///     let location = try ConnectionString("postgresql://ci:s3cret@db.example/components")
///     print(location)            // postgresql://ci:***@db.example/components
struct ConnectionString: Sendable, Hashable, CustomStringConvertible {
  /// The string as given, password included: for libpq only, never for a message.
  let text: String

  /// Checks `text` with libpq's parser.
  ///
  /// - Throws: ``PostgreSQLError`` of kind `.connection` when libpq cannot parse it (its
  ///   message, which quotes no password, names the problem), or cannot be loaded (libpq is
  ///   loaded on first use: see `Sources/CLibPQ`).
  init(_ text: String) throws {
    // Every connection starts from a parsed string: libpq is loaded here, on first use.
    if let problem = clibpq_load() {
      throw PostgreSQLError(
        kind: .connection,
        message: "the PostgreSQL client library could not be loaded: "
          + PostgreSQLError.firstLine(String(cString: problem)))
    }
    var message: UnsafeMutablePointer<CChar>?
    guard let options = PQconninfoParse(text, &message) else {
      let reason = message.map { String(cString: $0) } ?? "out of memory"
      if let message { PQfreemem(message) }
      throw PostgreSQLError(
        kind: .connection,
        message: "invalid connection string: " + PostgreSQLError.firstLine(reason))
    }
    PQconninfoFree(options)
    self.text = text
  }

  /// The string with every password replaced by `***` (``CatalogLocation``'s redaction).
  var redacted: String { CatalogLocation.redacted(text) }

  var description: String { redacted }
}
