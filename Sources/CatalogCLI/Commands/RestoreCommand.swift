import CatalogStore

/// `catalog restore REV`: a new revision equal to an old one.
enum RestoreCommand: CatalogCommand {
  static let rev: ArgumentKey<String?> = .positional(
    "rev", help: "The revision to restore: a number, head~N, a tag or a time."
  ).completing(.revision)

  static let spec = CommandSpec(
    name: "restore",
    abstract: "Write a new revision whose catalog equals an earlier one.",
    discussion: """
      History is never rewritten: restore moves forward, writing one revision that adds, \
      changes and removes whatever makes head equal to <rev>. If head already equals \
      <rev>, nothing is written.
      """,
    arguments: [
      rev.spec
    ] + CommonArguments.writeOptions + [CommonArguments.resultFormat.spec],
    examples: [
      Example("Go back to a release:", #"catalog restore v1.2 -m "Back out the redesign""#),
      Example("Undo the last revision:", "catalog restore head~1"),
    ],
    seeAlso: ["log", "diff", "tag"])

  static func run(_ context: CommandContext) throws -> ExitStatus {
    let catalog = try context.openCatalog(forWriting: true)
    let result = try catalog.restore(
      RevisionReference(parsing: context.arguments[rev] ?? "head"),
      options: context.writeOptions())
    WriteReport.report(result, context)
    return .success
  }
}

/// `catalog rename OLD NEW`: a new revision in which a kind has a new name.
enum RenameCommand: CatalogCommand {
  static let old: ArgumentKey<String?> = .positional("old", help: "The kind's current name.")
    .completing(.kind)
  static let new: ArgumentKey<String?> = .positional("new", help: "The kind's new name.")

  static let spec = CommandSpec(
    name: "rename",
    abstract: "Rename a kind in a new revision.",
    discussion: """
      Writes a revision in which the entry <old> is called <new>. Export writes the new \
      name; log and blame of <new> follow its history back through <old>.
      """,
    arguments: [
      old.spec, new.spec,
    ] + CommonArguments.writeOptions + [CommonArguments.resultFormat.spec],
    examples: [
      Example(
        "Fix a kind name:", #"catalog rename tilepreview tile-preview -m "Use kebab-case""#)
    ],
    seeAlso: ["log", "blame"])

  static func run(_ context: CommandContext) throws -> ExitStatus {
    let catalog = try context.openCatalog(forWriting: true)
    let result = try catalog.rename(
      context.arguments[old] ?? "", to: context.arguments[new] ?? "",
      options: context.writeOptions())
    WriteReport.report(result, context)
    return .success
  }
}

/// `catalog deprecate KIND`: mark an entry deprecated in a new revision.
enum DeprecateCommand: CatalogCommand {
  static let kind: ArgumentKey<String?> = .positional(
    "kind", help: "The kind to deprecate."
  ).completing(.kind)

  static let spec = CommandSpec(
    name: "deprecate",
    abstract: "Mark a kind deprecated in a new revision.",
    discussion: """
      The entry stays in the catalog and in exports, where it gains "deprecated": true, \
      so apps can warn before the kind is removed. Nothing is written if the kind is \
      already deprecated.
      """,
    arguments: [kind.spec] + CommonArguments.writeOptions
      + [CommonArguments.resultFormat.spec],
    examples: [
      Example(
        "Deprecate a kind:", #"catalog deprecate legacy-banner -m "Use hero-banner instead""#)
    ],
    seeAlso: ["undeprecate", "log"])

  static func run(_ context: CommandContext) throws -> ExitStatus {
    try setDeprecated(true, kind: kind, context)
  }
}

/// `catalog undeprecate KIND`: clear the mark in a new revision.
enum UndeprecateCommand: CatalogCommand {
  static let kind: ArgumentKey<String?> = .positional(
    "kind", help: "The kind to undeprecate."
  ).completing(.kind)

  static let spec = CommandSpec(
    name: "undeprecate",
    abstract: "Remove the deprecated mark from a kind in a new revision.",
    discussion: """
      Undoes 'catalog deprecate'. Nothing is written if the kind is not deprecated.
      """,
    arguments: [kind.spec] + CommonArguments.writeOptions
      + [CommonArguments.resultFormat.spec],
    examples: [Example("Keep a kind after all:", "catalog undeprecate legacy-banner")],
    seeAlso: ["deprecate"])

  static func run(_ context: CommandContext) throws -> ExitStatus {
    try setDeprecated(false, kind: kind, context)
  }
}

private func setDeprecated(
  _ deprecated: Bool, kind: ArgumentKey<String?>, _ context: CommandContext
) throws -> ExitStatus {
  let catalog = try context.openCatalog(forWriting: true)
  let result = try catalog.setDeprecated(
    context.arguments[kind] ?? "", deprecated, options: context.writeOptions())
  WriteReport.report(result, context)
  return .success
}
