#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What ``readAll(_:limit:chunk:reservingCapacity:)`` read: the bytes, and the `errno` of
/// the read that failed, if one did (the bytes are then those read before it).
package struct FileDescriptorContents {
  package var bytes: [UInt8]
  package var error: Int32?
}

/// Reads `fd` to its end, `chunk` bytes at a time, again after `EINTR`, stopping at a read
/// that fails or once more than `limit` bytes are in: at most `limit + 1` bytes are read, so
/// that a source too large for `limit` tells itself from one that just fits.
///
/// The one read loop of the package for a whole file, a pipe or standard input.
///
/// - Parameters:
///   - limit: The most bytes the caller takes (unbounded by default).
///   - chunk: How many bytes one `read(2)` asks for.
///   - capacity: Bytes to reserve first (a regular file's size, when known).
package func readAll(
  _ fd: Int32, limit: Int = .max, chunk: Int = 1 << 16, reservingCapacity capacity: Int = 0
) -> FileDescriptorContents {
  var bytes: [UInt8] = []
  if capacity > 0 { bytes.reserveCapacity(capacity) }
  var buffer = [UInt8](repeating: 0, count: chunk)
  while bytes.count <= limit {
    let left = limit - bytes.count
    // One byte past the limit tells a source that is too large from one that just fits.
    let wanted = left < buffer.count ? left + 1 : buffer.count
    let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, wanted) }
    if count < 0 {
      if errno == EINTR { continue }
      return FileDescriptorContents(bytes: bytes, error: errno)
    }
    if count == 0 { break }
    bytes.append(contentsOf: buffer[0..<count])
  }
  return FileDescriptorContents(bytes: bytes, error: nil)
}
