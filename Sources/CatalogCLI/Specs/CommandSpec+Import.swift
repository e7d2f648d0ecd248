extension CommandSpec {
  /// `catalog import <file>`: one revision from a components.json file.
  package static let importCommand = CommandSpec(
    name: "import",
    abstract: "Import a components.json file as a new revision.",
    discussion: """
      Validates the whole file before writing anything. If the file matches head, \
      prints 'no changes (head is revision N)' and writes nothing; otherwise writes one \
      revision and prints 'revision N: A added, C changed, R removed'.

      Kinds that are in the catalog but not in the file are kept and listed in a note, \
      unless --prune removes them in the same revision. The file may hold a \
      {"components": [...]} object or a bare array of entries.

      A problem in the file is reported as FILE:LINE:COLUMN: error: <message>, with \
      exit status 65, and the catalog is left unchanged. So is a change the compatibility \
      policies refuse ('catalog policy'): every refused change is listed with the mode, the \
      level it was set on, the rule, the kind, the JSON Pointer, both values, a fix and the \
      entry's FILE:LINE:COLUMN; --allow-breaking REASON writes it anyway and records a \
      waiver.
      """,
    arguments: [
      .positional("file", help: "The components.json file to import, or '-' for stdin."),
      .message,
      .author,
      .flag("prune", help: "Remove kinds that are in the catalog but not in the file."),
      .flag("dry-run", help: "Print what would change, and write nothing."),
      .expectHead,
      .allowBreaking,
      .maxDepth,
      .maxSize,
      .resultFormat,
    ],
    examples: [
      Example("Import a file and say why:", #"catalog import components.json -m "Add hero tile""#),
      Example("See what an import would change:", "catalog import components.json --dry-run"),
      Example("Import from stdin, removing kinds the file lacks:", "catalog import - --prune"),
      Example(
        "Import only if nobody has written since revision 41:",
        "catalog import components.json --expect-head 41"),
    ],
    seeAlso: ["check", "diff", "export", "log"])
}
