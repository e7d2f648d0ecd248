extension CommandSpec {
  /// `catalog merge <base> <ours> <theirs>`: a three-way merge of components.json files.
  package static let mergeCommand = CommandSpec(
    name: "merge",
    abstract: "Merge two components.json files made from a common base.",
    discussion: """
      A three-way merge, as git's merge driver (see 'catalog git install'): entries are \
      matched by kind and values merged down to JSON Pointers. A change made on one side \
      is taken, the same change made on both sides is taken once, and arrays are lined up \
      as 'catalog diff' lines them up, so insertions at different places combine. Entry \
      and member order follow <ours>, with <theirs>' additions after their nearest \
      unchanged neighbour.

      Conflicts: different changes to one value; a change on one side where the other \
      removed the entry, member or element; two different new entries (or members) with \
      one name; different insertions at one place of an array. The result then has \
      conflict markers (<<<<<<< OURS, =======, >>>>>>> THEIRS) around the smallest \
      enclosing entry or member, so it is not valid JSON until resolved ('catalog check' \
      shows each marker left), and each conflict is printed on stderr as \
      FILE:LINE: conflict: POINTER: ours VALUE, theirs VALUE.

      The result is written in the canonical export format, to --output (which may be \
      <ours>, as git passes it) or stdout. With --format json the merge report goes to \
      stdout: every change taken and from which side, and every conflict with its \
      pointer, line and the three values.

      Exit status: 0 merged cleanly, 1 conflicts, 2 trouble (an operand missing or invalid).
      """,
    arguments: [
      .positional("base", help: "The common ancestor: a file, or '-' for stdin."),
      .positional("ours", help: "Our version: a file, or '-'."),
      .positional("theirs", help: "Their version: a file, or '-'."),
      .option(
        "output", short: "o", valueName: "file",
        help: "Write the result to <file> instead of stdout ('-' is stdout); may be <ours>."),
      .option(
        "name", valueName: "file",
        help: "The file name messages give the result (git passes the real path, %P)."),
      .format(
        ["text", "json"],
        help: "text writes the result; json prints the merge report (the result goes to --output)."),
    ],
    examples: [
      Example(
        "Merge as git does (this is the driver 'catalog git install' sets up):",
        "catalog merge base.json ours.json theirs.json --output ours.json"),
      Example(
        "Print the merge report:", "catalog merge base.json ours.json theirs.json --format json"),
    ],
    seeAlso: ["git", "diff", "check"])
}
