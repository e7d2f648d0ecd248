extension CommandSpec {
  /// `catalog show <kind>` / `catalog show <rev>`: one entry at a revision, or one revision.
  package static let showCommand = CommandSpec(
    name: "show",
    abstract: "Print one entry as it was at a revision, or what one revision changed.",
    discussion: """
      With a kind, prints its entry at --at (default head). A kind is followed through \
      renames: 'show tile-card --at v1' shows the entry under the name it had then, and \
      says so. A kind that did not exist at that revision is an error (exit status 65) that \
      says when it did exist.

      With a revision (when the argument names no kind but resolves as a revision: 7, \
      head^, v2~1, a tag; or with --revision), prints the revision's header and its \
      changes with old and new values, as 'catalog diff @REV^ @REV' does, like 'git show'.
      """,
    arguments: [
      .positional("kind", help: "The kind of the entry, or a revision."),
      .at,
      .flag("revision", help: "Read the argument as a revision, even when a kind has its name."),
      .flag("stat", help: "With a revision, one line per changed kind instead of every change."),
      .format(["json", "text"], help: "The output format."),
    ],
    constraints: [.mutuallyExclusive(["revision", "at"])],
    examples: [
      Example("The entry at head:", "catalog show tile-preview"),
      Example("Three revisions ago:", "catalog show tile-preview --at head~3"),
      Example("At the start of a day (UTC):", "catalog show tile-preview --at 2026-11-29"),
      Example("What the last revision changed:", "catalog show head"),
      Example("What a tagged release changed:", "catalog show --revision v2 --format text"),
    ],
    seeAlso: ["log", "blame", "export", "diff"])
}
