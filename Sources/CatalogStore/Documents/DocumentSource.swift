import Components

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a components.json document comes from.
public enum DocumentSource: Sendable, Hashable {
  /// A file, read in fixed-size chunks so that its size does not decide memory use.
  case file(String)
  /// Standard input (`-`).
  case standardInput
  /// Bytes in memory, with a name for messages.
  case bytes([UInt8], name: String)
  /// A stream (standard input, a named pipe) read whole before a write takes the writer's
  /// lock (``readingAhead(maxDepth:maxSize:)``): its bytes, and the `errno` its reading
  /// stopped at, if it did not end (reported where the bytes end, as the stream's reader
  /// reports it).
  case readAhead([UInt8], name: String, readError: Int32?)

  /// The name messages use: the path, `-` or the given name.
  public var name: String {
    switch self {
    case .file(let path): return path
    case .standardInput: return "-"
    case .bytes(_, let name), .readAhead(_, let name, _): return name
    }
  }

  /// Opens the source and hands a reader over it to `body`.
  ///
  /// - Throws: ``CatalogError/unreadable(path:reason:)`` when the file cannot be opened.
  func withReader<T>(
    maxDepth: Int, maxSize: Int, _ body: (JSONReader, _ totalBytes: Int?) throws -> T
  ) throws -> T {
    try withReader(maxDepth: maxDepth, maxSize: maxSize, keepingFile: false) { reader, total, _ in
      try body(reader, total)
    }
  }

  /// ``withReader(maxDepth:maxSize:_:)``, and when `keepingFile` and the source is a regular
  /// file, that file (the one being read, not the path opened again) for reading ranges of it
  /// again after the reader is done; nil for anything else (standard input, a pipe, bytes).
  func withReader<T>(
    maxDepth: Int, maxSize: Int, keepingFile: Bool,
    _ body: (JSONReader, _ totalBytes: Int?, _ file: FileRanges?) throws -> T
  ) throws -> T {
    switch self {
    case .bytes(let bytes, _):
      return try body(
        JSONReader(bytes: bytes, maxDepth: maxDepth, maxSize: maxSize), bytes.count, nil)
    case .readAhead(let bytes, _, let readError):
      return try body(
        JSONReader(bytes: bytes, readError: readError, maxDepth: maxDepth, maxSize: maxSize),
        bytes.count, nil)
    case .standardInput:
      // Refused like a named file that cannot be read: closed, or a directory (`< /tmp`),
      // which would otherwise surface as a read error or an empty document.
      _ = try Self.readableStatus(of: 0, name: name)
      return try body(
        JSONReader(fileDescriptor: 0, maxDepth: maxDepth, maxSize: maxSize), nil, nil)
    case .file(let path):
      let fd = open(path, O_RDONLY | O_CLOEXEC)
      guard fd >= 0 else {
        throw CatalogError.unreadable(path: path, reason: SystemError.message(errno))
      }
      defer { close(fd) }
      let info = try Self.readableStatus(of: fd, name: path)
      let reader = JSONReader(fileDescriptor: fd, maxDepth: maxDepth, maxSize: maxSize)
      var file: FileRanges?
      if keepingFile && (info.st_mode & S_IFMT) == S_IFREG {
        let copy = dup(fd)
        if copy >= 0 { file = FileRanges(fileDescriptor: copy, status: info) }
      }
      return try body(reader, Int(info.st_size), file)
    }
  }

