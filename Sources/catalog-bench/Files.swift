import Components

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The whole contents of a file.
func readFile(_ path: String) throws -> [UInt8] {
  let fd = open(path, O_RDONLY | O_CLOEXEC)
  guard fd >= 0 else { throw BenchError("\(path): \(String(cString: strerror(errno)))") }
  defer { close(fd) }
  let read = readAll(fd, chunk: 1 << 20)
  if let error = read.error { throw BenchError("\(path): \(String(cString: strerror(error)))") }
  return read.bytes
}

/// Writes `bytes` to `path`, replacing it.
func writeFile(_ path: String, _ bytes: [UInt8]) throws {
  let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
  guard fd >= 0 else { throw BenchError("\(path): \(String(cString: strerror(errno)))") }
  defer { close(fd) }
  if let error = writeAll(fd, bytes) {
    throw BenchError("\(path): \(String(cString: strerror(error)))")
  }
}

/// The size of a file in bytes, or 0 when it does not exist.
func fileSize(_ path: String) -> Int {
  var info = stat()
  return stat(path, &info) == 0 ? Int(info.st_size) : 0
}

/// The size and modification time of a file, to tell whether a run wrote to it.
func fileStamp(_ path: String) -> String {
  var info = stat()
  guard stat(path, &info) == 0 else { return "absent" }
  return "\(info.st_size)@\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
}

/// The size of a catalog on disk: the database file plus its write-ahead log, if any.
func catalogSize(_ path: String) -> Int {
  fileSize(path) + fileSize(path + "-wal")
}

/// Removes a catalog database and its WAL and shared-memory files.
func removeCatalog(_ path: String) {
  for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
}

/// Copies a file (a closed catalog: its WAL was checkpointed when the last connection closed).
func copyFile(_ from: String, _ to: String) throws {
  try writeFile(to, try readFile(from))
}
