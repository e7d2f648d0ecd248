import CatalogStore

/// `catalog tag NAME [REV]`, `catalog tag --list`, `catalog tag --delete NAME`.
enum TagCommand: CatalogCommand {
  static let name: ArgumentKey<String?> = .positional(
    "name", arity: .optional, help: "The name to give.")
  static let rev: ArgumentKey<String?> = .positional(
    "rev", arity: .optional, help: "The revision to name (default: head)."
  ).completing(.revision)
  static let list: ArgumentKey<Bool> = .flag("list", help: "List every tag with its revision.")
  static let delete: ArgumentKey<String?> = .option(
    "delete", valueName: "name", help: "Delete the tag <name>.")

  static let spec = CommandSpec(
    name: "tag",
    abstract: "Name a revision, list the tags, or delete a tag.",
    discussion: """
      'catalog tag <name> [<rev>]' gives <rev> (default head) a name that can be used \
      wherever a revision is expected. Names are unique, and cannot look like a revision \
      number, 'head', 'head~N' or a time.

      'catalog tag --list' prints every tag with its revision. 'catalog tag --delete \
      <name>' removes a tag; the revision itself is kept.
      """,
    arguments: [
      name.spec, rev.spec, list.spec, delete.spec, CommonArguments.resultFormat.spec,
    ],
    constraints: [
      .mutuallyExclusive(list, delete, name),
      .oneRequired(name, list, delete),
    ],
    examples: [
      Example("Name the head revision:", "catalog tag v1.2"),
      Example("Name the revision before head:", "catalog tag before-cleanup head~1"),
      Example("List the tags:", "catalog tag --list"),
      Example("Delete a tag:", "catalog tag --delete v1.2"),
    ],
    seeAlso: ["log", "export", "restore"],
    usageForms: ["<name> [<rev>]", "--list", "--delete <name>"])

  static func run(_ context: CommandContext) throws -> ExitStatus {
    let arguments = context.arguments
    if arguments[list] {
      let catalog = try context.openCatalog(forWriting: false)
      if context.wantsJSON {
        ResultJSON.print(ResultJSON.tags(try catalog.tags()), to: context.console)
        return .success
      }
      for tag in try catalog.tags() {
        context.console.print(
          "\(tag.name)\trevision \(tag.revision)\t\(Timestamp.string(tag.time))\t\(tag.author)")
      }
      return .success
    }
    let catalog = try context.openCatalog(forWriting: true)
    if let name = arguments[delete] {
      let tag = try catalog.deleteTag(name)
      if context.wantsJSON {
        ResultJSON.print(ResultJSON.tag(tag, action: "deleted"), to: context.console)
        return .success
      }
      context.console.print("deleted tag \(name) (it named revision \(tag.revision))")
      return .success
    }
    let name = arguments[Self.name] ?? ""
    let tag = try catalog.tag(
      name, at: RevisionReference(parsing: arguments[rev] ?? "head"),
      author: context.author)
    if context.wantsJSON {
      ResultJSON.print(ResultJSON.tag(tag, action: "created"), to: context.console)
      return .success
    }
    context.console.print("tagged revision \(tag.revision) as \(tag.name)")
    return .success
  }
}
