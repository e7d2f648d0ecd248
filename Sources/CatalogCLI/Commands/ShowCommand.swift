import CatalogDiff
import CatalogStore
import Components

/// `catalog show KIND`: one entry at a revision; `catalog show REV`: what a revision changed.
enum ShowCommand: CatalogCommand {
  static let kind: ArgumentKey<String?> = .positional(
    "kind", help: "The kind of the entry, or a revision."
  ).completing(.kind)
  static let revision: ArgumentKey<Bool> = .flag(
    "revision", help: "Read the argument as a revision, even when a kind has its name.")
  static let stat: ArgumentKey<Bool> = .flag(
    "stat", help: "With a revision, one line per changed kind instead of every change.")
  static let format: ArgumentKey<Format?> = .choice(
    "format", valueName: "format", of: Format.self, help: "The output format.")

  static let spec = CommandSpec(
    name: "show",
    abstract: "Print one entry as it was at a revision, or what one revision changed.",
    discussion: """
      With a kind, prints its entry at --at (default head). A kind is followed through \
      renames: 'show tile-card --at v1' shows the entry under the name it had then, and \
      says so. A kind that did not exist at that revision is an error (exit status 65) that \
      says when it did exist.

      With a revision (when the argument names no kind but resolves as a revision: 7, \
      head^, v2~1, a tag; or with --revision), prints the revision's header and its \
      changes with old and new values, as 'catalog diff @REV^ @REV' does, like 'git show'. \
      The header names the revision's two digests: Export, the SHA-256 of its export \
      ('export --digest'), and Digest, the one recorded in the history's chain. \
      On a terminal the revision is coloured (--color) and its time shown in the local time \
      zone with its offset (--utc for UTC); elsewhere the time is UTC, as stored.
      """,
    arguments: [
      kind.spec, CommonArguments.at.spec, revision.spec, stat.spec, format.spec,
      CommonArguments.color.spec, CommonArguments.utc.spec,
    ],
    constraints: [.mutuallyExclusive(revision, CommonArguments.at)],
    examples: [
      Example("The entry at head:", "catalog show tile-preview"),
      Example("Three revisions ago:", "catalog show tile-preview --at head~3"),
      Example("At the start of a day (UTC):", "catalog show tile-preview --at 2026-11-29"),
      Example("What the last revision changed:", "catalog show head"),
      Example("What a tagged release changed:", "catalog show --revision v2 --format text"),
    ],
    seeAlso: ["log", "blame", "export", "diff"])

  enum Format: String, CaseIterable, Sendable {
    case json
    case text
  }

  static func run(_ context: CommandContext) throws -> ExitStatus {
    let catalog = try context.openCatalogWithRevisions()
    let argument = context.arguments[kind] ?? ""
    // The default format depends on what is shown: JSON for an entry, text for a revision.
    let format = context.arguments.contains(Self.format) ? context.arguments[Self.format] : nil
    if context.arguments[revision] {
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
      if !context.arguments.contains(CommonArguments.at),
        readsAsRevision || (try? catalog.revision(reference)) != nil
      {
        return try showRevision(argument, format: format ?? .text, catalog: catalog, context)
      }
      throw CatalogError.unknownKind(kind: kind, detail: detail)
    }
    if context.arguments[stat] {
      throw UsageError.invalidArguments(
        "'--stat' shows a revision's changes, but '\(argument)' is a kind")
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
      // Quoted as `diff` quotes it when its ends are whitespace, which would show as nothing.
      let kind =
        entry.kind.hasWhitespaceEdges ? JSONValue.string(entry.kind).canonicalText : entry.kind
      console.print("kind:        \(kind)")
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
      try printClients(of: entry, catalog: catalog, at: context.atReference, to: console)
    }
    return .success
  }

  /// The revision's header and its changes, like `git show`.
  static func showRevision(
    _ reference: String, format: Format, catalog: Catalog, _ context: CommandContext
  ) throws -> ExitStatus {
    let (revision, diff) = try catalog.changes(in: RevisionReference(parsing: reference))
    let digests = try catalog.digests(at: .number(revision.id))
    switch format {
    case .json:
      HistoryFormat.printJSON(
        HistoryJSON.shownRevision(revision, digests: digests, diff: diff), to: context.console)
    case .text:
      let terminal = context.terminal(json: false)
      if !HistoryFormat.printRevision(
        revision, terminal, to: context.console, digests: digests)
      {
        context.console.print()
      }
      let text =
        context.arguments[stat]
        ? diff.stat(color: terminal.color) : diff.text(color: terminal.color)
      context.console.write(Array(text.utf8))
    }
    return .success
  }
}
