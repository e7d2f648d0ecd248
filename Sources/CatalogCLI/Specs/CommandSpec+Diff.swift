extension CommandSpec {
  /// `catalog diff <old> <new>`: a structural diff with change classes.
  package static let diffCommand = CommandSpec(
    name: "diff",
    abstract: "Compare two catalogs entry by entry.",
    discussion: """
      Each operand is a file, '-' for stdin (one operand at most), or @REF for a catalog \
      revision: @head, @7, @head~2, @v1.2^, @2026-11-29. Two revisions are compared by \
      component identity, so a renamed kind is one change (ENTRY_RENAMED). @REF FILE shows \
      exactly what 'import FILE' would record on top of REF: kinds the file lacks are kept \
      (a note lists them) unless --prune is given, deprecations the file does not mention are \
      kept, and member order counts (MEMBERS_REORDERED). Otherwise entries are matched by \
      kind. For a changed kind every changed field is shown as a JSON Pointer with its old \
      and new value. Every change has a class: breaking (rules KEY_REMOVED, TYPE_CHANGED, \
      ELEMENT_REMOVED, ENTRY_REMOVED, ENTRY_RENAMED), additive (KEY_ADDED, ELEMENT_ADDED, \
      ENTRY_ADDED), value (VALUE_CHANGED) or metadata (METADATA_CHANGED, MEMBERS_REORDERED).

      Formats: text, grouped by kind (+ added, - removed, ~ changed); json, a summary \
      for scripts; json-patch, an RFC 6902 patch that turns <old> into <new>; github, one \
      GitHub Actions workflow command per change (::error for those --fail-on counts, \
      ::notice for the others), on the line of NEW when NEW is a file; junit, JUnit XML \
      with a test case per kind that differs (docs/ci.md). --stat, \
      --quiet and --name-only replace the text format and cannot be combined with each other \
      or with another --format; --with-tests needs --format json-patch.

      Exit status, like diff(1): 0 no differences (or none of the --fail-on class), \
      1 differences, 2 trouble (a bad operand or invalid JSON).
      """,
    arguments: [
      .positional("old", help: "The old catalog: a file, '-' or @REF."),
      .positional("new", help: "The new catalog: a file, '-' or @REF."),
      .format(
        ["text", "json", "json-patch", "github", "junit"],
        help: "The output format: text, json, json-patch, github or junit."),
      .flag(
        "stat",
        help:
          "Print one line per kind and a total, like 'git diff --stat': added, removed, moved, or the number of changes and a bar (- breaking, + additive, ~ value or metadata)."
      ),
      .flag(
        "quiet", help: "Print nothing; only the exit status tells whether the catalogs differ."),
      .flag("name-only", help: "Print only the kinds that differ, one per line, in byte order."),
      .flag(
        "prune",
        help:
          "With @REF FILE, count kinds the file lacks as removed, as 'import --prune' would."),
      .flag(
        "with-tests",
        help: "With --format json-patch, add test operations that guard the old values."),
      .option(
        "color", valueName: "when", value: .choice(["auto", "always", "never"]),
        defaultValue: "auto",
        help: "Colour the text format; auto means when stdout is a terminal and NO_COLOR is unset."),
      .option(
        "fail-on", valueName: "class", value: .choice(["breaking", "any"]),
        defaultValue: "any",
        help: "Exit with 1 for any difference, or only for breaking changes."),
      .maxDepth,
      .maxSize,
    ],
    examples: [
      Example("What importing a file would change:", "catalog diff @head components.json"),
      Example("Since a release, as a patch:", "catalog diff @v1.0 @head --format json-patch"),
      Example(
        "Fail a CI job on breaking changes only:",
        "catalog diff @head components.json --fail-on breaking"),
    ],
    seeAlso: ["patch", "import", "log"])
}
