extension CommandSpec {
  /// `catalog kinds`: the kinds at a revision.
  package static let kindsCommand = CommandSpec(
    name: "kinds",
    abstract: "List the kinds of the catalog, with their categories.",
    discussion: """
      Lists every kind at --at (default head) in catalog order, with its category, and \
      (deprecated) after a deprecated one. --category keeps one category; a category no \
      kind has is an error (exit status 65) that names the closest one.
      """,
    arguments: [
      .option("category", valueName: "name", help: "List only the kinds of this category."),
      .at,
      .format(["text", "json"], help: "The output format."),
    ],
    examples: [
      Example("Every kind at head:", "catalog kinds"),
      Example(
        "The badges of a release, for a script:",
        "catalog kinds --category Badges --at v1 --format json"),
    ],
    seeAlso: ["categories", "show", "export"])

  /// `catalog categories`: the categories at a revision.
  package static let categoriesCommand = CommandSpec(
    name: "categories",
    abstract: "List the categories of the catalog, with how many kinds each has.",
    discussion: """
      Lists the categories at --at (default head), sorted, each with its number of kinds.
      """,
    arguments: [
      .at,
      .format(["text", "json"], help: "The output format."),
    ],
    examples: [Example("The categories at head:", "catalog categories")],
    seeAlso: ["kinds"])
}
