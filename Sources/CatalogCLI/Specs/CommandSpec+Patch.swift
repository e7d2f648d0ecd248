extension CommandSpec {
  /// `catalog patch <patch-file>`: apply an RFC 6902 patch as a revision.
  package static let patchCommand = CommandSpec(
    name: "patch",
    abstract: "Apply an RFC 6902 JSON Patch to the head catalog as a new revision.",
    discussion: """
      Applies the patch to the head catalog's components.json document and writes the \
      result as one revision, validated as import validates a file. All or nothing: a \
      failing operation is reported by its index and reason, for example 'operation 3 \
      (replace /components/7/payload/x): path does not exist', and nothing is written.

      The patch file is read under --max-depth and --max-size like an imported file, and \
      so is the result: an operation that would nest it deeper or make it larger fails. \
      The patch is read, applied and validated before the catalog is locked; only the \
      write takes the lock.
      """,
    arguments: [
      .positional("patch-file", help: "The JSON Patch document, or '-' for stdin."),
      .maxDepth,
      .maxSize,
    ] + ArgumentSpec.writeOptions + [.resultFormat],
    examples: [
      Example("Record a reviewed patch:", #"catalog patch change.json -m "Apply review 42""#),
      Example(
        "Make a guarded patch, then apply it:",
        """
        catalog diff @head new.json --format json-patch --with-tests > change.json
        catalog patch change.json -m "Apply new.json"
        """),
    ],
    seeAlso: ["diff", "import"])
}
