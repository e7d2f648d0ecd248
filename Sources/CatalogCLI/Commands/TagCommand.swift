import CatalogStore

/// `catalog tag NAME [REV]`, `catalog tag --list`, `catalog tag --history [NAME]`,
/// `catalog tag --delete NAME`.
enum TagCommand: CatalogCommand {
  static let name: ArgumentKey<String?> = .positional(
    "name", arity: .optional, help: "The name to give.")
  static let rev: ArgumentKey<String?> = .positional(
    "rev", arity: .optional, help: "The revision to name (default: head)."
  ).completing(.revision)
  static let list: ArgumentKey<Bool> = .flag("list", help: "List every tag with its revision.")
  static let history: ArgumentKey<Bool> = .flag(
    "history", help: "List every recorded tag operation (of <name> only when given).")
  static let delete: ArgumentKey<String?> = .option(
    "delete", valueName: "name", help: "Delete the tag <name>."
  ).completing(.tag)
  static let message: ArgumentKey<String?> = .option(
    "message", short: "m", valueName: "text",
    help: "Annotate the tag with <text> (shown by --list); with --delete, why.")
  static let force: ArgumentKey<Bool> = .flag(
    "force", short: "f",
    help: "Move the tag to <rev> if it names another revision (the move is recorded), or "
      + "change its message.")

