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

      With --against REF (head, a number, a tag, …) the file is also checked against the \
      catalog's compatibility policies exactly as 'import' would check it on top of REF, \
      and nothing is written: the CI gate for a pull request. Every refused change is a \
      finding with its rule, mode, kind, JSON Pointer, both values, a fix and the line of \
      the change in the file; the exit status is 65 when there is one. --format github \
      prints GitHub Actions workflow commands (::error file=…,line=…,col=…) and junit a \
      JUnit XML report with a test case per kind (docs/ci.md).
      """,
    arguments: [
      .positional(
        "file", arity: .variadic,
        help: "The components.json files to check, or '-' for stdin (default: stdin)."),
      .option(
        "against", valueName: "rev",
        help:
          "Check the file against the compatibility policies as an import on top of <rev> "
          + "would (head for the catalog's head); writes nothing."),
      .flag("prune", help: "With --against, count kinds the file lacks as removed."),
      .maxDepth,
      .maxSize,
      .format(
        ["text", "json", "github", "junit"],
        help:
          "text for people; json for scripts; github (workflow commands) and junit (XML) "
          + "report the findings of --against for CI."),
    ],
    examples: [
      Example("Check a file before committing it:", "catalog check components.json"),
      Example("Check generated output:", "generate-components | catalog check -"),
      Example("Check every manifest in a pre-commit hook:", "catalog check apps/*/components.json"),
      Example(
        "Gate a pull request on the policies, with annotations:",
        "catalog check components.json --against head --format github"),
    ],
    seeAlso: ["import"])
}
