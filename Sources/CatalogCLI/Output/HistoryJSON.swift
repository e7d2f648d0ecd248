import CatalogDiff
import CatalogStorage
import CatalogStore
import Components

/// The `--format json` output of the history commands (`log`, `show REVISION`, merge's
/// report): what each revision, kind history item and waiver carries, in one place.
/// Printed as exports are indented (``HistoryFormat/printJSON(_:to:)``).
enum HistoryJSON {
  /// A revision's header: number, time, author, message, source, operation, counts, tags.
  static func revision(_ revision: Revision) -> JSONObject {
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

  /// `show REVISION --format json`: the header, the export's and the revision's digests, and
  /// the revision's changes.
  static func shownRevision(
    _ revision: Revision, digests: RevisionDigests, diff: CatalogDiff
  ) -> JSONValue {
    var object = self.revision(revision)
    object["exportDigest"] = .string(digests.export.description)
    object["digest"] = digests.revision.map { .string($0.description) } ?? .null
    object["diff"] = diff.summaryValue
    return .object(object)
  }

  /// `log KIND --format json`: one item of a kind's history, under its revision's header.
  static func kindHistoryItem(_ item: KindHistoryItem) -> JSONObject {
    var object = revision(item.revision)
    object["kind"] = .string(item.kind)
    object["change"] = .string(item.change.rawValue)
    object["previousKind"] = item.previousKind.map(JSONValue.string) ?? .null
    object["paths"] = .array(item.changedPaths.map { .string($0.description) })
    object["deprecated"] = item.deprecation.map(JSONValue.bool) ?? .null
    return object
  }

  /// A waiver: its revision, time, author, reason and the changes it let through.
  static func waiver(_ waiver: Waiver) -> JSONObject {
    JSONObject([
      .init(key: "revision", value: .number(JSONNumber(Int(waiver.revision)))),
      .init(key: "time", value: .string(Timestamp.string(waiver.time))),
      .init(key: "author", value: .string(waiver.author)),
      .init(key: "reason", value: .string(waiver.reason)),
      .init(
        key: "changes",
        value: .array(
          waiver.changes.map { change in
            .object(
              JSONObject([
                .init(key: "kind", value: .string(change.kind)),
                .init(key: "rule", value: .string(change.rule)),
                .init(key: "pointer", value: .string(change.pointer)),
                .init(key: "mode", value: .string(change.mode)),
              ]))
          })),
    ])
  }
}
