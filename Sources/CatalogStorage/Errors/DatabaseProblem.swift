import Components

/// What is wrong with a catalog's database, as facts: a code and what goes with it.
///
/// The library never phrases advice ("raise --busy-timeout", "run doctor"): the command-line
/// tool turns a problem into a sentence, advice and an exit status (`DatabaseProblem+Message`
/// in CatalogCLI, docs/cli.md). Tests match ``code``.
///
///     catch CatalogError.database(let problem) where problem.code == .busy { retry() }
public struct DatabaseProblem: Error, Sendable, Equatable, CustomStringConvertible {
  /// The kind of problem.
  public enum Code: Sendable, Equatable, Hashable {
    /// The location is not a file path: empty, `:memory:`, or an SQLite `file:` URI.
    case notAFilePath
    /// The path names a directory.
    case directory
    /// The path names a character or block device.
    case device
    /// The path names a named pipe (FIFO).
    case fifo
    /// The path names a socket.
    case socket
    /// The directory the catalog would live in does not exist.
    case missingDirectory
    /// The file is not an SQLite database (or is encrypted, or its header is damaged).
    case notADatabase
    /// The file is an SQLite database of another application (see ``applicationID``), or a
    /// PostgreSQL schema holds tables that are not a catalog's (``applicationID`` nil).
    case notACatalog
    /// The file is an SQLite database, but damaged.
    case damaged
    /// The schema has migrations this binary does not know (listed in ``migrations``).
    case schemaNewer
    /// A read-only open found a schema that lacks migrations (listed in ``migrations``).
    case schemaOlder
    /// The file cannot be written (its permissions, or a read-only mount).
    case readOnly
    /// The server refused the operation to this role (PostgreSQL's `42501`, such as a write
    /// by a role that may only read); ``detail`` is the server's sentence. Nothing was
    /// written.
    case permissionDenied
    /// The server refused a read to this role (PostgreSQL's `42501` on a `SELECT`, such as a
    /// role without `SELECT` on the catalog's tables); ``detail`` is the server's sentence.
    case readPermissionDenied
    /// The file's directory cannot be written, which SQLite needs for its -wal and -shm
    /// files, even to read.
    case readOnlyDirectory
    /// Another connection held a lock for longer than the busy timeout (``busyTimeout``).
    case busy
    /// The file would grow past the process's file-size limit (`ulimit -f`).
    case fileTooLarge
    /// The disk (or the file system's quota) is full.
    case diskFull
    /// The file cannot be opened (permissions on the path, too many open files, …).
    case cannotOpen
    /// Reading or writing the file failed in the operating system (``detail`` names the
    /// SQLite result code).
    case ioFailure
    /// The catalog's rows contradict each other (a missing payload, an unknown change);
    /// ``detail`` says which.
    case inconsistent
    /// Another process created a catalog at the same path while this one wrote its first
    /// revision; this write was not applied.
    case createdConcurrently
  }

  /// The kind of problem.
  public var code: Code
  /// The database's location as the user gave it ("" when the problem was found below the
  /// level that knows it; the storage fills it in).
  public var path: String
  /// A fact in words, for ``Code/inconsistent``, ``Code/ioFailure`` and a damaged payload
  /// (``damagedPayload(kind:revision:_:)``); never SQLite's own message text.
  public var detail: String?
  /// For ``Code/schemaNewer`` and ``Code/schemaOlder``: the migrations in question.
  public var migrations: [String]
  /// For ``Code/notACatalog``: the file's `PRAGMA application_id` (0 when it has tables but
  /// no catalog marks); nil for a PostgreSQL schema, which has no application id.
  public var applicationID: Int32?
  /// For ``Code/busy``: the timeout that expired, in seconds.
  public var busyTimeout: Double?

  public init(
    _ code: Code, path: String = "", detail: String? = nil, migrations: [String] = [],
    applicationID: Int32? = nil, busyTimeout: Double? = nil
  ) {
    self.code = code
    self.path = path
    self.detail = detail
    self.migrations = migrations
    self.applicationID = applicationID
    self.busyTimeout = busyTimeout
  }

  /// The catalog's own rows contradict each other: `detail` says how.
  public static func inconsistent(_ detail: String) -> DatabaseProblem {
    DatabaseProblem(.inconsistent, detail: detail)
  }

  /// A stored payload is not canonical JSON text, or nests past the reader's limit: the
  /// store never writes such text, so the file was damaged or edited outside `catalog`.
  /// `detail` names the entry, for the message and for `catalog doctor`'s report.
  public static func damagedPayload(
    kind: String, revision: Int64, _ error: CanonicalTextError
  ) -> DatabaseProblem {
    DatabaseProblem(
      .damaged,
      detail: "the stored payload of \"\(kind)\" in revision \(revision) is not canonical "
        + "JSON (\(error))")
  }

  /// The code and facts, for logs and test failures (the CLI words it for people).
  public var description: String {
    var parts = ["\(code)"]
    if !path.isEmpty { parts.append("path: \(path)") }
    if let detail { parts.append(detail) }
    if !migrations.isEmpty { parts.append("migrations: \(migrations.joined(separator: ", "))") }
    if let applicationID { parts.append("application id: \(applicationID)") }
    if let busyTimeout { parts.append("busy timeout: \(busyTimeout) s") }
    return parts.joined(separator: "; ")
  }
}
