import Components

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where `export --output PATH` writes, decided before a byte is written so that an export
/// never destroys what PATH names.
///
/// - A symbolic link is followed to its target (the link stays a link).
/// - A regular file, or nothing, is written through a temporary file renamed over it, so a
///   reader never sees half a document; an existing file keeps its permission bits.
/// - A device or a named pipe is written straight into (`/dev/stdout`, `/dev/null`, a FIFO a
///   reader waits on): renaming over it would replace the node.
/// - A catalog database, or the -wal, -shm or -journal file of the catalog being exported
///   (whether or not it exists yet), is refused: ``CatalogError/outputIsACatalog(path:)``.
struct ExportDestination {
  enum Kind: Equatable {
    /// Nothing exists there yet.
    case newFile
    /// A regular file, with its permission bits.
    case regularFile(mode: mode_t)
    /// A character or block device, or a FIFO.
    case stream
  }

  /// The path after following symbolic links.
  let path: String
  let kind: Kind

  /// Resolves `path` and refuses what must not be replaced.
  ///
  /// - Parameter catalog: the open catalog's files (nil when it keeps none on this machine):
  ///   neither its database nor a file its engine keeps beside it may be replaced.
  /// - Throws: ``CatalogError/outputIsACatalog(path:)``, or ``CatalogError/io(path:reason:)``
  ///   for a directory, a socket, or a link that cannot be read.
  static func resolve(_ path: String, catalog: LocalCatalogFiles?) throws -> ExportDestination {
    // `out/`, `.`, `..` and `/` can only name a directory, whether or not one is there.
    if path.utf8.last == UInt8(ascii: "/") || PathName.namesADirectoryByItsRelation(path) {
      throw CatalogError.io(path: path, reason: "names a directory, not a file")
    }
    let target = try followLinks(path)
    // A companion file (SQLite's -journal, -wal or -shm) that does not exist yet has no inode
    // to compare, but the engine takes whatever appears at that name for its own (a "hot"
    // journal SQLite cannot roll back makes every later read fail), so it is compared by
    // path as well.
    if let catalog, isCompanion(target, of: catalog) {
      throw CatalogError.outputIsACatalog(path: path)
    }
    let catalogFiles =
      catalog.map { files in
        [files.database] + files.companionSuffixes.map { files.database + $0 }
      } ?? []
    var info = stat()
    guard stat(target, &info) == 0 else {
      guard errno == ENOENT else {
        let code = errno
        throw CatalogError.io(
          path: path,
          reason: code == ENOTDIR
            ? AtomicFile.directoryProblem(code, directory: PathName.split(target).directory)
            : SystemError.message(code))
      }
      return ExportDestination(path: target, kind: .newFile)
    }
    switch info.st_mode & S_IFMT {
    case S_IFREG:
      for file in catalogFiles {
        var other = stat()
        if stat(file, &other) == 0, other.st_dev == info.st_dev, other.st_ino == info.st_ino {
          throw CatalogError.outputIsACatalog(path: path)
        }
      }
      if StorageEngines.holdCatalog(file: target) {
        throw CatalogError.outputIsACatalog(path: path)
      }
      return ExportDestination(path: target, kind: .regularFile(mode: info.st_mode & 0o7777))
    case S_IFCHR, S_IFBLK, S_IFIFO:
      return ExportDestination(path: target, kind: .stream)
    case S_IFDIR:
      throw CatalogError.io(path: path, reason: "is a directory")
    default:
      throw CatalogError.io(path: path, reason: "is not a file, a device or a named pipe")
    }
  }

  /// Writes what `produce` hands its writer: into a device or named pipe directly, otherwise
  /// through a temporary file renamed over the destination once `produce` returns, with the
  /// existing file's permission bits (a new file's are 0666 less the umask).
  ///
  /// - Parameter name: the path as the user gave it, for messages.
  /// - Throws: ``CatalogError/io(path:reason:)`` when writing fails, or what `produce` throws
  ///   (the destination is then untouched, unless it is a stream).
  func write<T>(
    name: String, _ produce: (_ write: ([UInt8]) throws -> Void) throws -> T
  ) throws -> T {
    switch kind {
    case .stream:
      let fd = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY)
      guard fd >= 0 else {
        throw CatalogError.io(path: name, reason: SystemError.message(errno))
      }
      defer { close(fd) }
      return try produce { bytes in
        if let error = writeAll(fd, bytes) {
          throw CatalogError.io(path: name, reason: SystemError.message(error))
        }
      }
    case .newFile, .regularFile:
      var mode: mode_t
      if case .regularFile(let existing) = kind {
        mode = existing
      } else {
        // What open(2) would give a new file: 0666 less the umask.
        let mask = umask(0)
        umask(mask)
        mode = 0o666 & ~mask
      }
      let file = try AtomicFile(path: path, mode: mode, name: name)
      do {
        let result = try produce { try file.write($0) }
        try file.commit()
        return result
      } catch {
        file.abandon()
        throw error
      }
    }
  }

  /// `path` with every symbolic link along the last component followed (at most 40, as
  /// the kernel allows), relative targets read against the link's directory.
  private static func followLinks(_ path: String) throws -> String {
    var current = path
    for _ in 0..<40 {
      var info = stat()
      guard lstat(current, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return current }
      var buffer = [Int8](repeating: 0, count: Int(PATH_MAX) + 1)
      let count = readlink(current, &buffer, buffer.count - 1)
      guard count >= 0 else {
        throw CatalogError.io(path: path, reason: SystemError.message(errno))
      }
      let target = String(
        decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
      if target.hasPrefix("/") || !current.contains("/") {
        current = target
      } else {
        current = PathName.join(PathName.split(current).directory, target)
      }
    }
    throw CatalogError.io(path: path, reason: SystemError.message(ELOOP))
  }

  /// Whether `target` names one of the catalog's companion files: its directory with
  /// symbolic links resolved, and its name, equal byte for byte to the database's resolved
  /// path with a companion's suffix (``LocalCatalogFiles/companionSuffixes``).
  private static func isCompanion(_ target: String, of catalog: LocalCatalogFiles) -> Bool {
    guard let file = resolvedPath(catalog.database) ?? resolvedLocation(catalog.database),
      let output = resolvedLocation(target)
    else { return false }
    return catalog.companionSuffixes.contains { output == file + Array($0.utf8) }
  }

  /// `path`'s directory with every symbolic link resolved, then `/` and its last component
  /// as given; nil when the directory cannot be resolved.
  private static func resolvedLocation(_ path: String) -> [UInt8]? {
    let (directory, name) = PathName.split(path)
    guard let resolved = resolvedPath(directory) else { return nil }
    return (resolved == [UInt8(ascii: "/")] ? [] : resolved) + [UInt8(ascii: "/")]
      + Array(name.utf8)
  }

  /// `realpath(3)` of `path`, as bytes; nil when it cannot be resolved (it does not exist).
  private static func resolvedPath(_ path: String) -> [UInt8]? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return Array(UnsafeRawBufferPointer(start: resolved, count: strlen(resolved)))
  }
}
