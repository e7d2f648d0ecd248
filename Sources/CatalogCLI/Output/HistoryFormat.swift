import CatalogStore
import Components

/// Shared pieces of the history commands' output.
enum HistoryFormat {
  /// A revision's header, as `log` and `show REV` print it, in the terminal's colours and
  /// time zone. A message is set off by blank lines.
  ///
  /// - Returns: whether the header ended with a blank line.
  @discardableResult
  static func printRevision(
    _ revision: Revision, _ terminal: TerminalOptions, to console: Console,
    digests: RevisionDigests? = nil
  ) -> Bool {
    let paint = terminal.palette
    console.print(
      styled: "\(paint(.revision, "revision \(revision.id)"))\(decoration(revision.tags, paint))")
    console.print(styled: "Author:  \(paint(.author, revision.author))")
    console.print(styled: "Date:    \(paint(.time, terminal.times.text(revision.time)))")
    console.print(styled: "Source:  \(revision.source) (\(revision.operation))")
    let frame: StyledText = revision.changedFrame ? ", document frame changed" : ""
    console.print(styled: "Counts:  \(WriteReport.counts(revision.counts))\(frame)")
    if let digests {
      console.print("Export:  \(digests.export)")
      console.print("Digest:  \(digests.revision.map(\.description) ?? "none recorded")")
    }
    if !revision.message.isEmpty {
      console.print()
      for line in revision.message.split(separator: "\n", omittingEmptySubsequences: false) {
        console.print(styled: "    \(String(line))")
      }
      console.print()
      return true
    }
    return false
  }

  /// ` (tag: v1, v2)` after a revision number, or nothing: the parentheses in the
  /// revision's colour, the names in the tags', as git decorates a commit.
  static func decoration(_ tags: [String], _ paint: Palette) -> StyledText {
    guard !tags.isEmpty else { return "" }
    var text = paint(.revision, " (tag: ")
    for (i, tag) in tags.enumerated() {
      if i > 0 { text = text + paint(.revision, ", ") }
      text = text + paint(.tag, tag)
    }
    return text + paint(.revision, ")")
  }

  /// `7 (tag: v2) first line of the message`, or the source and operation when there is
  /// no message: `log --oneline`.
  static func oneline(_ revision: Revision, _ paint: Palette) -> StyledText {
    let message = revision.message.split(separator: "\n").first.map(String.init)
    return
      "\(paint(.revision, "\(revision.id)"))\(decoration(revision.tags, paint)) \(message ?? "\(revision.source) (\(revision.operation))")"
  }

  /// Prints a JSON value the way exports are indented, with a final newline.
  static func printJSON(_ value: JSONValue, to console: Console) {
    console.write(JSONWriter.indentedBytes(value) + [0x0A])
  }

  /// A value on one line, shortened to `limit` characters.
  static func short(_ value: JSONValue, limit: Int = 60) -> String {
    let text = value.canonicalText
    return text.count > limit ? String(text.prefix(limit - 1)) + "…" : text
  }
}
