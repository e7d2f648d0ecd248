import CatalogStore
import Components

/// Shared pieces of the history commands' output.
enum HistoryFormat {
  static func revisionJSON(_ revision: Revision) -> JSONObject {
    JSONObject([
      .init(key: "revision", value: .number(JSONNumber(Int(revision.id)))),
      .init(key: "time", value: .string(Timestamp.string(revision.time))),
      .init(key: "author", value: .string(revision.author)),
      .init(key: "message", value: .string(revision.message)),
      .init(key: "source", value: .string(revision.source)),
      .init(key: "operation", value: .string(revision.operation)),
      .init(key: "added", value: .number(JSONNumber(revision.counts.added))),
      .init(key: "changed", value: .number(JSONNumber(revision.counts.changed))),
      .init(key: "removed", value: .number(JSONNumber(revision.counts.removed))),
      .init(key: "moved", value: .number(JSONNumber(revision.counts.moved))),
      .init(key: "frameChanged", value: .bool(revision.changedFrame)),
      .init(key: "tags", value: .array(revision.tags.map(JSONValue.string))),
    ])
  }

  /// A revision's header, as `log` and `show REV` print it. A message is set off by blank
  /// lines.
  ///
  /// - Returns: whether the header ended with a blank line.
  @discardableResult
  static func printRevision(_ revision: Revision, to console: Console) -> Bool {
    let tags = revision.tags.isEmpty ? "" : " (tag: \(revision.tags.joined(separator: ", ")))"
    console.print("revision \(revision.id)\(tags)")
    console.print("Author:  \(revision.author)")
    console.print("Date:    \(Timestamp.string(revision.time))")
    console.print("Source:  \(revision.source) (\(revision.operation))")
    let frame = revision.changedFrame ? ", document frame changed" : ""
    console.print("Counts:  \(WriteReport.counts(revision.counts))\(frame)")
    if !revision.message.isEmpty {
      console.print()
      for line in revision.message.split(separator: "\n", omittingEmptySubsequences: false) {
        console.print("    \(line)")
      }
      console.print()
      return true
    }
    return false
  }

  /// `7 (tag: v2) first line of the message`, or the source and operation when there is
  /// no message: `log --oneline`.
  static func oneline(_ revision: Revision) -> String {
    let tags = revision.tags.isEmpty ? "" : " (tag: \(revision.tags.joined(separator: ", ")))"
    let message = revision.message.split(separator: "\n").first.map(String.init)
    return "\(revision.id)\(tags) \(message ?? "\(revision.source) (\(revision.operation))")"
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
