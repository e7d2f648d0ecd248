import Components

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension DocumentSource {
  /// The source's bytes, at most `maxSize`.
  ///
  /// - Throws: ``CatalogError/unreadable(path:reason:)``, or
  ///   ``CatalogError/invalidDocument(source:_:)`` for a source larger than `maxSize`.
  public func readBytes(maxSize: Int) throws -> [UInt8] {
    guard let bytes = try readBytes(upTo: maxSize) else {
      throw CatalogError.invalidDocument(
        source: name,
        JSONDiagnostics([
          JSONDiagnostic(
            .invalidJSON, at: SourcePosition(line: 1, column: 1, offset: 0),
            "the document is larger than the limit of \(maxSize) bytes")
        ]))
    }
    return bytes
  }

  /// The source's bytes, or nil when there are more than `maxSize` of them.
  ///
  /// For the commands that need a document whole or twice: `check` points findings at
  /// lines, `diff --format json-patch` may repeat NEW, `git textconv` shows a file that is
  /// not a catalog as it is. The source is read once, so a pipe or named pipe gives its data
  /// to this one read, and never past `maxSize + 1` bytes, so an endless input
  /// (`/dev/zero`) costs no more than the limit; a regular file's size is checked first.
  ///
  /// - Throws: ``CatalogError/unreadable(path:reason:)`` with the system's reason when the
  ///   source cannot be opened or read, or is a directory.
  public func readBytes(upTo maxSize: Int) throws -> [UInt8]? {
    switch self {
    case .bytes(let bytes, _):
      return bytes.count <= maxSize ? bytes : nil
    case .readAhead(let bytes, let name, let readError):
      if let readError {
        throw CatalogError.unreadable(path: name, reason: SystemError.message(readError))
      }
      return bytes.count <= maxSize ? bytes : nil
    case .standardInput:
      return try Self.readAll(0, name: name, maxSize: maxSize)
    case .file(let path):
      let fd = open(path, O_RDONLY | O_CLOEXEC)
      guard fd >= 0 else {
        throw CatalogError.unreadable(path: path, reason: SystemError.message(errno))
      }
      defer { close(fd) }
      return try Self.readAll(fd, name: path, maxSize: maxSize)
    }
  }

  private static func readAll(_ fd: Int32, name: String, maxSize: Int) throws -> [UInt8]? {
    let info = try readableStatus(of: fd, name: name)
    var size = 0
    if (info.st_mode & S_IFMT) == S_IFREG {
      guard Int(info.st_size) <= maxSize else { return nil }
      size = Int(info.st_size)
    }
    let read = Components.readAll(fd, limit: maxSize, reservingCapacity: size)
    if let error = read.error {
      throw CatalogError.unreadable(path: name, reason: SystemError.message(error))
    }
    return read.bytes.count <= maxSize ? read.bytes : nil
  }
}
