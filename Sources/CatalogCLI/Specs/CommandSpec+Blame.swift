extension CommandSpec {
  /// `catalog blame <kind>`: who last changed each field.
  package static let blameCommand = CommandSpec(
    name: "blame",
    abstract: "Show who last changed each field of an entry.",
    discussion: """
      For every leaf of the entry (category, description and every leaf of the payload, \
      as JSON Pointers) shows the revision, time and author that last changed it. The \
      json format is an array of {"path", "revision", "time", "author", "message"} \
      objects. The history of a renamed kind is followed back through its old names.
      """,
    arguments: [
      .positional("kind", help: "The kind of the entry."),
      .at,
      .format(["text", "json"], help: "The output format."),
    ],
    examples: [
      Example("Who changed what in an entry:", "catalog blame tile-preview"),
      Example("As of a tag, for a script:", "catalog blame tile-preview --at v1.2 --format json"),
    ],
    seeAlso: ["log", "show"])
}
