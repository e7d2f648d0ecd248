import CatalogStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a command writes: stdout carries data (exports, patches, JSON), stderr messages
/// and progress.
///
/// Every write is checked. The first failed write on a stream is remembered (its `errno`)
/// and later writes to that stream are dropped; `CatalogMain` turns the failure into
/// `catalog: error: stdout: no space left on device` and exit status 74, or, for a broken
/// pipe (`EPIPE`, when SIGPIPE is ignored), exit status 74 without a message.
package final class Console {
  private var pending: [UInt8] = []
  /// The `errno` of the first failed write to stdout.
  package private(set) var stdoutError: Int32?
  /// The `errno` of the first failed write to stderr.
  package private(set) var stderrError: Int32?
  /// Whether a progress line is on the terminal, to be cleared before a message.
  private var progressShown = false

  package init() {}

  /// Whether standard output is a terminal (for colour).
  package var stdoutIsTerminal: Bool { isatty(1) == 1 }
  /// Whether standard error is a terminal (for progress).
  package var stderrIsTerminal: Bool { isatty(2) == 1 }

  /// Buffers one line of text for stdout, with its control characters shown as escapes
  /// (``TerminalText``); a tab stays a tab, for columns.
  package func print(_ text: String = "") {
    pending.append(contentsOf: TerminalText.visible(text, keeping: ["\t"]).utf8)
    pending.append(0x0A)
    if pending.count >= 1 << 16 { flush() }
  }

  /// Writes bytes to stdout as they are (JSON, exports: escaped by their writers).
  package func write(_ bytes: [UInt8]) {
    // A large chunk (an export's megabyte) goes straight out instead of being copied.
    if bytes.count >= 1 << 16 {
      flush()
      if stdoutError == nil { stdoutError = writeAll(1, bytes) }
      return
    }
    pending.append(contentsOf: bytes)
    if pending.count >= 1 << 16 { flush() }
  }

  /// Writes bytes to stdout, and throws once a write to stdout has failed, so that a long
  /// output (an export) stops instead of producing the rest for nobody.
  package func writeChecked(_ bytes: [UInt8]) throws(OutputFailure) {
    write(bytes)
    if let stdoutError { throw OutputFailure(errno: stdoutError) }
  }

  /// Writes one line to stderr at once, its control characters shown as escapes.
  package func error(_ text: String) {
    flush()
    clearProgress()
    writeError(TerminalText.visible(text) + "\n")
  }

  /// Writes text to stderr without a newline (progress lines, usage texts); control
  /// characters other than line breaks are shown as escapes.
  package func progress(_ text: String) {
    clearProgress()
    writeError(TerminalText.visible(text, keeping: ["\n"]))
  }

  /// Redraws the progress line on a terminal's stderr: a carriage return, `text` with its
  /// control characters shown as escapes, and an erase to the end of the line. An empty
  /// `text` clears the line.
  package func redrawProgress(_ text: String) {
    writeError("\r" + TerminalText.visible(text) + "\u{1B}[K")
    progressShown = !text.isEmpty
  }

  /// Erases a progress line left on the terminal, so that a message starts on a clean line
  /// instead of being printed onto the end of the progress.
  private func clearProgress() {
    guard progressShown else { return }
    redrawProgress("")
  }

  private func writeError(_ text: String) {
    guard stderrError == nil else { return }
    stderrError = writeAll(2, Array(text.utf8))
  }

  package func flush() {
    guard !pending.isEmpty else { return }
    if stdoutError == nil { stdoutError = writeAll(1, pending) }
    pending.removeAll(keepingCapacity: true)
  }

  deinit { flush() }
}

/// A write to stdout failed: `errno` says why.
package struct OutputFailure: Error, Sendable {
  package var errno: Int32
}
