import CatalogStorage
import Components
import Foundation

/// A catalog that does not exist yet, built in a temporary file beside its path and linked
/// into place by the first write that commits.
///
/// Only a write that lands creates the catalog file and its directory entry: a failed
/// import, a dry run, or a `tag` on a path with no catalog leave nothing behind, so a typo
/// in `--database` can never turn a later `export` into an empty manifest.
///
/// Creators of the same path queue on an advisory lock (`flock(2)`) on the directory, held
/// from the moment a writer finds no file until its first write is in place (or it gives
/// up), so a second creator waits (up to the busy timeout) and then opens the first one's
/// catalog instead of building its own. The temporary file is linked with `link(2)`, which
/// never replaces an existing file: if some other program created the path meanwhile, the
/// write is not applied and ``DatabaseProblem/Code/createdConcurrently`` says so. The
/// directory is synced (`fsync(2)`) after the link, so that a catalog whose first write
/// reported success survives a power loss (see ``publish()``). A process killed before its
/// first commit leaves its temporary file (`.NAME.new-XXXXXX`) behind.
final class PendingCatalogFile {
  /// Where the catalog will live.
  let path: String
  /// The temporary file, in the same directory (a new one after ``renew()``).
  private(set) var temporaryPath: String
  /// The directory, open and locked with `flock(LOCK_EX)`.
  private var directoryLock: Int32

  private init(path: String, temporaryPath: String, directoryLock: Int32) {
    self.path = path
    self.temporaryPath = temporaryPath
    self.directoryLock = directoryLock
  }

  /// Takes the creators' lock on `path`'s directory and makes the temporary file, unless a
  /// file appeared at `path` while this waited for the lock.
  ///
  /// - Returns: The pending file, or nil when `path` exists now (open it as usual).
  /// - Throws: ``CatalogError/database(_:)``: `busy` when another creator held the lock past
  ///   `busyTimeout` seconds, `readOnlyDirectory` or `cannotOpen` when the directory cannot
  ///   take the file.
  static func reserve(path: String, busyTimeout: Double) throws -> PendingCatalogFile? {
    let directory = SQLiteCatalogStorage.directory(of: path)
    let lock = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard lock >= 0 else {
      throw CatalogError.database(
        DatabaseProblem(.cannotOpen, path: path, detail: SystemError.message(errno)))
    }
    var start = timespec()
    clock_gettime(CLOCK_MONOTONIC, &start)
    while flock(lock, LOCK_EX | LOCK_NB) != 0 {
      var now = timespec()
      clock_gettime(CLOCK_MONOTONIC, &now)
      let waited = Double(now.tv_sec - start.tv_sec) + Double(now.tv_nsec - start.tv_nsec) / 1e9
      guard errno == EWOULDBLOCK || errno == EINTR, waited < busyTimeout else {
        close(lock)
        throw CatalogError.database(DatabaseProblem(.busy, path: path, busyTimeout: busyTimeout))
      }
      usleep(5_000)
    }
    if access(path, F_OK) == 0 {
      close(lock)
      return nil
    }
    removeAbandonedFiles(for: path)
    let temporaryPath: String
    do {
      temporaryPath = try makeTemporaryFile(for: path)
    } catch {
      close(lock)
      throw error
    }
    return PendingCatalogFile(path: path, temporaryPath: temporaryPath, directoryLock: lock)
  }

