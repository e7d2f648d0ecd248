import CatalogStore

extension DatabaseProblem {
  /// The sentence `catalog` prints for the problem, with its advice (after
  /// `catalog: error: `). The library gives facts; the words and the advice live here.
  ///
  /// - Parameter command: the command that met the problem (`doctor` is not told to run
  ///   itself).
  func message(command: String) -> String {
    let directory = detail ?? "."
    let sentence: String
    switch code {
    case .notAFilePath:
      return notAFilePathMessage
    case .directory:
      sentence = "is a directory, not a catalog database file"
    case .device:
      sentence = "is a device, not a catalog database file; it was left unchanged"
    case .fifo:
      sentence = "is a named pipe (FIFO), not a catalog database file; it was left unchanged"
    case .socket:
      sentence = "is a socket, not a catalog database file; it was left unchanged"
    case .missingDirectory:
      sentence = "the directory \(directory) does not exist; create it first"
    case .notADatabase:
      sentence =
        "not a catalog database (the file is not SQLite, or is encrypted or damaged); it was left unchanged"
    case .notACatalog where applicationID == nil:
      sentence =
        "not a catalog database (its schema holds other tables, and no schema_migration table "
        + "marked as a catalog's); it was left unchanged"
    case .notACatalog where applicationID == 0:
      sentence =
        "not a catalog database (it has tables, but neither the catalog application id nor a "
        + "schema_migration table); it was left unchanged"
    case .notACatalog:
      sentence =
        "not a catalog database (its application id is \(Self.hex(applicationID ?? 0)), not "
        + "0x43415447); it was left unchanged"
    case .damaged:
      sentence =
        "the database is damaged" + (detail.map { ": \($0)" } ?? "")
        + (command == "doctor" ? "" : "; 'catalog doctor' reports what is wrong")
    case .schemaNewer:
      let list = migrations.joined(separator: ", ")
      let has = migrations.count == 1 ? "migration \(list)" : "migrations \(list)"
      sentence =
        "the catalog's schema is newer than this catalog binary (it has \(has), which this "
        + "binary does not know); upgrade catalog"
    case .schemaOlder:
      sentence =
        "the catalog's schema is older than this binary (it lacks "
        + "\(migrations.joined(separator: ", "))) and cannot be upgraded by this user; "
        + "open it once with a user (or database role) that may write to it"
    case .readOnly:
      sentence =
        "the catalog cannot be written; check the permissions of the file and its directory"
    case .permissionDenied:
      sentence =
        "permission denied: the server refused this write to the role you connect as ("
        + (detail ?? "insufficient privilege") + "); nothing was written"
    case .readPermissionDenied:
      sentence =
        "permission denied: the server refused this read to the role you connect as ("
        + (detail ?? "insufficient privilege") + "); grant it SELECT on the catalog's tables"
    case .readOnlyDirectory:
      sentence =
        "the catalog's directory cannot be written, and SQLite keeps its -wal and -shm "
        + "files beside the catalog, even to read it; make the directory writable"
    case .busy:
      let seconds = busyTimeout.map { "\($0) s" } ?? "the busy timeout"
      sentence =
        "another writer held the catalog for longer than the busy timeout (\(seconds)); "
        + "try again or raise --busy-timeout"
    case .fileTooLarge:
      sentence =
        "the catalog would grow past the file-size limit of this process (ulimit -f); nothing was written"
    case .diskFull:
      sentence = "the disk is full; nothing was written"
    case .cannotOpen:
      sentence =
        "cannot open the catalog database"
        + (detail.map { " (\($0))" } ?? "")
        + "; check the permissions of the file and its directory"
    case .ioFailure:
      sentence = "reading or writing the catalog failed (\(detail ?? "input/output error"))"
    case .inconsistent:
      sentence =
        "the catalog is inconsistent: \(detail ?? "its rows contradict each other")"
        + (command == "doctor" ? "" : "; 'catalog doctor' reports what is wrong")
    case .createdConcurrently:
      sentence =
        "another process created a catalog here while this command wrote the first revision; "
        + "nothing was written, run the command again"
    }
    return "\(path): \(sentence)"
  }

  /// The exit status: 75 (`EX_TEMPFAIL`) for a problem that goes away by retrying, 64 for a
  /// location that is not a file path, 74 (`EX_IOERR`) otherwise.
  var exitStatus: ExitStatus {
    switch code {
    case .busy, .createdConcurrently: return .temporaryFailure
    case .notAFilePath: return .usage
    case .permissionDenied, .readPermissionDenied: return .noPermission
    default: return .ioError
    }
  }

  private var notAFilePathMessage: String {
    if path.isEmpty {
      return "the catalog location is empty; name a file such as components.sqlite"
    }
    if path == ":memory:" {
      return "':memory:' names SQLite's in-memory database, which keeps nothing; name a file "
        + "(./:memory: for a file of that name)"
    }
    return "'\(path)' is an SQLite URI, not a file path; name the catalog file by its path "
      + "(./\(path) for a file whose name begins with file:)"
  }

  private static func hex(_ value: Int32) -> String {
    "0x" + String(UInt32(bitPattern: value), radix: 16, uppercase: true)
  }
}
