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
  var bytes: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 1 << 20)
  while true {
    let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    if count < 0 && errno == EINTR { continue }
    guard count >= 0 else { throw BenchError("\(path): \(String(cString: strerror(errno)))") }
    if count == 0 { return bytes }
    bytes.append(contentsOf: chunk[0..<count])
  }
}

/// Writes `bytes` to `path`, replacing it.
func writeFile(_ path: String, _ bytes: [UInt8]) throws {
  let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
  guard fd >= 0 else { throw BenchError("\(path): \(String(cString: strerror(errno)))") }
  defer { close(fd) }
  var offset = 0
  while offset < bytes.count {
    let written = bytes.withUnsafeBytes { raw in
      raw.baseAddress.map { write(fd, $0 + offset, raw.count - offset) } ?? 0
    }
    if written < 0 && errno == EINTR { continue }
    guard written > 0 else { throw BenchError("\(path): \(String(cString: strerror(errno)))") }
    offset += written
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
