import CatalogStore

/// A progress line on stderr for long work (`import`, `export`, `copy`, `site`), as git
/// shows one: drawn only when stderr is a terminal and `--quiet` was not given, only once
/// the work passes ``threshold`` units (a small catalog shows nothing), redrawn in place
/// (`\r`, the text, an erase to the end of the line) and cleared when the work ends.
final class ProgressLine {
  /// Units of work (entries, entry versions, files) before the line appears.
  static let threshold = 4096

  private let console: Console
  private let label: String
  private let enabled: Bool
  private var shown = false

  /// - Parameters:
  ///   - label: what is being done (`importing components.json`, `writing site`).
  ///   - quiet: `--quiet`: never draw.
  ///   - sharesTerminal: the command's data goes to the terminal too (an export to stdout
  ///     on a terminal), where a redrawn line would land in the middle of it.
  init(console: Console, label: String, quiet: Bool = false, sharesTerminal: Bool = false) {
    self.console = console
    self.label = label
    self.enabled = !quiet && !sharesTerminal && console.stderrIsTerminal
  }

  /// Shows `done` units, of `total` when it is known (as a percentage too).
  func update(_ done: Int, of total: Int? = nil, unit: String) {
    guard enabled, done >= Self.threshold else { return }
    shown = true
    if let total, total > 0 {
      let percent = min(100, done * 100 / total)
      console.redrawProgress("\(label): \(percent)% (\(done)/\(total) \(unit))")
    } else {
      console.redrawProgress("\(label): \(done) \(unit)")
    }
  }

  /// An import's progress: entries read, and the share of the file when its size is known.
  func update(_ progress: ImportProgress) {
    guard enabled, progress.entries >= Self.threshold else { return }
    shown = true
    let percent =
      progress.totalBytes.map { total in
        total > 0 ? " \(min(100, progress.bytesRead * 100 / total))%" : ""
      } ?? ""
    console.redrawProgress("\(label):\(percent) \(progress.entries) entries")
  }

  /// Clears the line, if one was drawn, so what follows starts on a clean line.
  func finish() {
    if shown { console.redrawProgress("") }
    shown = false
  }
}
