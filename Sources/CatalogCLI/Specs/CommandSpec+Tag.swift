extension CommandSpec {
  /// `catalog tag <name> [<rev>]`, `catalog tag --list`, `catalog tag --delete <name>`.
  package static let tagCommand = CommandSpec(
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
      .positional("name", arity: .optional, help: "The name to give."),
      .positional("rev", arity: .optional, help: "The revision to name (default: head)."),
      .flag("list", help: "List every tag with its revision."),
      .option("delete", valueName: "name", help: "Delete the tag <name>."),
      .resultFormat,
    ],
    constraints: [
      .mutuallyExclusive(["list", "delete", "name"]),
      .oneRequired(["name", "list", "delete"]),
    ],
    examples: [
      Example("Name the head revision:", "catalog tag v1.2"),
      Example("Name the revision before head:", "catalog tag before-cleanup head~1"),
      Example("List the tags:", "catalog tag --list"),
      Example("Delete a tag:", "catalog tag --delete v1.2"),
    ],
    seeAlso: ["log", "export", "restore"],
    usageForms: ["<name> [<rev>]", "--list", "--delete <name>"])
}