  /// Removes the temporary files an earlier creator of `path` left (`.NAME.new-XXXXXX`, and
  /// the journal, `-wal` and `-shm` files beside one): a creator killed before its first
  /// commit, whose file was never linked, or killed between linking and removing its name
  /// (then the name is a second link to the catalog, and removing it leaves the catalog).
  ///
  /// Call it holding the creators' lock: every creator holds it from before it makes its
  /// file until it has published or abandoned it, so no file of that name belongs to a
  /// creator still at work. Only names of exactly that form are touched.
  private static func removeAbandonedFiles(for path: String) {
    let directory = SQLiteCatalogStorage.directory(of: path)
    let name = PathName.split(path).name
    let prefix = ".\(name).new-"
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
      return
    }
    for file in names where file.hasPrefix(prefix) {
      var rest = file.dropFirst(prefix.count)
      for suffix in ["-journal", "-wal", "-shm"] where rest.hasSuffix(suffix) {
        rest = rest.dropLast(suffix.count)
      }
      // mkstemp's six characters: letters and digits.
      guard rest.count == 6, rest.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
      else { continue }
      unlink(PathName.join(directory, file))
    }
  }

  /// Makes an empty temporary file beside `path` (`.NAME.new-XXXXXX`) with the permissions
  /// SQLite gives a file it creates, and records it for the `atexit` handler.
  private static func makeTemporaryFile(for path: String) throws -> String {
    let directory = SQLiteCatalogStorage.directory(of: path)
    let name = PathName.split(path).name
    var template = Array(PathName.join(directory, ".\(name).new-XXXXXX").utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.map { mkstemp($0) } ?? -1
    }
    guard fd >= 0 else {
      let error = errno
      let code: DatabaseProblem.Code =
        error == EACCES || error == EROFS ? .readOnlyDirectory : .cannotOpen
      throw CatalogError.database(
        DatabaseProblem(code, path: path, detail: SystemError.message(error)))
    }
    // The permissions SQLite gives a file it creates (0644, less the umask).
    let mask = umask(0)
    umask(mask)
    fchmod(fd, 0o644 & ~mask)
    close(fd)
    let temporaryPath = String(
      decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    live.withLock { _ = $0.insert(temporaryPath) }
    return temporaryPath
  }

  /// Replaces the temporary file with a new, empty one, keeping the creators' lock: for a
  /// write that failed before the first commit, whose file may not be what it was before
  /// (see ``SQLiteCatalogStorage``'s `write`). Close every connection to the old file first.
  func renew() throws {
    let fresh = try Self.makeTemporaryFile(for: path)
    Self.remove(temporaryPath)
    Self.live.withLock { _ = $0.remove(temporaryPath) }
    temporaryPath = fresh
  }

  /// Links the temporary file into place (never over an existing file), makes the new
  /// directory entry durable, removes the temporary name and releases the creators' lock.
  ///
  /// Call it after the first write committed, with no transaction open on the file.
  ///
  /// SQLite synced the file's contents when the write committed, but a new name lives in the
  /// directory, which nobody synced: after a power loss the whole catalog, whose write had
  /// reported success, could be gone. So the directory is synced after `link(2)` and before
  /// the temporary name goes (that removal need not be durable: the next creator removes a
  /// name left behind). As PostgreSQL's `fsync_fname_ext` does, `EBADF` and `EINVAL` are
  /// ignored (some file systems refuse `fsync(2)` on a directory) and `EINTR` is retried.
  ///
  /// - Throws: ``CatalogError/database(_:)``: `createdConcurrently` when a file appeared at
  ///   ``path`` first (nothing was linked), `cannotOpen` when the link failed otherwise, and
  ///   `ioFailure` when syncing the directory failed: then the catalog is in place (and the
  ///   temporary name and the lock are gone, as after success), but its creation may not
  ///   survive a crash.
  func publish() throws {
    guard link(temporaryPath, path) == 0 else {
      let error = errno
      throw CatalogError.database(
        error == EEXIST
          ? DatabaseProblem(.createdConcurrently, path: path)
          : DatabaseProblem(.cannotOpen, path: path, detail: SystemError.message(error)))
    }
    defer { abandon() }
    var error: Int32
    repeat { error = fsync(directoryLock) == 0 ? 0 : errno } while error == EINTR
    guard error == 0 || error == EBADF || error == EINVAL else {
      throw CatalogError.database(
        DatabaseProblem(
          .ioFailure, path: path,
          detail: "syncing its directory failed: \(SystemError.message(error)); "
            + "the new catalog is in place, but may not survive a crash"))
    }
  }

  /// Removes the temporary file (and the journal, -wal and -shm files SQLite may have left
  /// beside it) and releases the lock. Idempotent.
  func abandon() {
    Self.remove(temporaryPath)
    Self.live.withLock { _ = $0.remove(temporaryPath) }
    if directoryLock >= 0 { close(directoryLock) }
    directoryLock = -1
  }

  private static func remove(_ temporaryPath: String) {
    for suffix in ["", "-journal", "-wal", "-shm"] { unlink(temporaryPath + suffix) }
  }

  /// The temporary files of this process not yet published or abandoned.
  ///
  /// A process can end while a `PendingCatalogFile` is still referenced (`exit` runs no
  /// deinitializers, and a worker thread may hold the last reference to the storage a
  /// moment longer), so an `atexit` handler removes whatever is left here.
  private static let live: LockedPaths = {
    atexit { PendingCatalogFile.live.withLock { paths in paths.forEach(remove) } }
    return LockedPaths()
  }()

  deinit { abandon() }
}

/// A set of paths behind a lock, for ``PendingCatalogFile``'s `atexit` handler.
private final class LockedPaths: @unchecked Sendable {
  // @unchecked: `paths` is only touched while `lock` is held.
  private let lock = NSLock()
  private var paths: Set<String> = []

  func withLock<T>(_ body: (inout Set<String>) -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body(&paths)
  }
}
