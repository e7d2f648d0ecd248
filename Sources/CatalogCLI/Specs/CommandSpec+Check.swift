extension CommandSpec {
  /// `catalog check <file>`: validation only.
  package static let checkCommand = CommandSpec(
    name: "check",
    abstract: "Validate a components.json file without importing it.",
    discussion: """
      Reads and validates each file exactly as import does, and writes nothing. Prints \
      'ok: N components' (with several files, 'ok: FILE: N components' for each valid one), \
      or the problems found, each as FILE:LINE:COLUMN: error: <message>, and then exits with \
      status 65 (66 when a file cannot be read and none has problems). Every file is \
      checked, even after one with problems.
      """,
    arguments: [
      .positional(
        "file", arity: .variadic,
        help: "The components.json files to check, or '-' for stdin (default: stdin)."),
      .maxDepth,
      .maxSize,
      .resultFormat,
    ],
    examples: [
      Example("Check a file before committing it:", "catalog check components.json"),
      Example("Check generated output:", "generate-components | catalog check -"),
      Example("Check every manifest in a pre-commit hook:", "catalog check apps/*/components.json"),
    ],
    seeAlso: ["import"])
}
