extension CommandSpec {
  /// `catalog deprecate <kind>`: warn consumers before a kind is removed.
  package static let deprecateCommand = CommandSpec(
    name: "deprecate",
    abstract: "Mark a kind deprecated in a new revision.",
    discussion: """
      The entry stays in the catalog and in exports, where it gains "deprecated": true, \
      so apps can warn before the kind is removed. Nothing is written if the kind is \
      already deprecated.
      """,
    arguments: [.positional("kind", help: "The kind to deprecate.")] + ArgumentSpec.writeOptions
      + [.resultFormat],
    examples: [
      Example(
        "Deprecate a kind:", #"catalog deprecate legacy-banner -m "Use hero-banner instead""#)
    ],
    seeAlso: ["undeprecate", "log"])

  /// `catalog undeprecate <kind>`: withdraw a deprecation.
  package static let undeprecateCommand = CommandSpec(
    name: "undeprecate",
    abstract: "Remove the deprecated mark from a kind in a new revision.",
    discussion: """
      Undoes 'catalog deprecate'. Nothing is written if the kind is not deprecated.
      """,
    arguments: [.positional("kind", help: "The kind to undeprecate.")]
      + ArgumentSpec.writeOptions + [.resultFormat],
    examples: [Example("Keep a kind after all:", "catalog undeprecate legacy-banner")],
    seeAlso: ["deprecate"])
}
