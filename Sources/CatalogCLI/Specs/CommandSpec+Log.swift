extension CommandSpec {
  /// `catalog log [<kind>]`: the revision history.
  package static let logCommand = CommandSpec(
    name: "log",
    abstract: "List revisions, newest first.",
    discussion: """
      Shows each revision's number, time, author, message, source file, counts of kinds \
      added, changed and removed, and its tags.

      With <kind>, lists only the revisions that touched that kind, each with what \
      changed: added, removed, renamed, deprecated, or the changed fields as JSON \
      Pointers. The history of a renamed kind is followed back through its old names.
      """,
    arguments: [
      .positional("kind", arity: .optional, help: "List only the revisions that touched it."),
      .option(
        "limit", valueName: "n", value: .integer(minimum: 1),
        help: "List at most <n> revisions."),
      .format(["text", "json"], help: "The output format."),
    ],
    examples: [
      Example("The last five revisions:", "catalog log --limit 5"),
      Example("Every change to one kind:", "catalog log tile-preview"),
      Example("The history for a script:", "catalog log --format json"),
    ],
    seeAlso: ["show", "blame", "tag"])
}
