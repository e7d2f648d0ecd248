extension CommandSpec {
  /// `catalog show <kind>`: one entry at a revision.
  package static let showCommand = CommandSpec(
    name: "show",
    abstract: "Print one entry as it was at a revision.",
    discussion: """
      Prints the entry of <kind> at --at (default head). A kind that did not exist at \
      that revision is an error (exit status 65) that says when it did exist.
      """,
    arguments: [
      .positional("kind", help: "The kind of the entry."),
      .at,
      .format(["json", "text"], help: "The output format."),
    ],
    examples: [
      Example("The entry at head:", "catalog show tile-preview"),
      Example("Three revisions ago:", "catalog show tile-preview --at head~3"),
      Example("At the start of a day (UTC):", "catalog show tile-preview --at 2026-11-29"),
    ],
    seeAlso: ["log", "blame", "export"])
}