  static let spec = CommandSpec(
    name: "tag",
    abstract: "Name a revision, list the tags, or delete a tag.",
    discussion: """
      'catalog tag <name> [<rev>]' gives <rev> (default head) a name that can be used \
      wherever a revision is expected. Names are unique, and cannot look like a revision \
      number, 'head', 'head~N' or a time.

      Tagging the revision a tag already names is a no-op with exit status 0 ('tag v1.2 \
      already names revision 7'), so a release job can run again. A tag that names another \
      revision is moved only with -f, like 'git tag -f'. -m annotates the tag; --author \
      and --expect-head work as for every writing command.

      Every tag operation is recorded, append-only: its creation, each move, each change \
      of message and its deletion, with the revision it named before and after, who, when \
      (the writer's clock on SQLite, the server's on PostgreSQL), the message, and the \
      SHA-256 of the named revision's export (what 'export --digest' prints, and what \
      'verify --digest' checks a file against).

      'catalog tag --list' prints every tag, one a line, its fields separated by tabs: \
      name, revision, when it was tagged and by whom (kept when it moves), its recorded \
      digest, when it last moved ('moved TIME by NAME', or '-') and its message. Times are \
      in the local time zone with its offset on a terminal (--utc for UTC), in UTC as \
      stored elsewhere and in JSON; 'unknown' for what a catalog made before tag events \
      did not record. 'catalog tag --history [<name>]' prints the recorded operations, \
      oldest first, deleted tags' included: number, time, name, operation, revision \
      before ('-' for a creation), after ('-' for a deletion), author, digest and \
      message. 'catalog tag --delete <name>' removes a tag; the revision and the tag's \
      history are kept.
      """,
    arguments: [
      name.spec, rev.spec, list.spec, history.spec, delete.spec, message.spec, force.spec,
      CommonArguments.author.spec, CommonArguments.expectHead.spec,
      CommonArguments.resultFormat.spec, CommonArguments.utc.spec,
    ],
    constraints: [
      .mutuallyExclusive(list, delete, name),
      .mutuallyExclusive(list, delete, history),
      .mutuallyExclusive(history, rev),
      .mutuallyExclusive(history, force),
      .oneRequired(name, list, history, delete),
    ],
    examples: [
      Example("Name the head revision:", "catalog tag v1.2"),
      Example("Name the revision before head:", "catalog tag before-cleanup head~1"),
      Example(
        "Tag a release, only if nobody has written since revision 41:",
        #"catalog tag v1.3 -m "Release 1.3" --expect-head 41"#),
      Example("Move a tag to head:", "catalog tag -f v1.3"),
      Example("List the tags:", "catalog tag --list"),
      Example(
        "Every operation on v1.3, moves and deletions included:", "catalog tag --history v1.3"),
      Example("Delete a tag:", "catalog tag --delete v1.2"),
    ],
    seeAlso: ["log", "export", "restore"],
    usageForms: [
      "<name> [<rev>] [-m <text>] [-f] [--author <name>] [--expect-head <n>]", "--list [--utc]",
      "--history [<name>] [--utc]", "--delete <name> [-m <text>] [--author <name>]",
    ])

  static func run(_ context: CommandContext) throws -> ExitStatus {
    let arguments = context.arguments
    if arguments[list] {
      let catalog = try context.openCatalog(forWriting: false)
      let records = try catalog.tagRecords()
      if context.wantsJSON {
        ResultJSON.print(
          ResultJSON.tags(records, events: try catalog.tagEvents()), to: context.console)
        return .success
      }
      let times = context.terminal(json: false).times
      func time(_ event: TagEvent?) -> String { event?.time.map(times.text) ?? "unknown" }
      for record in records {
        let tag = record.tag
        let moved = record.lastMove.map { "moved \(time($0)) by \($0.author ?? "unknown")" }
        context.console.print(
          "\(tag.name)\trevision \(tag.revision)\t\(time(record.created))\t"
            + "\(record.created?.author ?? "unknown")\t"
            + "\(record.exportDigest.map(\.description) ?? "-")\t\(moved ?? "-")"
            + (tag.message.isEmpty ? "" : "\t\(tag.message)"))
      }
      return .success
    }
    if arguments[history] {
      let catalog = try context.openCatalog(forWriting: false)
      let events = try catalog.tagEvents(named: arguments[Self.name])
      if let name = arguments[Self.name], events.isEmpty {
        throw CatalogError.request(.noTagEvents(name: name))
      }
      if context.wantsJSON {
        ResultJSON.print(ResultJSON.tagHistory(events), to: context.console)
        return .success
      }
      let times = context.terminal(json: false).times
      for event in events {
        context.console.print(
          "\(event.id)\t\(event.time.map(times.text) ?? "unknown")\t\(event.name)\t"
            + "\(event.operation.rawValue)\t\(event.fromRevision.map { "\($0)" } ?? "-")\t"
            + "\(event.toRevision.map { "\($0)" } ?? "-")\t\(event.author ?? "unknown")\t"
            + "\(event.exportDigest.map(\.description) ?? "-")"
            + (event.message.isEmpty ? "" : "\t\(event.message)"))
      }
      return .success
    }
    let catalog = try context.openCatalog(forWriting: true)
    if let name = arguments[delete] {
      let tag = try catalog.deleteTag(
        name, author: context.author, message: arguments[message] ?? "")
      if context.wantsJSON {
        ResultJSON.print(ResultJSON.tag(tag, action: "deleted"), to: context.console)
        return .success
      }
      context.console.print("deleted tag \(name) (it named revision \(tag.revision))")
      return .success
    }
    let result = try catalog.tag(
      arguments[Self.name] ?? "", at: RevisionReference(parsing: arguments[rev] ?? "head"),
      author: context.author, message: arguments[message], force: arguments[force],
      expectHead: arguments[CommonArguments.expectHead].map(Int64.init))
    let tag = result.tag
    if context.wantsJSON {
      ResultJSON.print(
        ResultJSON.tag(
          tag, action: result.outcome.rawValue, previousRevision: result.previousRevision),
        to: context.console)
      return .success
    }
    switch result.outcome {
    case .created: context.console.print("tagged revision \(tag.revision) as \(tag.name)")
    case .moved:
      context.console.print(
        "moved tag \(tag.name) from revision \(result.previousRevision ?? 0) to revision "
          + "\(tag.revision)")
    case .annotated: context.console.print("changed the message of tag \(tag.name)")
    case .unchanged:
      context.console.print("tag \(tag.name) already names revision \(tag.revision)")
    }
    return .success
  }
}
