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
    let (directory, fileName) = PathName.split(path)
    var template = Array(PathName.join(directory, ".\(fileName).XXXXXX").utf8CString)
    fd = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.map { mkstemp($0) } ?? -1
    }
    guard fd >= 0 else {
      throw CatalogError.io(
        path: self.name, reason: Self.directoryProblem(errno, directory: directory))
    }
    temporaryPath = String(
      decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    fchmod(fd, mode)
  }

  /// Why no file could be made in `directory`, blaming the directory: the file itself does
  /// not exist yet, so "permission denied" or "no such file" alone would blame it.
  static func directoryProblem(_ code: Int32, directory: String) -> String {
    switch code {
    case ENOENT: return "the directory '\(directory)' does not exist"
    case ENOTDIR: return "'\(directory)' is not a directory"
    case EACCES, EPERM, EROFS:
      return "cannot create a file in the directory '\(directory)': \(SystemError.message(code))"
    default: return SystemError.message(code)
    }
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
