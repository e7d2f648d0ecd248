import CatalogStore
import Components

/// The `--format json` lists of the reading commands (`kinds`, `categories`, `blame`,
/// `policy show --kind`): what each item carries, in one place. Printed as exports are
/// indented (``HistoryFormat/printJSON(_:to:)``).
enum ListJSON {
  /// `catalog kinds --format json`: each kind with its category, description and whether
  /// it is deprecated.
  static func kinds(_ entries: [CatalogEntry]) -> JSONValue {
    .array(
      entries.map { entry in
        ResultJSON.object([
          ("kind", .string(entry.kind)), ("category", .string(entry.category)),
          ("description", .string(entry.description)), ("deprecated", .bool(entry.isDeprecated)),
        ])
      })
  }

  /// `catalog categories --format json`: each category with how many kinds it has.
  static func categories(_ categories: [CategoryCount]) -> JSONValue {
    .array(
      categories.map {
        ResultJSON.object([
          ("category", .string($0.category)), ("kinds", .number(JSONNumber($0.count))),
        ])
      })
  }

  /// `catalog blame --format json`: each leaf with the revision that last set it.
  static func blame(_ lines: [BlameLine]) -> JSONValue {
    .array(
      lines.map { line in
        ResultJSON.object([
          ("path", .string(line.path.description)),
          ("revision", .number(JSONNumber(Int(line.revision.id)))),
          ("time", .string(Timestamp.string(line.revision.time))),
          ("author", .string(line.revision.author)), ("message", .string(line.revision.message)),
          ("value", line.value),
        ])
      })
  }

  /// `catalog policy show --kind KIND --format json`: the mode that applies to the kind, and
  /// where it is set; the category is null when the kind is not at head.
  static func policyMode(kind: String, category: String?, _ effective: CatalogPolicy.Effective)
    -> JSONValue
  {
    ResultJSON.object([
      ("kind", .string(kind)), ("category", category.map { .string($0) } ?? .null),
      ("mode", .string(effective.mode.rawValue)),
      ("origin", .string(effective.origin.description)),
    ])
  }
}
