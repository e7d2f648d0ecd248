#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes all of `bytes` to `fd`, again after a short write or `EINTR`; returns the `errno`
/// of a failure, nil when every byte was written.
///
/// The one write loop of the package: exports and atomic files, the console's stdout and
/// stderr, and the site's pages go through it.
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
