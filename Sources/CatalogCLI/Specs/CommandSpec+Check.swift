extension CommandSpec {
  /// `catalog check <file>`: validation only.
  package static let checkCommand = CommandSpec(
    name: "check",
    abstract: "Validate a components.json file without importing it.",
    discussion: """
      Reads and validates the file exactly as import does, and writes nothing. Prints \
      'ok: N components', or every problem found, each as FILE:LINE:COLUMN: error: \
      <message>, and then exits with status 65.
      """,
    arguments: [
      .positional("file", help: "The components.json file to check, or '-' for stdin."),
      .maxDepth,
      .maxSize,
    ],
    examples: [
      Example("Check a file before committing it:", "catalog check components.json"),
      Example("Check generated output:", "generate-components | catalog check -"),
    ],
    seeAlso: ["import"])
}
