import CatalogStore
import Components

/// `catalog show KIND`: one entry at a revision; `catalog show REV`: what a revision changed.
enum ShowCommand: CatalogCommand {
  static let spec = CommandSpec.showCommand

  enum Format: String, CaseIterable {
    case json
    case text
  }

  static func run(_ context: CommandContext) throws -> ExitStatus {
    let catalog = try context.openCatalog(forWriting: false)
    let argument = context.arguments.positional("kind") ?? ""
    // The default format depends on what is shown: JSON for an entry, text for a revision.
    let format =
      context.arguments.contains("format")
      ? try context.arguments.choice("format", as: Format.self) : nil
    if context.arguments.flag("revision") {
      return try showRevision(argument, format: format ?? .text, catalog: catalog, context)
    }
    let found: (entry: CatalogEntry, followedRename: Bool)
    do {
      found = try catalog.entryFollowingRenames(argument, at: context.atReference)
    } catch CatalogError.unknownKind(let kind, let detail) {
      // Not a kind: a revision, when it names one (or reads as nothing but a revision, such
      // as 12 or v1^, so that the error is about the revision) and --at was not given.
      let reference = RevisionReference(parsing: argument)
      var readsAsRevision = true
      if case .tag = reference { readsAsRevision = false }
      if !context.arguments.contains("at"),
        readsAsRevision || (try? catalog.revision(reference)) != nil
      {
        return try showRevision(argument, format: format ?? .text, catalog: catalog, context)
      }
      throw CatalogError.unknownKind(kind: kind, detail: detail)
    }
    let entry = found.entry
    if found.followedRename {
      context.console.error(
        "note: \(argument) was named \(entry.kind) at \(context.atReference); showing it under that name"
      )
    }
    switch format ?? .json {
    case .json:
      HistoryFormat.printJSON(try entry.jsonValue, to: context.console)
    case .text:
      let console = context.console
      console.print("kind:        \(entry.kind)")
      console.print("category:    \(entry.category)")
      console.print("description: \(entry.description)")
      if entry.isDeprecated { console.print("deprecated:  yes") }
      for member in entry.extraMembers where !member.key.hasSameBytes(as: "deprecated") {
        console.print("\(member.key): \(member.value)")
      }
      console.print("payload:")
      for line in try entry.payload.value().indentedText.split(separator: "\n") {
        console.print("  \(line)")
      }
    }
    return .success
  }

  /// The revision's header and its changes, like `git show`.
  static func showRevision(
    _ reference: String, format: Format, catalog: Catalog, _ context: CommandContext
  ) throws -> ExitStatus {
    let (revision, diff) = try catalog.changes(in: RevisionReference(parsing: reference))
    switch format {
    case .json:
      var object = HistoryFormat.revisionJSON(revision)
      object["diff"] = diff.summaryValue
      HistoryFormat.printJSON(.object(object), to: context.console)
    case .text:
      if !HistoryFormat.printRevision(revision, to: context.console) { context.console.print() }
      let text = context.arguments.flag("stat") ? diff.stat() : diff.text()
      context.console.write(Array(text.utf8))
    }
    return .success
  }
}
