/// A pager as the user named it (`$CATALOG_PAGER`, `$PAGER`, or `less -FRX`), and how it is
/// started.
///
/// A command of plain words (`less -FRX`, `head -1`, `/usr/bin/most`) is started directly,
/// so that a pager that does not exist is known at once (then `catalog` warns and writes
/// directly). A command with anything a shell would interpret (quotes, `$`, `|`, `;`, `~`,
/// globs, redirections, assignments) runs as `/bin/sh -c COMMAND`, as git runs its pager.
package struct PagerCommand: Sendable, Equatable {
  /// The command as given.
  package var text: String

  package init(_ text: String) {
    self.text = text
  }

  /// The characters that make a command a shell command (git's list, without the blanks
  /// that separate plain words).
  static let shellCharacters = Set("|&;<>()$`\\\"'\n*?[#~=%")

  /// The program and its arguments: the words of a plain command, else `/bin/sh -c text`.
  package var argv: [String] {
    if text.contains(where: Self.shellCharacters.contains) {
      return ["/bin/sh", "-c", text]
    }
    return text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
  }
}
