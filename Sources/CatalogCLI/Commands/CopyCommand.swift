import CatalogStore
import Components

/// `catalog copy FROM TO`.
enum CopyCommand: CatalogCommand {
  static let from: ArgumentKey<String?> = .positional(
    "from", help: "The catalog to copy (a path or a postgresql:// URL)."
  ).completing(.file)
  static let to: ArgumentKey<String?> = .positional(
    "to", help: "The empty location to copy it to."
  ).completing(.file)

  static let spec = CommandSpec(
    name: "copy",
    abstract: "Copy a whole catalog, with its history, to another location.",
    discussion: """
      Copies every revision (its number, time, author, message and source), every entry \
      version and every tag from <from> to <to>, which must be empty (a new file, or a \
      PostgreSQL database without catalog tables). Afterwards 'export --at R' gives the \
      same bytes from both, for every revision R.

      Each location is a SQLite file's path or a PostgreSQL connection (postgresql://… or \
      key=value), as for --database: copy a file to a server to start sharing a catalog, or \
      a server's catalog to a file for a local snapshot or a backup. The copy is one \
      transaction of <to>: all of it lands, or none of it. --database is not used.
      """,
    arguments: [
      from.spec, to.spec, CommonArguments.resultFormat.spec, CommonArguments.quiet.spec,
    ],
    examples: [
      Example(
        "Start sharing a catalog:",
        "catalog copy components.sqlite postgresql://catalog@db.example/components"),
      Example(
        "Take a local snapshot of a shared catalog:",
        "catalog copy postgresql://catalog@db.example/components snapshot.sqlite"),
    ],
    seeAlso: ["export", "doctor"])

  static func run(_ context: CommandContext) throws -> ExitStatus {
    let timeout = context.busyTimeout
    let from = try Catalog(
      location: CatalogLocation(context.arguments[Self.from] ?? ""),
      options: Catalog.Options(busyTimeout: timeout, readOnly: true, create: false))
    let to = try Catalog(
      location: CatalogLocation(context.arguments[Self.to] ?? ""),
      options: Catalog.Options(busyTimeout: timeout))
    let progress = ProgressLine(
      console: context.console, label: "copying", quiet: context.arguments[CommonArguments.quiet])
    let summary = try to.copyHistory(from: from) { progress.update($0, unit: "entry versions") }
    progress.finish()
    if context.arguments[CommonArguments.resultFormat] == .json {
      ResultJSON.print(
        ResultJSON.copy(summary, from: from.location.description, to: to.location.description),
        to: context.console)
      return .success
    }
    context.console.print(
      "copied \(summary.revisions.counting("revision")) "
        + "(\(summary.entryVersions.counting("entry version")), \(summary.tags.counting("tag"))) "
        + "from \(from.location.description) to \(to.location.description)")
    return .success
  }
}
