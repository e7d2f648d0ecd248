import CatalogStorage
import Components

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file written under a temporary name and renamed into place when complete.
package final class AtomicFile {
  package let path: String
  /// The path as the user gave it, for messages.
  package let name: String
  private let temporaryPath: String
  private var fd: Int32

  /// Creates the temporary file for `path`, with permission bits `mode`.
  package init(path: String, mode: mode_t = 0o644, name: String? = nil) throws {
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

  package func write(_ bytes: [UInt8]) throws {
    if let error = writeAll(fd, bytes) {
      throw CatalogError.io(path: name, reason: SystemError.message(error))
    }
  }

  package func commit() throws {
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

  package func abandon() {
    if fd >= 0 { close(fd) }
    fd = -1
    unlink(temporaryPath)
  }

  deinit {
    if fd >= 0 { abandon() }
  }
}
