import CatalogStore
import Components

/// `catalog blame KIND`: who last changed each leaf of an entry.
enum BlameCommand: CatalogCommand {
  static let spec = CommandSpec.blameCommand

  enum Format: String, CaseIterable {
    case text
    case json
  }

  static func run(_ context: CommandContext) throws -> ExitStatus {
    let catalog = try context.openCatalog(forWriting: false)
    let lines = try catalog.blame(
      context.arguments.positional("kind") ?? "", at: context.atReference)
    switch try context.arguments.choice("format", as: Format.self) ?? .text {
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
      let pathWidth = lines.map(\.path.description.count).max() ?? 0
      let revisionWidth = lines.map { String($0.revision.id).count }.max() ?? 0
      let authorWidth = lines.map(\.revision.author.count).max() ?? 0
      for line in lines {
        let path = line.path.description.padding(toLength: pathWidth, withPad: " ", startingAt: 0)
        let revision =
          String(repeating: " ", count: revisionWidth - String(line.revision.id).count)
          + String(line.revision.id)
        let author = line.revision.author.padding(
          toLength: authorWidth, withPad: " ", startingAt: 0)
        let time = String(Timestamp.string(line.revision.time).prefix(19))
        let message = line.revision.message.split(separator: "\n").first.map(String.init) ?? ""
        context.console.print(
          "\(path)  r\(revision)  \(time)  \(author)  \(HistoryFormat.short(line.value, limit: 40))"
            + (message.isEmpty ? "" : "  # \(message)"))
      }
    }
    return .success
  }
}
