import CatalogStore
import Components

/// `catalog blame KIND`: who last changed each leaf of an entry.
enum BlameCommand: CatalogCommand {
  static let kind: ArgumentKey<String?> = .positional("kind", help: "The kind of the entry.")
    .completing(.kind)
  static let pointer: ArgumentKey<String?> = .positional(
    "pointer", arity: .optional,
    help: "Only the leaves at or below this JSON Pointer of the entry (such as /payload/size).")

  static let spec = CommandSpec(
    name: "blame",
    abstract: "Show who last changed each field of an entry.",
    discussion: """
      For every leaf of the entry (category, description and every leaf of the payload, \
      as JSON Pointers) shows the revision, time and author that last changed it. The \
      json format is an array of {"path", "revision", "time", "author", "message"} \
      objects. The history of a renamed kind is followed back through its old names. With \
      <pointer>, only the leaves at or below it (/payload/size, /payload/tags/0); a pointer \
      the entry does not have is an error.

      On a terminal the output goes through a pager (--no-pager writes directly), is \
      coloured (--color) and shows times in the local time zone with its offset (--utc \
      for UTC), as 'catalog log' does.
      """,
    arguments: [
      kind.spec, pointer.spec, CommonArguments.at.spec, CommonArguments.listFormat.spec,
      CommonArguments.noPager.spec, CommonArguments.color.spec, CommonArguments.utc.spec,
    ],
    examples: [
      Example("Who changed what in an entry:", "catalog blame tile-preview"),
      Example("Only one part of the payload:", "catalog blame tile-preview /payload/size"),
      Example("As of a tag, for a script:", "catalog blame tile-preview --at v1.2 --format json"),
    ],
    seeAlso: ["log", "show"])

  static func run(_ context: CommandContext) throws -> ExitStatus {
    let catalog = try context.openCatalogWithRevisions()
    let kindName = context.arguments[kind] ?? ""
    let blamed = try catalog.blameFollowingRenames(kindName, at: context.atReference)
    var lines = blamed.lines
    if blamed.followedRename {
      context.console.error(
        "note: \(kindName) was named \(blamed.kind) at \(context.atReference); showing it under that name"
      )
    }
    if let text = context.arguments[pointer] {
      let subtree: JSONPointer
      do {
        subtree = try JSONPointer(parsing: text)
      } catch {
        throw UsageError.invalidArguments(
          "invalid value '\(text)' for '<pointer>': \(error.reason)")
      }
      // Tokens compare by bytes, as everywhere a pointer is matched.
      lines = lines.filter { line in
        line.path.tokens.count >= subtree.tokens.count
          && JSONPointer(Array(line.path.tokens.prefix(subtree.tokens.count))) == subtree
      }
      if lines.isEmpty {
        throw CatalogError.request(
          .noValueAtPointer(kind: kindName, pointer: subtree.description))
      }
    }
    let format = context.arguments[CommonArguments.listFormat] ?? .text
    let terminal = context.pagedTerminal(json: format == .json)
    switch format {
    case .json:
      HistoryFormat.printJSON(ListJSON.blame(lines), to: context.console)
    case .text:
      let paint = terminal.palette
      let pathWidth = TextColumn.width(of: lines.lazy.map(\.path.description))
      let revisionWidth = lines.map { String($0.revision.id).count }.max() ?? 0
      let authorWidth = TextColumn.width(of: lines.lazy.map(\.revision.author))
      for line in lines {
        let path = TextColumn.padded(line.path.description, to: pathWidth)
        // `r1 ` beside `r10`: the number stays next to its `r`, as git's short hashes do.
        let padding = String(repeating: " ", count: revisionWidth - String(line.revision.id).count)
        let author = TextColumn.padded(line.revision.author, to: authorWidth)
        let time = terminal.times.secondsText(line.revision.time)
        let message = line.revision.message.split(separator: "\n").first.map(String.init) ?? ""
        let comment: StyledText = message.isEmpty ? "" : "  \(paint(.secondary, "# \(message)"))"
        context.console.print(
          styled:
            "\(path)  \(paint(.revision, "r\(line.revision.id)"))\(padding)  \(paint(.time, time))  "
            + "\(paint(.author, author))  \(HistoryFormat.short(line.value, limit: 40))\(comment)")
      }
    }
    return .success
  }
}
