import CatalogStore

/// `catalog tag NAME [REV]`, `catalog tag --list`, `catalog tag --delete NAME`.
enum TagCommand: CatalogCommand {
  static let spec = CommandSpec.tagCommand

  static func run(_ context: CommandContext) throws -> ExitStatus {
    let arguments = context.arguments
    if arguments.flag("list") {
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
    if let name = arguments.string("delete") {
      let tag = try catalog.deleteTag(name)
      if context.wantsJSON {
        ResultJSON.print(ResultJSON.tag(tag, action: "deleted"), to: context.console)
        return .success
      }
      context.console.print("deleted tag \(name) (it named revision \(tag.revision))")
      return .success
    }
    let name = arguments.positional("name") ?? ""
    let tag = try catalog.tag(
      name, at: RevisionReference(parsing: arguments.positional("rev") ?? "head"),
      author: context.author)
    if context.wantsJSON {
      ResultJSON.print(ResultJSON.tag(tag, action: "created"), to: context.console)
      return .success
    }
    context.console.print("tagged revision \(tag.revision) as \(tag.name)")
    return .success
  }
}
