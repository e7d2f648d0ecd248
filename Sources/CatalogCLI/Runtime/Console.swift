import CatalogStore
import Components

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
///
/// `log` and `blame` on a terminal send stdout through a pager (``page(through:environment:)``,
/// decided by ``TerminalOptions``): it is started at the first byte written, and
/// ``finishPager()`` waits for the person to quit it. A pager quit before the end
/// (``readerQuit``) is not a failure, as in git; one that exits with a failure status
/// (``pagerFailure``) is, since it may have shown nothing.
package final class Console {
  private var pending: [UInt8] = []
  /// Where stdout's bytes go: 1, or the pipe into the pager.
  private var output: Int32 = 1
  /// The pager to start at the first byte written to stdout.
  private var pagerRequest: (command: PagerCommand, environment: [String: String])?
  /// The pager that is running.
  private var pager: Pager?
  /// The running pager's command as given, for messages.
  private var pagerCommand = ""
  /// Messages for stderr held back while the pager has the terminal.
  private var heldErrors: [String] = []
  /// Whether stdout went through a pager.
  package private(set) var paged = false
  /// The pager that exited with a failure status, and that status: it may not have shown
  /// the output (a shell pager whose program is missing exits 127 without reading it).
  package private(set) var pagerFailure: (command: String, status: Int32)?
  /// The `errno` of the first failed write to stdout.
  package private(set) var stdoutError: Int32?
  /// The `errno` of the first failed write to stderr.
  package private(set) var stderrError: Int32?
  /// Whether a progress line is on the terminal, to be cleared before a message.
  private var progressShown = false
  /// The revision the command committed before printing its report, so that a report that
  /// cannot be written says the revision exists: a script that sees the failure and retries
  /// would otherwise be told "no changes" and never learn what happened.
  package var writtenRevision: Int64?

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

  /// Buffers one line of styled text for stdout: its user text already made visible, its
  /// colours added by a ``Palette``.
  package func print(styled line: StyledText) {
    pending.append(contentsOf: line.rendered.utf8)
    pending.append(0x0A)
    if pending.count >= 1 << 16 { flush() }
  }

  /// Writes bytes to stdout as they are (JSON, exports: escaped by their writers).
  package func write(_ bytes: [UInt8]) {
    // A large chunk (an export's megabyte) goes straight out instead of being copied.
    if bytes.count >= 1 << 16 {
      flush()
      startPagerIfRequested()
      if stdoutError == nil { stdoutError = writeAll(output, bytes) }
      return
    }
    pending.append(contentsOf: bytes)
    if pending.count >= 1 << 16 { flush() }
  }

  /// Writes bytes to stdout, and throws once a write to stdout has failed, so that a long
  /// output (an export) stops instead of producing the rest for nobody.
  package func writeChecked(_ bytes: [UInt8]) throws(OutputFailure) {
    write(bytes)
    try checkOutput()
  }

  /// Throws once a write to stdout has failed, so that a long listing stops when its reader
  /// (a pager that was quit, `head`) is gone.
  package func checkOutput() throws(OutputFailure) {
    if let stdoutError { throw OutputFailure(errno: stdoutError) }
  }

  /// Whether stdout's reader was a pager that the person quit before the end: `EPIPE` on the
  /// pipe into it. Not a failure (exit status 0, no message), as in git.
  package var readerQuit: Bool { paged && stdoutError == EPIPE }

  /// Sends stdout through `command` from the first byte written on; a pager that cannot be
  /// started is reported as a warning and stdout is written directly.
  package func page(through command: PagerCommand, environment: [String: String]) {
    guard pager == nil, !paged else { return }
    pagerRequest = (command, environment)
  }

  private func startPagerIfRequested() {
    guard let request = pagerRequest else { return }
    pagerRequest = nil
    do {
      let started = try Pager.start(request.command, environment: request.environment)
      pager = started
      pagerCommand = request.command.text
      output = started.input
      paged = true
      // A pager quit early makes writes fail with EPIPE instead of killing the process; the
      // interrupt key goes to the pager, which has the terminal, as with git.
      signal(SIGPIPE, SIG_IGN)
      signal(SIGINT, SIG_IGN)
      signal(SIGQUIT, SIG_IGN)
    } catch {
      writeError(
        "catalog: warning: cannot start the pager '\(TerminalText.visible(error.command))': "
          + "\(SystemError.message(error.errno)); writing directly\n")
    }
  }

  /// Writes what is pending, closes the pager's input and waits for the person to quit it,
  /// then prints the messages held back meanwhile. A pager that exited with a failure status
  /// is remembered in ``pagerFailure``.
  package func finishPager() {
    flush()
    guard let running = pager else { return }
    if case .exited(let status) = running.finish(), status != 0 {
      pagerFailure = (pagerCommand, status)
    }
    pager = nil
    output = 1
    signal(SIGINT, SIG_DFL)
    signal(SIGQUIT, SIG_DFL)
    for text in heldErrors { writeError(text) }
    heldErrors = []
  }

  /// Writes one line to stderr at once, its control characters shown as escapes.
  package func error(_ text: String) {
    flush()
    guard pager == nil else {
      heldErrors.append(TerminalText.visible(text) + "\n")
      return
    }
    clearProgress()
    writeError(TerminalText.visible(text) + "\n")
  }

  /// Writes `text` to stderr as it is, with no newline added (a usage text, the site's
  /// summary); control characters other than line breaks are shown as escapes.
  package func printToStderr(_ text: String) {
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
    startPagerIfRequested()
    if stdoutError == nil { stdoutError = writeAll(output, pending) }
    pending.removeAll(keepingCapacity: true)
  }

  deinit { finishPager() }
}

/// A write to stdout failed: `errno` says why.
package struct OutputFailure: Error, Sendable {
  package var errno: Int32
}
