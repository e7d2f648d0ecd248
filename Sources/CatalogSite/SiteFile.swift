import Components

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// One new file of the site, open for writing until ``close()``: a page streams into it
/// piece by piece, so that no page (the index of 100,000 kinds, the first import's revision
/// page) is ever held whole in memory.
///
/// Every write is checked; a file left open by a failure is closed by `deinit` (and removed
/// with the temporary directory).
final class SiteFile {
  /// The file's path as the user named the output, for messages; nil when the caller adds
  /// it to the error (``CatalogSiteError/at(_:)``), so that no path is made per page.
  let displayPath: String?
  private var descriptor: Int32

  /// A file just created (``SiteDirectory/create(_:)``), open for writing.
  init(descriptor: Int32, displayPath: String?) {
    self.displayPath = displayPath
    self.descriptor = descriptor
  }

  /// Writes all of `bytes`, retrying short writes and interruptions.
  func write(_ bytes: [UInt8]) throws(CatalogSiteError) {
    if let error = writeAll(descriptor, bytes) {
      throw .io(path: displayPath ?? "", reason: SystemError.message(error))
    }
  }

  /// Closes the file; a failed close is a failed write (`close(2)` may report a deferred
  /// write error).
  func close() throws(CatalogSiteError) {
    let descriptor = self.descriptor
    self.descriptor = -1
    guard descriptor >= 0, systemClose(descriptor) == 0 else {
      throw .io(path: displayPath ?? "", reason: SystemError.message(errno))
    }
  }

  deinit {
    if descriptor >= 0 { _ = systemClose(descriptor) }
  }
}

/// `close(2)`, named apart from the method called `close`.
private func systemClose(_ fd: Int32) -> Int32 {
  close(fd)
}
