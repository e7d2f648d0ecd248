extension CommandSpec {
  /// `catalog rename <old> <new>`: rename a kind, keeping its history.
  package static let renameCommand = CommandSpec(
    name: "rename",
    abstract: "Rename a kind in a new revision.",
    discussion: """
      Writes a revision in which the entry <old> is called <new>. Export writes the new \
      name; log and blame of <new> follow its history back through <old>.
      """,
    arguments: [
      .positional("old", help: "The kind's current name."),
      .positional("new", help: "The kind's new name."),
    ] + ArgumentSpec.writeOptions + [.resultFormat],
    examples: [
      Example(
        "Fix a kind name:", #"catalog rename tilepreview tile-preview -m "Use kebab-case""#)
    ],
    seeAlso: ["log", "blame"])
}
