import Foundation
import TestSupport
import Testing

/// Catalog text is data in the completion scripts: kinds and categories holding `$(…)`,
/// backticks, quotes, globs and newlines are offered as the literal strings by the real
/// bash, zsh and fish, and nothing in them ever runs.
@Suite struct CompletionDataTests {
  /// Each would create a file named `pwned-…` if a shell evaluated it.
  static let hostileKinds = [
    "$(touch pwned-kind)", "`touch pwned-tick`", "it's \"quoted\"", "glob*", "two\nlines",
    "${IFS}$(touch${IFS}pwned-ifs)", "a b", "-opt",
  ]
  static let hostileCategories = ["$(touch pwned-category)", "`touch pwned-cat`;*"]

  /// A directory with a catalog of the hostile kinds (revision 1, tag v1) and the script.
  static func setUp(_ shell: String) throws -> (CatalogRunner, String) {
    let runner = try CatalogRunner()
    let entries = hostileKinds.enumerated().map { index, kind in
      let category = hostileCategories[index % hostileCategories.count]
      return
        #"{"kind": \#(json(kind)), "category": \#(json(category)), "description": "", "payload": {}}"#
    }
    try runner.directory.write(
      "components.json", "{\"components\": [\n" + entries.joined(separator: ",\n") + "\n]}\n")
    try runner.run(["import", "components.json"], expect: 0)
    try runner.run(["tag", "v1"], expect: 0)
    let script = try runner.run(["completions", shell], expect: 0)
    return (
      runner, try runner.directory.write(shell == "zsh" ? "_catalog" : "c.\(shell)", script.stdout)
    )
  }

  static func json(_ text: String) -> String {
    "\""
      + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
        of: "\"", with: "\\\""
      )
      .replacingOccurrences(of: "\n", with: "\\n") + "\""
  }

  /// The offers a program printed: each offer's candidates NUL-terminated, offers separated
  /// by U+001E; each offer's distinct candidates, sorted (zsh's file completion may offer
  /// one file in two passes).
  static func offers(_ stdout: String) -> [[String]] {
    var parts = stdout.split(separator: "\u{1E}", omittingEmptySubsequences: false).map {
      Set($0.split(separator: "\0").map(String.init)).sorted()
    }
    if parts.last == [] { parts.removeLast() }
    return parts
  }

  static func expectNothingRan(in runner: CatalogRunner) throws {
    let names = try runner.directory.fileNames()
    #expect(!names.contains { $0.hasPrefix("pwned") }, "\(names)")
  }

  @Test func catalogCandidatesAreTheStoredValuesNULTerminated() throws {
    let (runner, _) = try Self.setUp("bash")
    let kinds = try runner.run(["completions", "--candidates", "kinds"], expect: 0)
    #expect(kinds.stdoutBytes == Array(Self.hostileKinds.map { $0 + "\0" }.joined().utf8))
    let revisions = try runner.run(["completions", "--candidates", "revisions"], expect: 0)
    #expect(revisions.stdout == "head\0v1\0" + "1\0")
    let missing = try runner.run(
      ["-d", "absent.sqlite", "completions", "--candidates", "tags"], expect: 66)
    #expect(missing.stdout.isEmpty)
    try runner.run(["completions", "bash", "--candidates", "tags"], expect: 64)
  }

  @Test func bashOffersHostileValuesLiterally() throws {
    let (runner, script) = try Self.setUp("bash")
    let program = """
      source \(script) || exit 1
      offer() {
        COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=()
        _catalog
        printf '%s\\0' "${COMPREPLY[@]}"; printf '\\036'
      }
      offer catalog show ''
      offer catalog show '$'
      offer catalog kinds --category ''
      offer catalog diff '@'
      """
    let result = try CompletionTests.run(
      "bash", ["bash", "--norc", "--noprofile", "-c", program], in: runner)
    #expect(result.status == 0, "\(result)")
    #expect(
      Self.offers(result.stdout) == [
        Self.hostileKinds.sorted(),
        ["$(touch pwned-kind)", "${IFS}$(touch${IFS}pwned-ifs)"],
        Self.hostileCategories.sorted(),
        ["@1", "@head", "@v1"],
      ], "\(result)")
    try Self.expectNothingRan(in: runner)
  }

  @Test func zshOffersHostileValuesLiterally() throws {
    let (runner, _) = try Self.setUp("zsh")
    let result = try ZshCompletion.offers(
      ["catalog show ", "catalog show '$", "catalog kinds --category "], in: runner)
    #expect(result.status == 0, "\(result)")
    #expect(
      Self.offers(result.stdout) == [
        Self.hostileKinds.sorted(),
        ["$(touch pwned-kind)", "${IFS}$(touch${IFS}pwned-ifs)"],
        Self.hostileCategories.sorted(),
      ], "\(result)")
    try Self.expectNothingRan(in: runner)
  }

  @Test func fishOffersHostileValuesLiterally() throws {
    let (runner, script) = try Self.setUp("fish")
    let program = """
      source \(script); or exit 1
      for line in 'catalog show ' 'catalog kinds --category '
          complete --escape -C $line | string split -f1 \\t | string join0; printf '\\036'
      end
      """
    let result = try CompletionTests.run(
      "fish", ["fish", "--no-config", "-c", program], in: runner)
    #expect(result.status == 0, "\(result)")
    // fish prints each candidate as it would insert it, escaped (--escape); a backtick means
    // nothing to fish.
    let kinds = [
      "\\$\\(touch\\ pwned-kind\\)", "`touch\\ pwned-tick`", "it\\'s\\ \\\"quoted\\\"", "glob\\*",
      "two\\nlines", "\\$\\{IFS\\}\\$\\(touch\\$\\{IFS\\}pwned-ifs\\)", "a\\ b", "-opt",
    ]
    let categories = ["\\$\\(touch\\ pwned-category\\)", "`touch\\ pwned-cat`\\;\\*"]
    #expect(
      Self.offers(result.stdout) == [kinds.sorted(), categories.sorted()],
      "\(result)")
    try Self.expectNothingRan(in: runner)
  }
}

