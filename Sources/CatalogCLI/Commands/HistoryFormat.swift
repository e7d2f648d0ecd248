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
      .init(key: "tags", value: .array(revision.tags.map(JSONValue.string))),
    ])
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
