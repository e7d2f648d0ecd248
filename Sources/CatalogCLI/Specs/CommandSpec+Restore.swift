extension CommandSpec {
  /// `catalog restore <rev>`: move forward to an earlier catalog.
  package static let restoreCommand = CommandSpec(
    name: "restore",
    abstract: "Write a new revision whose catalog equals an earlier one.",
    discussion: """
      History is never rewritten: restore moves forward, writing one revision that adds, \
      changes and removes whatever makes head equal to <rev>. If head already equals \
      <rev>, nothing is written.
      """,
    arguments: [
      .positional("rev", help: "The revision to restore: a number, head~N, a tag or a time.")
    ] + ArgumentSpec.writeOptions + [.resultFormat],
    examples: [
      Example("Go back to a release:", #"catalog restore v1.2 -m "Back out the redesign""#),
      Example("Undo the last revision:", "catalog restore head~1"),
    ],
    seeAlso: ["log", "diff", "tag"])
}
