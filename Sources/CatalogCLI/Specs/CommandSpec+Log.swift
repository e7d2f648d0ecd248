extension CommandSpec {
  /// `catalog log [<kind> | <range>]`: the revision history.
  package static let logCommand = CommandSpec(
    name: "log",
    abstract: "List revisions, newest first.",
    discussion: """
      Shows each revision's number, time, author, message, source file, counts of kinds \
      added, changed and removed, and its tags.

      With <kind>, lists only the revisions that touched that kind, each with what \
      changed: added, removed, renamed, deprecated, or the changed fields as JSON \
      Pointers (array elements aligned as diff aligns them). The history of a renamed kind \
      is followed back through its old names. With a range A..B, lists the revisions after \
      A up to and including B (A.. means up to head, ..B from the first revision).

      -p adds each revision's changes as 'catalog diff' prints them, --stat a line per kind; \
      both compare the revision with the one before it, by component identity. Filters \
      combine: --author (a substring of the author), --since and --until (ISO-8601 times, \
      inclusive), --path (revisions that changed something at that JSON Pointer inside an \
      entry, in any kind). --limit counts the revisions kept; --reverse prints them oldest \
      first.

      A revision written with --allow-breaking shows its waiver (the reason, who, and each \
      refused change it let through); --waivers lists only the waivers. Changes to the \
      compatibility policies ('catalog policy') are shown between the revisions they were \
      made after, unless a filter (--author, --since, --until, --path, <kind>) is given.
      """,
    arguments: [
      .positional(
        "kind", arity: .optional,
        help: "List only the revisions that touched this kind, or those of a range A..B."),
      .option(
        "limit", valueName: "n", value: .integer(minimum: 1),
        help: "List at most <n> revisions."),
      .format(["text", "json"], help: "The output format."),
      .flag("patch", short: "p", help: "Show each revision's changes, as 'catalog diff' does."),
      .flag("stat", help: "Show one line per changed kind, as 'catalog diff --stat' does."),
      .flag("oneline", help: "One line per revision: number, tags, and message or source."),
      .flag("reverse", help: "Oldest first."),
      .flag(
        "waivers",
        help: "List the waivers (--allow-breaking): each revision's reason, author and the refused changes it let through."),
      .option("author", valueName: "name", help: "Only revisions whose author contains <name>."),
      .option(
        "since", valueName: "time", help: "Only revisions written at or after <time> (ISO-8601)."),
      .option(
        "until", valueName: "time",
        help: "Only revisions written at or before <time> (ISO-8601)."),
      .option(
        "path", valueName: "pointer",
        help: "Only revisions that changed something at <pointer> (such as /payload/title)."),
    ],
    constraints: [
      .mutuallyExclusive(["patch", "stat"]), .mutuallyExclusive(["oneline", "patch"]),
    ],
    examples: [
      Example("The last five revisions:", "catalog log --limit 5"),
      Example("Every change to one kind:", "catalog log tile-preview"),
      Example("What changed between two releases, with the changes:", "catalog log -p v1..v2"),
      Example("Who touched a field, oldest first:", "catalog log --path /payload/title --reverse"),
      Example(
        "One line each, by one author this month:",
        "catalog log --oneline --author ann --since 2026-11-01"),
      Example("The history for a script:", "catalog log --format json"),
      Example("Every deliberate break, with its reason:", "catalog log --waivers"),
    ],
    seeAlso: ["show", "blame", "tag", "diff"])
}
