import Components

/// The arguments several catalog commands share, declared once so that their names,
/// placeholders and help read the same everywhere.
extension ArgumentSpec {
  // MARK: - Global options

  /// `--database <location>` / `-d <location>`: the catalog, a SQLite file or a PostgreSQL
  /// connection (`CatalogLocation`). The caller falls back to `$CATALOG_DATABASE`, then
  /// `components.sqlite`; the parser reads no environment.
  package static let database = option(
    "database", short: "d", valueName: "location",
    help:
      "The catalog: a SQLite file, or a PostgreSQL database as a postgresql:// URI or a "
      + "'host=… dbname=…' string. Default: $CATALOG_DATABASE, else components.sqlite in the "
      + "current directory. Created on first write.")

  /// `--busy-timeout <seconds>`: how long a writer waits for another writer's lock.
  package static let busyTimeout = option(
    "busy-timeout", valueName: "seconds", value: .number(minimum: 0), defaultValue: "5",
    help: "How long to wait while another process is writing to the catalog.")

  // MARK: - Writing a revision

  /// `--message <text>` / `-m <text>`: the revision message.
  package static let message = option(
    "message", short: "m", valueName: "text", help: "The revision message.")

  /// `--author <name>`: the revision author. The caller falls back to `$CATALOG_AUTHOR`,
  /// then the user name.
  package static let author = option(
    "author", valueName: "name",
    help: "The revision author. Default: $CATALOG_AUTHOR, else your user name.")

  /// `--expect-head <n>`: compare-and-set; a mismatch writes nothing and exits 75.
  package static let expectHead = option(
    "expect-head", valueName: "n", value: .integer(minimum: 0),
    help: "Write only if head is revision <n>; otherwise write nothing and exit with 75.")

  /// `--allow-breaking <reason>`: let changes the compatibility policies refuse through,
  /// recording a waiver on the revision (docs/policies.md).
  package static let allowBreaking = option(
    "allow-breaking", valueName: "reason",
    help:
      "Write even what the compatibility policies refuse, recording <reason>, the author and "
      + "the refused changes in a waiver on the revision ('catalog log --waivers').")

  /// The options of every command that writes a revision.
  package static let writeOptions: [ArgumentSpec] = [message, author, expectHead, allowBreaking]

  // MARK: - Reading

  /// `--max-depth <n>`: the deepest JSON nesting accepted.
  ///
  /// The reader recurses once per level of a value it keeps, so the limit is what keeps a
  /// nested file from overflowing the stack; it is capped where a debug build still has half
  /// of an 8 MiB main-thread stack to spare (about 3 KiB per level), found by experiment.
  package static let maxDepth = option(
    "max-depth", valueName: "n",
    value: .integer(minimum: 1, maximum: JSONReader.defaultMaxDepth),
    defaultValue: "\(JSONReader.defaultMaxDepth)",
    help: "Reject JSON nested more than <n> levels deep (1000, the default, at most).")

  /// `--max-size <bytes>`: the largest document accepted, so that a hostile or runaway input
  /// cannot exhaust memory or disk.
  package static let maxSize = option(
    "max-size", valueName: "bytes", value: .integer(minimum: 1), defaultValue: "1073741824",
    help: "Reject a document larger than <bytes> bytes (1073741824 is 1 GiB).")

  /// `--at <rev>`: the revision to read.
  package static let at = option(
    "at", valueName: "rev", defaultValue: "head",
    help: "The revision to read: a number, head, head~N, a tag or an ISO-8601 time.")

  /// `--format <format>` with the given choices, the first being the default.
  /// `--format text|json` on a command that reports a result: json prints one object on
  /// stdout (`ResultJSON`).
  package static let resultFormat = format(
    ["text", "json"], help: "text for people; json for scripts: one object on stdout.")

  package static func format(_ values: [String], help: String) -> ArgumentSpec {
    option(
      "format", valueName: "format", value: .choice(values), defaultValue: values.first,
      help: help)
  }
}
