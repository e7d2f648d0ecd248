extension CommandSpec {
  /// `catalog git install|check|uninstall`: set a repository up to merge and diff
  /// components.json with catalog.
  package static let gitCommand = CommandSpec(
    name: "git",
    abstract: "Make git merge and diff components.json with catalog.",
    discussion: """
      'catalog git install', run inside a repository, adds the line \
      '<path> merge=catalog diff=catalog' to the .gitattributes at the top of the work \
      tree (once; what is there is kept) and sets, in the repository's own config \
      (.git/config), merge.catalog.name and merge.catalog.driver ('catalog merge %O %A %B \
      --output %A --name %P'), so that git merges the file with 'catalog merge', and \
      diff.catalog.command ('catalog git diff') and diff.catalog.textconv ('catalog git \
      textconv'), so that 'git diff' shows catalog's structural diff and 'git log -p' the \
      canonical form. The drivers run 'catalog' from PATH.

      'catalog git check' exits with 0 when the repository is set up and 1 otherwise, \
      naming what is missing: for CI. 'catalog git uninstall' removes exactly what install \
      added (a .gitattributes left empty is deleted; a key changed since is kept).

      'catalog git diff' and 'catalog git textconv' are what git runs: the first takes \
      git's seven external-diff arguments (path, old file, hex, mode, new file, hex, mode), \
      the second one file.
      """,
    arguments: [
      .positional(
        "action", value: .choice(["install", "check", "uninstall", "diff", "textconv"]),
        help: "install, check or uninstall; diff and textconv are run by git."),
      .positional("arguments", arity: .variadic, help: "For diff and textconv: git's arguments."),
      .option(
        "path", valueName: "pattern", defaultValue: "components.json",
        help: "The catalog file, as a .gitattributes pattern relative to the top of the work tree."),
    ],
    examples: [
      Example("Merge components.json with catalog from now on:", "catalog git install"),
      Example("A catalog file elsewhere:", "catalog git install --path config/components.json"),
      Example("Fail CI when a clone is not set up:", "catalog git check"),
      Example("Undo 'catalog git install':", "catalog git uninstall"),
    ],
    seeAlso: ["merge", "diff"],
    usageForms: [
      "install [--path <pattern>]", "check [--path <pattern>]", "uninstall [--path <pattern>]",
    ])
}
