import CatalogStore
import Components

/// `catalog blame KIND`: who last changed each leaf of an entry.
enum BlameCommand: CatalogCommand {
  static let kind: ArgumentKey<String?> = .positional("kind", help: "The kind of the entry.")
    .completing(.kind)

  static let spec = CommandSpec(
    name: "blame",
    abstract: "Show who last changed each field of an entry.",
    discussion: """
      For every leaf of the entry (category, description and every leaf of the payload, \
      as JSON Pointers) shows the revision, time and author that last changed it. The \
      json format is an array of {"path", "revision", "time", "author", "message"} \
      objects. The history of a renamed kind is followed back through its old names.

      On a terminal the output goes through a pager (--no-pager writes directly), is \
      coloured (--color) and shows times in the local time zone with its offset (--utc \
      for UTC), as 'catalog log' does.
      """,
    arguments: [
      kind.spec, CommonArguments.at.spec, CommonArguments.listFormat.spec,
      CommonArguments.noPager.spec, CommonArguments.color.spec, CommonArguments.utc.spec,
    ],
    examples: [
      Example("Who changed what in an entry:", "catalog blame tile-preview"),
      Example("As of a tag, for a script:", "catalog blame tile-preview --at v1.2 --format json"),
    ],
    seeAlso: ["log", "show"])

  static func run(_ context: CommandContext) throws -> ExitStatus {
    let catalog = try context.openCatalogWithRevisions()
    let argument = context.arguments[kind] ?? ""
    let (lines, kindThen, followedRename) = try catalog.blameFollowingRenames(
      argument, at: context.atReference)
    if followedRename {
      context.console.error(
        "note: \(argument) was named \(kindThen) at \(context.atReference); showing it under that name"
      )
    }
    let format = context.arguments[CommonArguments.listFormat] ?? .text
    let terminal = context.pagedTerminal(json: format == .json)
    switch format {
    case .json:
      let objects: [JSONValue] = lines.map { line in
        .object(
          JSONObject([
            .init(key: "path", value: .string(line.path.description)),
            .init(key: "revision", value: .number(JSONNumber(Int(line.revision.id)))),
            .init(key: "time", value: .string(Timestamp.string(line.revision.time))),
            .init(key: "author", value: .string(line.revision.author)),
            .init(key: "message", value: .string(line.revision.message)),
            .init(key: "value", value: line.value),
          ]))
      }
      HistoryFormat.printJSON(.array(objects), to: context.console)
    case .text:
      let paint = terminal.palette
      let pathWidth = TextColumn.width(of: lines.lazy.map(\.path.description))
      let revisionWidth = lines.map { String($0.revision.id).count }.max() ?? 0
      let authorWidth = TextColumn.width(of: lines.lazy.map(\.revision.author))
      for line in lines {
        let path = TextColumn.padded(line.path.description, to: pathWidth)
        let revision =
          String(repeating: " ", count: revisionWidth - String(line.revision.id).count)
          + String(line.revision.id)
        let author = TextColumn.padded(line.revision.author, to: authorWidth)
        let time = terminal.times.secondsText(line.revision.time)
        let message = line.revision.message.split(separator: "\n").first.map(String.init) ?? ""
        let comment: StyledText = message.isEmpty ? "" : "  \(paint(.secondary, "# \(message)"))"
        context.console.print(
          styled:
            "\(path)  \(paint(.revision, "r\(revision)"))  \(paint(.time, time))  "
            + "\(paint(.author, author))  \(HistoryFormat.short(line.value, limit: 40))\(comment)")
      }
    }
    return .success
  }
}
