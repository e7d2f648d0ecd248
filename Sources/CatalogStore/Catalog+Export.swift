import Components

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension Catalog {
  /// Writes the catalog as it was at `reference` as components.json, in chunks.
  ///
  /// The bytes are exactly those `export` printed when that revision was head: the same
  /// catalog always exports the same bytes. The document has the revision's frame: its form
  /// and its top-level members besides `components`, in place (a category's export too).
  ///
  /// - Parameters:
  ///   - reference: the revision (head by default).
  ///   - categories: only entries in these categories (all when empty).
  ///   - write: receives the document in order, a chunk at a time.
  /// - Returns: the number of entries written.
  @discardableResult
  public func export(
    at reference: RevisionReference = .head, categories: [String] = [],
    into write: ([UInt8]) throws -> Void
  ) throws -> Int {
    // Categories compare by bytes, as kinds do: an NFC and an NFD spelling are two categories.
    let wanted = Set(categories.map(BytewiseString.init))
    return try storage.read { context in
      let revision = try reference.resolve(in: context)
      var writer = CatalogDocumentWriter(frame: try context.documentFrame(at: revision))
      var count = 0
      // Entries stay bytes from the database to the output unless they carry members
      // besides the standard four, or those in another order.
      try context.forEachEntryRow(at: revision, .inExportOrder) { stored in
        guard
          wanted.isEmpty
            || wanted.contains(BytewiseString(String(decoding: stored.category, as: UTF8.self)))
        else { return }
        if stored.extra == nil && stored.keyOrder == nil {
          writer.append(
            kind: stored.kind, category: stored.category, description: stored.description,
            payload: stored.payload)
        } else {
          writer.append(try EntryCodec.decode(stored).entry)
        }
        count += 1
        if writer.output.count >= 1 << 20 { try writer.flush(into: write) }
      }
      writer.close()
      try writer.flush(into: write)
      return count
    }
  }

  /// The catalog at `reference` as components.json bytes.
  public func exportBytes(at reference: RevisionReference = .head, categories: [String] = []) throws
    -> [UInt8]
  {
    var bytes: [UInt8] = []
    try export(at: reference, categories: categories) { bytes.append(contentsOf: $0) }
    return bytes
  }

  /// Writes the catalog at `reference` to `path` without ever destroying what `path` names
  /// (``ExportDestination``): a regular file (or nothing) is replaced atomically, through a
  /// temporary file beside it renamed over it once complete, keeping the file's permission
  /// bits, so a reader never sees half a file; a symbolic link is followed to its target; a
  /// device or named pipe is written straight into.
  ///
  /// - Throws: ``CatalogError/outputIsACatalog(path:)`` when `path` is this catalog's
  ///   database (or its -wal, -shm or -journal file) or another catalog database;
  ///   ``CatalogError/io(path:reason:)`` when writing fails.
  @discardableResult
  public func export(
    at reference: RevisionReference = .head, categories: [String] = [], toFile path: String
  ) throws -> Int {
    try ExportDestination.resolve(
      path, catalogFiles: ["", "-wal", "-shm", "-journal"].map { self.path + $0 }
    ).write(name: path) { write in
      try export(at: reference, categories: categories, into: write)
    }
  }
}

extension Catalog {
  /// Writes `bytes` to `path` as ``export(at:categories:toFile:)`` writes an export: a
  /// regular file is replaced atomically (keeping its permission bits), a device or named
  /// pipe written into, and this catalog's files, another catalog, or a directory refused.
  public func write(_ bytes: [UInt8], toFile path: String) throws {
    try ExportDestination.resolve(
      path, catalogFiles: ["", "-wal", "-shm", "-journal"].map { self.path + $0 }
    ).write(name: path) { write in try write(bytes) }
  }
}

/// A file written under a temporary name and renamed into place when complete.
final class AtomicFile {
  let path: String
  /// The path as the user gave it, for messages.
  let name: String
  private let temporaryPath: String
  private var fd: Int32

  /// Creates the temporary file for `path`, with permission bits `mode`.
  init(path: String, mode: mode_t = 0o644, name: String? = nil) throws {
    self.path = path
    self.name = name ?? path
    let directory =
      path.contains("/") ? String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)]) : "."
    let fileName = path.split(separator: "/").last.map(String.init) ?? "export"
    var template = Array(
      "\(directory.isEmpty ? "/" : directory)/.\(fileName).XXXXXX".utf8CString)
    fd = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.map { mkstemp($0) } ?? -1
    }
    guard fd >= 0 else {
      throw CatalogError.io(path: self.name, reason: SystemError.message(errno))
    }
    temporaryPath = String(
      decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    fchmod(fd, mode)
  }

  func write(_ bytes: [UInt8]) throws {
    if let error = writeAll(fd, bytes) {
      throw CatalogError.io(path: name, reason: SystemError.message(error))
    }
  }

  func commit() throws {
    guard fsync(fd) == 0, close(fd) == 0 else {
      throw CatalogError.io(path: name, reason: SystemError.message(errno))
    }
    fd = -1
    guard rename(temporaryPath, path) == 0 else {
      let reason = SystemError.message(errno)
      unlink(temporaryPath)
      throw CatalogError.io(path: name, reason: reason)
    }
  }

  func abandon() {
    if fd >= 0 { close(fd) }
    fd = -1
    unlink(temporaryPath)
  }

  deinit {
    if fd >= 0 { abandon() }
  }
}

/// Writes all of `bytes` to `fd`, again after `EINTR`; returns the `errno` of a failure.
/// (The console's stdout and stderr go through it too.)
package func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Int32? {
  var offset = 0
  while offset < bytes.count {
    let written = bytes.withUnsafeBytes { raw in
      raw.baseAddress.map { write(fd, $0 + offset, raw.count - offset) } ?? 0
    }
    if written < 0 {
      if errno == EINTR { continue }
      return errno
    }
    offset += written
  }
  return nil
}
