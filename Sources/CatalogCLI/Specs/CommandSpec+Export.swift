extension CommandSpec {
  /// `catalog export`: the catalog at a revision as components.json.
  package static let exportCommand = CommandSpec(
    name: "export",
    abstract: "Write the catalog as components.json.",
    discussion: """
      Writes the catalog at --at (default head) in the canonical format: 2-space \
      indentation, one entry per element, one newline at the end. Entries keep the order \
      of the import that placed them; new kinds follow the existing ones. Exporting a \
      revision gives the same bytes that export printed when it was head.

      With --output, the data goes to a temporary file that is then renamed, so a reader \
      never sees half a file.
      """,
    arguments: [
      .option(
        "output", short: "o", valueName: "file",
        help: "Write to <file> instead of stdout ('-' is stdout)."),
      .repeatableOption(
        "category", valueName: "name", help: "Export only the entries of this category."),
      .at,
    ],
    examples: [
      Example("Print the head catalog:", "catalog export"),
      Example("Save the catalog as it was at tag v1.2:", "catalog export --at v1.2 -o v1.2.json"),
      Example("Export two categories:", "catalog export --category Display --category Input"),
    ],
    seeAlso: ["import", "show", "diff"])
}