  /// The status of `fd`, open for reading the source called `name`.
  ///
  /// - Throws: ``CatalogError/unreadable(path:reason:)`` when it has none (a closed
  ///   descriptor) or is a directory, which `read` would refuse only later, as a read error
  ///   in the middle of a document.
  static func readableStatus(of fd: Int32, name: String) throws -> stat {
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      throw CatalogError.unreadable(path: name, reason: SystemError.message(errno))
    }
    // Open for writing only: a read would fail with EBADF. That is also what a standard
    // input the process started without is (`CatalogMain.openClosedStandardDescriptors`).
    let flags = fcntl(fd, F_GETFL)
    guard flags == -1 || flags & O_ACCMODE != O_WRONLY else {
      throw CatalogError.unreadable(path: name, reason: SystemError.message(EBADF))
    }
    if (info.st_mode & S_IFMT) == S_IFDIR {
      throw CatalogError.unreadable(path: name, reason: "is a directory")
    }
    return info
  }

  /// Reads the source as one JSON value (a JSON Patch, for example).
  ///
  /// - Throws: ``CatalogError/invalidDocument(source:_:)`` with the problem's position, or
  ///   ``CatalogError/unreadable(path:reason:)``.
  public func readJSONValue(
    maxDepth: Int = JSONReader.defaultMaxDepth, maxSize: Int = JSONReader.defaultMaxSize
  ) throws -> JSONValue {
    try withReader(maxDepth: maxDepth, maxSize: maxSize) { reader, _ in
      do throws(JSONDiagnostic) {
        return try reader.readDocument()
      } catch {
        throw CatalogError.invalidDocument(source: name, JSONDiagnostics([error]))
      }
    }
  }

  /// Throws unless the source can be opened for reading, so that a command can refuse a
  /// missing file (or a closed standard input, or a directory as it) before it creates or
  /// locks anything.
  ///
  /// It does not open the file: opening and closing a named pipe would hand its writer's
  /// data to nobody, and the real open would then wait forever for a second writer. The
  /// file is opened once, by the read itself.
  public func checkReadable() throws {
    if case .standardInput = self { _ = try Self.readableStatus(of: 0, name: name) }
    guard case .file(let path) = self else { return }
    var info = stat()
    guard stat(path, &info) == 0, access(path, R_OK) == 0 else {
      throw CatalogError.unreadable(path: path, reason: SystemError.message(errno))
    }
    if (info.st_mode & S_IFMT) == S_IFDIR {
      throw CatalogError.unreadable(path: path, reason: "is a directory")
    }
  }

  /// This source with a stream's document read whole and validated: standard input, or a
  /// named pipe, becomes ``readAhead(_:name:readError:)``; anything else is itself.
  ///
  /// A write calls this before it takes the writer's lock, so that a slow producer
  /// (`slow-generator | catalog import -`) holds no lock while it produces, and a document
  /// with problems is refused without ever waiting for the lock. A regular file needs
  /// nothing of the kind: it is read as fast as the disk gives it.
  ///
  /// - Throws: ``CatalogError/invalidDocument(source:_:)`` for every problem in it (a read
  ///   that failed partway too, located where it stopped), or
  ///   ``CatalogError/unreadable(path:reason:)``.
  package func readingAhead(maxDepth: Int, maxSize: Int) throws -> DocumentSource {
    let fd: Int32
    switch self {
    case .bytes, .readAhead: return self
    case .standardInput:
      _ = try Self.readableStatus(of: 0, name: name)
      fd = 0
    case .file(let path):
      var info = stat()
      guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFIFO else { return self }
      fd = open(path, O_RDONLY | O_CLOEXEC)
      guard fd >= 0 else {
        throw CatalogError.unreadable(path: path, reason: SystemError.message(errno))
      }
    }
    defer { if fd != 0 { close(fd) } }
    let contents = Components.readAll(fd, limit: maxSize)
    let source = DocumentSource.readAhead(contents.bytes, name: name, readError: contents.error)
    _ = try source.forEachRawEntry(maxDepth: maxDepth, maxSize: maxSize) { _ in }
    return source
  }

  /// Reads and validates the whole document.
  ///
  /// - Throws: ``CatalogError/invalidDocument(source:_:)`` or ``CatalogError/unreadable(path:reason:)``.
  public func readEntries(
    maxDepth: Int = JSONReader.defaultMaxDepth, maxSize: Int = JSONReader.defaultMaxSize
  ) throws -> [CatalogEntry] {
    try readDocument(maxDepth: maxDepth, maxSize: maxSize).entries
  }

  /// ``readEntries(maxDepth:maxSize:)``, where the entries array is in the document as given
  /// (`/components`, or the root of a bare array), for patches that address it, and the
  /// document's frame (its form and other top-level members), and where each entry starts.
  public func readDocument(
    maxDepth: Int = JSONReader.defaultMaxDepth, maxSize: Int = JSONReader.defaultMaxSize
  ) throws -> (
    entries: [CatalogEntry], entriesPointer: JSONPointer, frame: DocumentFrame,
    positions: [SourcePosition]
  ) {
    var entries: [CatalogEntry] = []
    var positions: [SourcePosition] = []
    let read = try forEachRawEntry(maxDepth: maxDepth, maxSize: maxSize) {
      entries.append($0.entry)
      positions.append($0.position)
    }
    return (entries, read.entriesPointer, read.frame, positions)
  }

  /// Reads and validates the whole document, handing each entry to `body` as the reader
  /// leaves it (its buffers are reused by the next entry: copy what must outlive the call),
  /// so that nothing of the document is kept unless `body` keeps it. Returns where the
  /// entries array is in the document as given, and the document's frame.
  ///
  /// - Throws: what `body` throws, ``CatalogError/invalidDocument(source:_:)`` (after `body`
  ///   has seen every valid entry before the first problem) or
  ///   ``CatalogError/unreadable(path:reason:)``.
  ///
  /// `starting` is called first with the document's size in bytes when it is known (a
  /// regular file, bytes in memory), at most `maxSize`; `finished`, after the last entry of
  /// a valid document, with its kinds (``CatalogDocumentReader/takeKinds()``), unless
  /// `knownKinds` were given to the reader (``CatalogDocumentReader/Options/knownKinds``).
  package func forEachRawEntry(
    maxDepth: Int = JSONReader.defaultMaxDepth, maxSize: Int = JSONReader.defaultMaxSize,
    knownKinds: KnownKinds? = nil,
    starting: (_ totalBytes: Int?) -> Void = { _ in },
    finished: (_ kinds: ByteStringTable) throws -> Void = { _ in },
    _ body: (RawCatalogEntry) throws -> Void
  ) throws -> (entriesPointer: JSONPointer, frame: DocumentFrame) {
    try forEachRawEntry(
      maxDepth: maxDepth, maxSize: maxSize, knownKinds: knownKinds,
      starting: { total, _ in starting(total) }, finished: finished,
      { entry, _ in try body(entry) })
  }

  /// ``forEachRawEntry(maxDepth:maxSize:knownKinds:starting:finished:_:)``, where `starting`
  /// also gets the file being read when it is a regular file, for reading ranges of it again
  /// (nil otherwise, and unless `keepingFile`), and `body` gets each entry's text as written
  /// (its `{` to its `}`) when `keepingText`, else nil.
  package func forEachRawEntry(
    maxDepth: Int = JSONReader.defaultMaxDepth, maxSize: Int = JSONReader.defaultMaxSize,
    knownKinds: KnownKinds? = nil, keepingFile: Bool = false, keepingText: Bool = false,
    starting: (_ totalBytes: Int?, _ file: FileRanges?) -> Void,
    finished: (_ kinds: ByteStringTable) throws -> Void = { _ in },
    _ body: (RawCatalogEntry, _ text: UnsafeRawBufferPointer?) throws -> Void
  ) throws -> (entriesPointer: JSONPointer, frame: DocumentFrame) {
    try withReader(maxDepth: maxDepth, maxSize: maxSize, keepingFile: keepingFile) {
      reader, total, file in
      starting(total.map { min($0, maxSize) }, file)
      let document = CatalogDocumentReader(
        reader, options: .init(knownKinds: knownKinds, keepsEntryText: keepingText))
      do {
        while try document.nextRaw() {
          if keepingText {
            _ = try document.withCurrentEntryText { try body(document.currentRaw, $0) }
          } else {
            try body(document.currentRaw, nil)
          }
        }
      } catch let error as JSONDiagnostics {
        throw CatalogError.invalidDocument(source: name, withEveryConflict(error, maxSize: maxSize))
      }
      if let kinds = document.takeKinds() { try finished(kinds) }
      return (document.entriesPointer, document.frame)
    }
  }

  /// When reading stopped at a conflict marker, the diagnostics with one more for each
  /// later conflict in the file (`<<<<<<<` at the start of a line), so that every conflict
  /// left is pointed at. Standard input cannot be read again, so it keeps the first only.
  private func withEveryConflict(_ error: JSONDiagnostics, maxSize: Int) -> JSONDiagnostics {
    guard let first = error.diagnostics.last, ConflictMarkers.isMarker(first) else { return error }
    let bytes: [UInt8]
    switch self {
    case .bytes(let all, _), .readAhead(let all, _, _): bytes = all
    case .standardInput: return error
    case .file(let path):
      let fd = open(path, O_RDONLY | O_CLOEXEC)
      guard fd >= 0 else { return error }
      defer { close(fd) }
      // What could be read: a failed read only ends the search for markers.
      bytes = Components.readAll(fd, limit: maxSize).bytes
    }
    var diagnostics = error.diagnostics
    for line in ConflictMarkers.openingLines(in: bytes) where line > first.position.line {
      diagnostics.append(
        JSONDiagnostic(
          .invalidJSON, at: SourcePosition(line: line, column: 1, offset: 0), first.message))
    }
    return JSONDiagnostics(diagnostics)
  }
}
