import Components
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension SiteDirectory {
  /// The process's file mode creation mask, read without changing it.
  ///
  /// `umask(2)` can only read the mask by setting it, and the mask is the whole process's:
  /// between `umask(0o022)` and `umask(mask)` a file that another thread creates would get
  /// the wrong mode. Linux (since 4.7) reports the mask in `/proc/self/status`, on its
  /// `Umask:` line (proc(5)), which is read instead; only where that line is missing (another
  /// system, an older kernel, no `/proc`) do the two calls read it.
  static func processUmask() -> mode_t {
    if let status = readProcSelfStatus(), let mask = umaskLine(inStatus: status) { return mask }
    let mask = umask(0o022)
    umask(mask)
    return mask
  }

  /// The mask on the `Umask:` line of a `/proc/PID/status` text (`Umask:\t0022`), nil when
  /// there is no such line or it is not an octal number of at most four digits.
  static func umaskLine(inStatus status: [UInt8]) -> mode_t? {
    let prefix = Array("Umask:".utf8)
    var lineStart = 0
    while lineStart < status.count {
      let lineEnd = status[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? status.count
      let line = status[lineStart..<lineEnd]
      if line.starts(with: prefix) {
        let digits = line.dropFirst(prefix.count).drop { $0 == UInt8(ascii: "\t") || $0 == 0x20 }
        guard !digits.isEmpty, digits.count <= 4,
          digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "7")).contains($0) })
        else { return nil }
        return digits.reduce(0) { $0 << 3 | mode_t($1 - UInt8(ascii: "0")) }
      }
      lineStart = lineEnd + 1
    }
    return nil
  }

  /// The bytes of `/proc/self/status` (whose size `stat` reports as 0, so read to the end),
  /// nil when it cannot be read.
  private static func readProcSelfStatus() -> [UInt8]? {
    let descriptor = open("/proc/self/status", O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    let read = Components.readAll(descriptor, chunk: 4096)
    return read.error == nil ? read.bytes : nil
  }
}
