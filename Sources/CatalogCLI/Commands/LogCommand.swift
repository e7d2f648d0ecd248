import CatalogStore
import Components

/// `catalog log [KIND]`: revisions newest first, or the history of one kind.
enum LogCommand: CatalogCommand {
  static let spec = CommandSpec.logCommand

  enum Format: String, CaseIterable {
    case text
    case json
  }

  static func run(_ context: CommandContext) throws -> ExitStatus {
    let catalog = try context.openCatalog(forWriting: false)
    let limit = try context.arguments.int("limit")
    let format = try context.arguments.choice("format", as: Format.self) ?? .text
    let console = context.console
    if let kind = context.arguments.positional("kind") {
      let items = try catalog.history(of: kind, limit: limit)
      switch format {
      case .json:
        HistoryFormat.printJSON(.array(items.map(json)), to: console)
      case .text:
        for (i, item) in items.enumerated() {
          if i > 0 { console.print() }
          printRevision(item.revision, to: console)
          console.print("Change:  \(describe(item))")
        }
      }
    } else {
      let revisions = try catalog.revisions(limit: limit)
      switch format {
      case .json:
        HistoryFormat.printJSON(
          .array(revisions.map { .object(HistoryFormat.revisionJSON($0)) }), to: console)
      case .text:
        for (i, revision) in revisions.enumerated() {
          if i > 0 { console.print() }
          printRevision(revision, to: console)
        }
      }
    }
    return .success
  }

  static func printRevision(_ revision: Revision, to console: Console) {
    let tags = revision.tags.isEmpty ? "" : " (tag: \(revision.tags.joined(separator: ", ")))"
    console.print("revision \(revision.id)\(tags)")
    console.print("Author:  \(revision.author)")
    console.print("Date:    \(Timestamp.string(revision.time))")
    console.print("Source:  \(revision.source) (\(revision.operation))")
    console.print("Counts:  \(WriteReport.counts(revision.counts))")
    if !revision.message.isEmpty {
      console.print()
      for line in revision.message.split(separator: "\n", omittingEmptySubsequences: false) {
        console.print("    \(line)")
      }
      console.print()
    }
  }

  static func describe(_ item: KindHistoryItem) -> String {
    switch item.change {
    case .added: return "added as \(item.kind)"
    case .removed: return "removed"
    case .moved: return "moved"
    case .renamed, .changed:
      var parts: [String] = []
      if let previous = item.previousKind {
        parts.append("renamed from \(previous) to \(item.kind)")
      }
      if let deprecated = item.deprecation {
        parts.append(deprecated ? "deprecated" : "undeprecated")
      }
      let fields = item.changedPaths.filter {
        $0.tokens.first != "kind" && $0.tokens.first != "deprecated"
      }
      if !fields.isEmpty {
        parts.append("changed " + fields.map(\.description).joined(separator: ", "))
      }
      return parts.isEmpty ? "changed" : parts.joined(separator: "; ")
    }
  }

  static func json(_ item: KindHistoryItem) -> JSONValue {
    var object = HistoryFormat.revisionJSON(item.revision)
    object["kind"] = .string(item.kind)
    object["change"] = .string(item.change.rawValue)
    object["previousKind"] = item.previousKind.map(JSONValue.string) ?? .null
    object["paths"] = .array(item.changedPaths.map { .string($0.description) })
    object["deprecated"] = item.deprecation.map(JSONValue.bool) ?? .null
    return .object(object)
  }
}
