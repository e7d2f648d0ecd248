#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a command writes: stdout carries data (exports, patches, JSON), stderr messages
/// and progress.
package final class Console {
  private var pending: [UInt8] = []

  package init() {}

  /// Whether standard output is a terminal (for colour).
  package var stdoutIsTerminal: Bool { isatty(1) == 1 }
  /// Whether standard error is a terminal (for progress).
  package var stderrIsTerminal: Bool { isatty(2) == 1 }

  /// Buffers `text` for stdout.
  package func print(_ text: String = "") {
    pending.append(contentsOf: text.utf8)
    pending.append(0x0A)
    if pending.count >= 1 << 16 { flush() }
  }

  /// Writes bytes to stdout.
  package func write(_ bytes: [UInt8]) {
    pending.append(contentsOf: bytes)
    if pending.count >= 1 << 16 { flush() }
  }

  /// Writes a line to stderr at once.
  package func error(_ text: String) {
    flush()
    Self.writeAll(2, Array((text + "\n").utf8))
  }

  /// Writes text to stderr without a newline (progress lines).
  package func progress(_ text: String) {
    Self.writeAll(2, Array(text.utf8))
  }

  package func flush() {
    guard !pending.isEmpty else { return }
    Self.writeAll(1, pending)
    pending.removeAll(keepingCapacity: true)
  }

  private static func writeAll(_ fd: Int32, _ bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { raw in
        raw.baseAddress.map { Glibc.write(fd, $0 + offset, raw.count - offset) } ?? 0
      }
      if written < 0 {
        if errno == EINTR { continue }
        return
      }
      offset += written
    }
  }

  deinit { flush() }
}
