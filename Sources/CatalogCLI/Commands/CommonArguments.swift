import Components

/// The arguments several catalog commands share, declared once so that their names,
/// placeholders and help read the same everywhere, and read through the same keys.
enum CommonArguments {
  // MARK: - Global options

  /// `--database <location>` / `-d <location>`: the catalog, a SQLite file or a PostgreSQL
  /// connection (`CatalogLocation`). The caller falls back to `$CATALOG_DATABASE`, then
  /// `components.sqlite`; the parser reads no environment.
  static let database: ArgumentKey<String?> = .option(
    "database", short: "d", valueName: "location",
    help:
      "The catalog: a SQLite file, or a PostgreSQL database as a postgresql:// URI or a "
      + "'host=… dbname=…' string. Default: $CATALOG_DATABASE, else components.sqlite in the "
      + "current directory. Created on first write."
  ).completing(.file, allowsEmpty: true)

  /// `--busy-timeout <seconds>`: how long a writer waits for another writer's lock.
  static let busyTimeout: ArgumentKey<Double?> = .option(
    "busy-timeout", valueName: "seconds", minimum: 0,
    // CatalogOptions.maximumBusyTimeout: the longest wait both engines can express.
    maximum: 2_147_483,
    defaultValue: "5",
    help: "How long to wait while another process is writing to the catalog (at most 2147483).")

  // MARK: - Writing a revision

  /// `--follow-renames`: an entry of the file under a name the catalog renamed updates the
  /// renamed component (docs/cli.md, "Former names").
  static let followRenames: ArgumentKey<Bool> = .flag(
    "follow-renames",
    help:
      "Treat an entry under a name the catalog renamed as the renamed component, which keeps "
      + "its new name.")

  /// `--allow-former-names`: such an entry is added as a new component under the old name.
  static let allowFormerNames: ArgumentKey<Bool> = .flag(
    "allow-former-names",
    help: "Add an entry under a name the catalog renamed as a new component of that name.")

  /// `--message <text>` / `-m <text>`: the revision message.
  static let message: ArgumentKey<String?> = .option(
    "message", short: "m", valueName: "text", help: "The revision message.")

  /// `--author <name>`: the revision author. The caller falls back to `$CATALOG_AUTHOR`,
  /// then the user name.
  static let author: ArgumentKey<String?> = .option(
    "author", valueName: "name", value: .name,
    help: "The revision author. Default: $CATALOG_AUTHOR, else your user name.")

  /// `--expect-head <n>`: compare-and-set; a mismatch writes nothing and exits 75.
  static let expectHead: ArgumentKey<Int?> = .option(
    "expect-head", valueName: "n", minimum: 0,
    help: "Write only if head is revision <n>; otherwise write nothing and exit with 75.")

  /// `--allow-breaking <reason>`: let changes the compatibility policies refuse through,
  /// recording a waiver on the revision (docs/policies.md).
  static let allowBreaking: ArgumentKey<String?> = .option(
    "allow-breaking", valueName: "reason",
    help:
      "Write even what the compatibility policies refuse, recording <reason>, the author and "
      + "the refused changes in a waiver on the revision ('catalog log --waivers').")

  /// The options of every command that writes a revision.
  static let writeOptions: [ArgumentSpec] = [
    message.spec, author.spec, expectHead.spec, allowBreaking.spec,
  ]

  // MARK: - Reading

  /// `--max-depth <n>`: the deepest JSON nesting accepted.
  ///
  /// The reader recurses once per level of a value it keeps, so the limit is what keeps a
  /// nested file from overflowing the stack; it is capped where a debug build still has half
  /// of an 8 MiB main-thread stack to spare (about 3 KiB per level), found by experiment.
  static let maxDepth: ArgumentKey<Int?> = .option(
    "max-depth", valueName: "n", minimum: 1, maximum: JSONReader.defaultMaxDepth,
    defaultValue: JSONReader.defaultMaxDepth,
    help: "Reject JSON nested more than <n> levels deep (1000, the default, at most).")

  /// `--max-size <bytes>`: the largest document accepted, so that a hostile or runaway input
  /// cannot exhaust memory or disk. At most 4 GiB − 1: the reader and the import keep a
  /// document's texts in buffers addressed by 32-bit offsets (`ByteStrings`), which stop the
  /// process past 4 GiB rather than overflow.
  static let maxSize: ArgumentKey<Int?> = .option(
    "max-size", valueName: "bytes", minimum: 1, maximum: Int(UInt32.max),
    defaultValue: 1_073_741_824,
    help: "Reject a document larger than <bytes> bytes (1073741824 is 1 GiB).")

  /// `--at <rev>`: the revision to read.
  static let app: ArgumentKey<String?> = .option(
    "app", valueName: "app@version",
    help:
      "Use the contract recorded for this app build instead of the inferred shapes; kinds it "
      + "does not decode are left out.")

  static let at: ArgumentKey<String?> = .option(
    "at", valueName: "rev", defaultValue: "head",
    help: "The revision to read: a number, head, head~N, a tag or an ISO-8601 time."
  ).completing(.revision)

  /// The words of `--format` on a command that reports a result.
  enum ResultFormat: String, CaseIterable, Sendable {
    case text
    case json
  }

  /// `--format text|json` on a command that reports a result: json prints one object on
  /// stdout (`ResultJSON`).
  static let resultFormat: ArgumentKey<ResultFormat?> = .choice(
    "format", valueName: "format", of: ResultFormat.self,
    help: "text for people; json for scripts: one object on stdout.")

  /// `--format text|json` on a command that lists or shows (the words are the same as a
  /// result's, the help is not).
  static let listFormat: ArgumentKey<ResultFormat?> = .choice(
    "format", valueName: "format", of: ResultFormat.self, help: "The output format.")

  // MARK: - Terminal output (TerminalOptions)

  /// The words of `--color`.
  enum ColorChoice: String, CaseIterable, Sendable {
    case auto
    case always
    case never
  }

  /// `--color auto|always|never`: ANSI colours in text output.
  static let color: ArgumentKey<ColorChoice?> = .choice(
    "color", valueName: "when", of: ColorChoice.self,
    help:
      "Colour the text output: auto (when stdout is a terminal, NO_COLOR is unset and TERM "
      + "is not dumb), always or never.")

  /// `--no-pager`: write to the terminal directly (`log`, `blame`).
  static let noPager: ArgumentKey<Bool> = .flag(
    "no-pager",
    help:
      "Do not send the output through a pager ($CATALOG_PAGER, else $PAGER, else less -FRX), "
      + "as happens on a terminal.")

  /// `--utc`: times in UTC as stored, also on a terminal.
  static let utc: ArgumentKey<Bool> = .flag(
    "utc",
    help:
      "Show times in UTC as stored (2026-11-30T13:03:00.000Z); on a terminal they are shown "
      + "in the local time zone (TZ), elsewhere always in UTC.")

  /// `--quiet`: no progress line for long work (`import`, `export`, `copy`, `site`).
  static let quiet: ArgumentKey<Bool> = .flag(
    "quiet",
    help:
      "Show no progress line (long work shows one on stderr when it is a terminal).")
}
