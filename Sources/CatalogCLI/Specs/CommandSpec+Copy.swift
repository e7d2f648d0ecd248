extension CommandSpec {
  /// `catalog copy <from> <to>`.
  package static let copyCommand = CommandSpec(
    name: "copy",
    abstract: "Copy a whole catalog, with its history, to another location.",
    discussion: """
      Copies every revision (its number, time, author, message and source), every entry \
      version and every tag from <from> to <to>, which must be empty (a new file, or a \
      PostgreSQL database without catalog tables). Afterwards 'export --at R' gives the \
      same bytes from both, for every revision R.

      Each location is a SQLite file's path or a PostgreSQL connection (postgresql://… or \
      key=value), as for --database: copy a file to a server to start sharing a catalog, or \
      a server's catalog to a file for a local snapshot or a backup. The copy is one \
      transaction of <to>: all of it lands, or none of it. --database is not used.
      """,
    arguments: [
      .positional("from", help: "The catalog to copy (a path or a postgresql:// URL)."),
      .positional("to", help: "The empty location to copy it to."),
    ],
    examples: [
      Example(
        "Start sharing a catalog:",
        "catalog copy components.sqlite postgresql://catalog@db.example/components"),
      Example(
        "Take a local snapshot of a shared catalog:",
        "catalog copy postgresql://catalog@db.example/components snapshot.sqlite"),
    ],
    seeAlso: ["export", "doctor"])
}
