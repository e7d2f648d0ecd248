import Foundation
import TestSupport
import Testing

/// `catalog git install --path`, `check` and `uninstall` under real git: every spelling of a
/// path is asked of `git check-attr` and merged by a real `git merge`, and uninstall is
/// judged by what git applies afterwards.
@Suite("catalog git install, check and uninstall under real git")
struct GitSetupTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
    try sandbox.git(["init", "-q", "-b", "main"], expect: 0)
  }

  // MARK: - Helpers

  var sandbox: GitSandbox { GitSandbox(directory: directory) }

  /// What git applies to `path`: `merge` and `diff`, from `git check-attr -z`.
  func applied(_ path: String) throws -> [String] {
    let result = try sandbox.git(["check-attr", "-z", "merge", "diff", "--", path], expect: 0)
    let fields = result.stdout.split(separator: "\0", omittingEmptySubsequences: false)
    return stride(from: 2, to: fields.count, by: 3).map { String(fields[$0]) }
  }

  func writeFile(_ path: String, _ text: String) throws {
    let url = directory.url.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }

  func readFile(_ path: String) throws -> String {
    String(
      decoding: try Data(contentsOf: directory.url.appendingPathComponent(path)), as: UTF8.self)
  }

  /// A catalog whose one payload has two adjacent members: a text merge of edits of both
  /// conflicts, catalog's merge takes both.
  static func document(title: String, isActive: Bool) -> String {
    """
    {
      "components": [
        {
          "kind": "tile",
          "category": "Display",
          "description": "The tile",
          "payload": {
            "title": "\(title)",
            "isActive": \(isActive)
          }
        }
      ]
    }

    """
  }

  /// Commits the base document at every path, edits the title on main and the flag on a
  /// branch, and merges the branch.
  func mergeEdits(at paths: [String]) throws -> CatalogProcess.Result {
    for path in paths { try writeFile(path, Self.document(title: "Hero", isActive: true)) }
    try sandbox.git(["add", "-A"], expect: 0)
    try sandbox.git(["commit", "-q", "-m", "base"], expect: 0)
    try sandbox.git(["checkout", "-q", "-b", "theirs"], expect: 0)
    for path in paths { try writeFile(path, Self.document(title: "Hero", isActive: false)) }
    try sandbox.git(["commit", "-q", "-am", "theirs"], expect: 0)
    try sandbox.git(["checkout", "-q", "main"], expect: 0)
    for path in paths { try writeFile(path, Self.document(title: "Hero v2", isActive: true)) }
    try sandbox.git(["commit", "-q", "-am", "ours"], expect: 0)
    return try sandbox.git(["merge", "--no-edit", "theirs"])
  }

  static let spellings = [
    "design system/components.json", "#hash.json", "!bang.json", "back\\slash.json",
    "quote\"d.json", "\"leading quote.json", "star*.json", "what?.json", "[attr]x.json",
    "[ab].json", "sub dir/  two  spaces .json", "ünïcödé/カタログ.json", "trailing space.json ",
  ]

  // MARK: - install --path

  /// Each spelling is written so that git applies both drivers to exactly that path (not to
  /// a path its wildcards would match), `check` agrees, and a real merge uses the driver.
  @Test func everySpellingIsAppliedByGitAndMergedByTheDriver() throws {
    for path in Self.spellings {
      try sandbox.catalog(["git", "install", "--path", path], expect: 0)
      #expect(try applied(path) == ["catalog", "catalog"], "\(path)")
      try sandbox.catalog(["git", "check", "--path", path], expect: 0)
    }
    for lookalike in ["starX.json", "whatX.json", "a.json", "b.json", "ax.json", "bang.json"] {
      #expect(try applied(lookalike) == ["unspecified", "unspecified"], "\(lookalike)")
    }
    let result = try mergeEdits(at: Self.spellings)
    #expect(result.status == 0, "\(result)")
    for path in Self.spellings {
      #expect(try readFile(path) == Self.document(title: "Hero v2", isActive: false), "\(path)")
    }
  }

  @Test func aQuotedLineIsWrittenAsGitDocumentsIt() throws {
    try sandbox.catalog(["git", "install", "--path", "design system/components.json"], expect: 0)
    try sandbox.catalog(["git", "install", "--path", "!draft\\1.json"], expect: 0)
    #expect(
      try readFile(".gitattributes")
        == "\"design system/components.json\" merge=catalog diff=catalog\n"
        + "\\!draft\\\\1.json merge=catalog diff=catalog\n")
  }

  /// A path git could not read back as that path is refused before anything is written: a
  /// newline would have added the line `* merge=catalog` for every file.
  @Test func aPathGitCannotReadBackWritesNothing() throws {
    try writeFile(".gitattributes", "*.png binary\n")
    let refused: [(String, String)] = [
      ("x\n* merge=catalog", "holds the control character U+000A"),
      ("x\r.json", "holds the control character U+000D"),
      ("tab\t.json", "holds the control character U+0009"),
      ("", "is empty"),
      ("/abs/components.json", "is absolute"),
      ("../components.json", "has a '..' component"),
      ("./components.json", "has a '.' component"),
      ("a//components.json", "has an empty component"),
      ("config/", "ends with '/'"),
      (String(repeating: "x", count: 2030), "git ignores lines of 2048 bytes or more"),
    ]
    for (path, reason) in refused {
      for action in ["install", "check", "uninstall"] {
        let result = try sandbox.catalog(["git", action, "--path", path], expect: 64)
        #expect(result.stderr.contains(reason), "\(path): \(result)")
        #expect(result.stderr.contains("nothing was written"), "\(result)")
        #expect(!result.stderr.contains("\n*"), "\(result)")
      }
    }
    #expect(
      try sandbox.catalog(["git", "install", "--path", "x\n* merge=catalog"], expect: 64).stderr
        .hasPrefix(#"catalog: error: '--path' "x\n* merge=catalog" holds the control"#))
    #expect(try readFile(".gitattributes") == "*.png binary\n")
    #expect(try sandbox.git(["config", "--local", "--get-regexp", "catalog"]).stdout == "")
    #expect(try applied("y.json") == ["unspecified", "unspecified"])
  }

  // MARK: - check asks git

  @Test func checkSaysOkOnlyWhenGitAppliesTheDriver() throws {
    try sandbox.catalog(["git", "install"], expect: 0)
    try sandbox.catalog(["git", "check"], expect: 0)
    // A later line overrides install's: the line is there, git does not merge with catalog.
    try writeFile(
      ".gitattributes", try readFile(".gitattributes") + "components.json -merge\n")
    let check = try sandbox.catalog(["git", "check"], expect: 1)
    #expect(
      check.stdout.hasPrefix(
        "missing: git does not apply 'components.json merge=catalog diff=catalog' "
          + "(merge is 'unset', diff is 'catalog' for components.json)"), "\(check)")
    let json = try sandbox.catalog(["git", "check", "--format", "json"], expect: 1)
    #expect(json.stdout.contains(#""found": "merge is 'unset', diff is 'catalog'""#), "\(json)")
    // Install says git does not apply it either.
    let install = try sandbox.catalog(["git", "install"], expect: 1)
    #expect(install.stderr.contains("git does not apply the drivers to components.json"))
  }

  /// The line an earlier version wrote for a path with a space names a file `design`; check
  /// says so, and install replaces it with the quoted line.
  @Test func theUnquotedLineOfAnEarlierVersionIsNotOkAndIsReplaced() throws {
    try sandbox.catalog(["git", "install"], expect: 0)
    try writeFile(
      ".gitattributes", "design system/components.json merge=catalog diff=catalog\n")
    let path = "design system/components.json"
    #expect(try applied(path) == ["unspecified", "unspecified"])
    try sandbox.catalog(["git", "check", "--path", path], expect: 1)
    let install = try sandbox.catalog(["git", "install", "--path", path], expect: 0)
    #expect(
      install.stdout.contains(
        "removed 'design system/components.json merge=catalog diff=catalog' from .gitattributes"))
    #expect(
      try readFile(".gitattributes")
        == "\"design system/components.json\" merge=catalog diff=catalog\n")
    try sandbox.catalog(["git", "check", "--path", path], expect: 0)
  }

  /// A line of another attributes file that applies the drivers counts: check asks git.
  @Test func checkCountsALineInASubdirectory() throws {
    try sandbox.catalog(["git", "install", "--path", "other.json"], expect: 0)
    try writeFile("apps/web/.gitattributes", "components.json merge=catalog diff=catalog\n")
    try sandbox.catalog(["git", "check", "--path", "apps/web/components.json"], expect: 0)
  }

  // MARK: - uninstall

  /// Without --path, uninstall removes the line of every path install wrote one for, and
  /// then the driver: git applies nothing to any of them.
  @Test func uninstallRemovesEveryLineInstallWrote() throws {
    try writeFile(".gitattributes", "*.png binary\n")
    let paths = ["components.json", "design system/components.json", "!x/[y].json"]
    for path in paths { try sandbox.catalog(["git", "install", "--path", path], expect: 0) }
    let result = try sandbox.catalog(["git", "uninstall"], expect: 0)
    #expect(result.stdout.contains("unset merge.catalog.driver"), "\(result)")
    #expect(try readFile(".gitattributes") == "*.png binary\n")
    #expect(try sandbox.git(["config", "--local", "--get-regexp", "catalog"]).stdout == "")
    for path in paths { #expect(try applied(path) == ["unspecified", "unspecified"]) }
  }

  /// Uninstalling one path keeps the driver while another path's line uses it, and the
  /// other path still merges with catalog.
  @Test func uninstallOfOnePathKeepsTheDriverAnotherLineUses() throws {
    try sandbox.catalog(["git", "install", "--path", "a b.json"], expect: 0)
    try sandbox.catalog(["git", "install", "--path", "c.json"], expect: 0)
    let result = try sandbox.catalog(["git", "uninstall", "--path", "a b.json"], expect: 0)
    #expect(
      result.stdout
        == "removed '\"a b.json\" merge=catalog diff=catalog' from .gitattributes\n"
        + "kept merge.catalog.name and merge.catalog.driver: .gitattributes:1 "
        + "('c.json merge=catalog diff=catalog') still uses merge=catalog\n"
        + "kept diff.catalog.command and diff.catalog.textconv: .gitattributes:1 "
        + "('c.json merge=catalog diff=catalog') still uses diff=catalog\n", "\(result)")
    #expect(try applied("a b.json") == ["unspecified", "unspecified"])
    try sandbox.catalog(["git", "check", "--path", "c.json"], expect: 0)
    let merge = try mergeEdits(at: ["c.json"])
    #expect(merge.status == 0, "\(merge)")
    #expect(try readFile("c.json") == Self.document(title: "Hero v2", isActive: false))
  }

  /// A line someone else wrote, in another attributes file, naming one driver keeps that
  /// driver's keys (git would otherwise merge the file as text, silently); the other
  /// driver's keys go.
  @Test func uninstallKeepsADriverALineElsewhereNames() throws {
    try sandbox.catalog(["git", "install"], expect: 0)
    try writeFile("apps/.gitattributes", "*.catalog.json merge=catalog\n")
    try writeFile(".git/info/attributes", "legacy.json diff=catalog\n")
    let result = try sandbox.catalog(["git", "uninstall"], expect: 0)
    #expect(
      result.stdout.contains(
        "kept merge.catalog.name and merge.catalog.driver: apps/.gitattributes:1 "
          + "('*.catalog.json merge=catalog') still uses merge=catalog"), "\(result)")
    #expect(
      result.stdout.contains(
        "kept diff.catalog.command and diff.catalog.textconv: .git/info/attributes:1"),
      "\(result)")
    #expect(try sandbox.git(["config", "--local", "merge.catalog.driver"]).status == 0)
    try FileManager.default.removeItem(atPath: directory.path(".git/info/attributes"))
    let again = try sandbox.catalog(["git", "uninstall"], expect: 0)
    #expect(again.stdout.contains("unset diff.catalog.command"), "\(again)")
    #expect(try sandbox.git(["config", "--local", "diff.catalog.command"]).status == 1)
    #expect(try sandbox.git(["config", "--local", "merge.catalog.driver"]).status == 0)
  }
}