/// zsh's own completion system, driven through a pseudo-terminal (zsh/zpty): an interactive
/// `zsh -f` that finds the script on `$fpath` as the install instructions say, runs compinit,
/// and is sent each line followed by Tab. Every candidate zsh's `compadd` keeps for the word
/// (its own matching) is recorded, NUL-terminated, into a file, one U+001E after each line.
enum ZshCompletion {
  static func offers(_ lines: [String], in runner: CatalogRunner) throws -> CatalogProcess.Result {
    let directory = runner.directory.url.path
    let record = runner.directory.path("offers")
    try runner.directory.write(
      "setup.zsh",
      """
      PS1='> '
      fpath=(\(directory) $fpath)
      autoload -U compinit && compinit -u -D
      compadd() {
        local -a __kept
        builtin compadd -O __kept "$@"
        local item
        for item in "${__kept[@]}"; do print -rn -- "$item"$'\\0' >> \(record); done
        builtin compadd "$@"
      }
      # Tab: complete, then end the line's record and say so, so that the harness sends
      # the next keys only once the completion is over.
      __count=0
      __complete_and_record() {
        zle complete-word
        print -rn -- $'\\036' >> \(record)
        (( ++__count ))
        zle -M "COMP""DONE$__count."
      }
      zle -N __complete_and_record
      bindkey '^I' __complete_and_record

      """)
    var harness = """
      zmodload zsh/zpty || exit 3
      : > \(record)
      zpty z 'zsh -f -i'
      zpty -w z "source \(runner.directory.path("setup.zsh")); print SET''UP"
      zpty -r z out '*SETUP*' || exit 4

      """
    for (index, line) in lines.enumerated() {
      harness += """
        zpty -n -w z \(shellQuote(line + "\t"))
        zpty -r z out '*COMPDONE\(index + 1).*' || exit 5
        zpty -n -w z $'\\C-u'

        """
    }
    harness += "zpty -w z 'print FINI''SHED'\nzpty -r z out '*FINISHED*' || exit 6\n"
    harness += "zpty -d z\ncat \(record)\n"
    let bin = CatalogProcess.executable.deletingLastPathComponent().path
    return try CatalogProcess.run(
      ["timeout", "120", "zsh", "-f", "-c", harness], in: runner.directory,
      executable: URL(fileURLWithPath: "/usr/bin/env"),
      environment: ["PATH": "\(bin):/usr/bin:/bin", "TERM": "dumb"])
  }

  static func shellQuote(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
