import Foundation
import TestSupport
import Testing

/// `catalog git install` and the merge driver under real git: two branches edit
/// components.json, `git merge` runs `catalog merge`, and the file is checked byte for byte.
@Suite("catalog merge as git's merge driver")
struct GitMergeDriverTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
    try sandbox.git(["init", "-q", "-b", "main"], expect: 0)
    try directory.write(".gitattributes", "*.png binary\n")
    try sandbox.catalog(["git", "install"], expect: 0)
  }

  // MARK: - Helpers

  var sandbox: GitSandbox { GitSandbox(directory: directory) }

  static func entry(_ kind: String, _ payload: String, category: String = "Display") -> String {
    """
        {
          "kind": "\(kind)",
          "category": "\(category)",
          "description": "The \(kind)",
          "payload": \(payload)
        }
    """
  }

  static func document(_ entries: String...) -> String {
    "{\n  \"components\": [\n" + entries.joined(separator: ",\n") + "\n  ]\n}\n"
  }

  static let tile = entry(
    "tile", "{\n        \"title\": \"Hero\",\n        \"isActive\": true\n      }")
  static let badge = entry("badge", "{\n        \"count\": 1\n      }")
  static let row = entry("row", "{\n        \"items\": []\n      }")
  static let base = document(tile, badge, row)

  /// Commits `base` on main, `ours` on main and `theirs` on a branch, then merges the branch.
  func mergeBranches(ours: String, theirs: String) throws -> CatalogProcess.Result {
    try directory.write("components.json", Self.base)
    try sandbox.git(["add", "-A"], expect: 0)
    try sandbox.git(["commit", "-q", "-m", "base"], expect: 0)
    try sandbox.git(["checkout", "-q", "-b", "theirs"], expect: 0)
    try directory.write("components.json", theirs)
    try sandbox.git(["commit", "-q", "-am", "theirs"], expect: 0)
    try sandbox.git(["checkout", "-q", "main"], expect: 0)
    try directory.write("components.json", ours)
    try sandbox.git(["commit", "-q", "-am", "ours"], expect: 0)
    return try sandbox.git(["merge", "--no-edit", "theirs"])
  }

  func file() throws -> String {
    String(decoding: try directory.read("components.json"), as: UTF8.self)
  }

  // MARK: - Merges

  @Test func branchesEditingDifferentKindsMerge() throws {
    let ours = Self.document(
      Self.tile.replacingOccurrences(of: "Hero", with: "Hero v2"), Self.badge, Self.row)
    let theirs = Self.document(
      Self.tile, Self.badge.replacingOccurrences(of: "1", with: "2"), Self.row)
    let result = try mergeBranches(ours: ours, theirs: theirs)
    #expect(result.status == 0, "\(result)")
    #expect(
      try file()
        == Self.document(
          Self.tile.replacingOccurrences(of: "Hero", with: "Hero v2"),
          Self.badge.replacingOccurrences(of: "1", with: "2"), Self.row))
    #expect(try sandbox.git(["status", "--porcelain"], expect: 0).stdout == "")
  }

  @Test func branchesEditingDifferentFieldsOfOnePayloadMerge() throws {
    let ours = Self.document(
      Self.tile.replacingOccurrences(of: "Hero", with: "Hero v2"), Self.badge, Self.row)
    let theirs = Self.document(
      Self.tile.replacingOccurrences(of: "true", with: "false")
        .replacingOccurrences(of: "\"Display\"", with: "\"Cards\""), Self.badge, Self.row)
    let result = try mergeBranches(ours: ours, theirs: theirs)
    #expect(result.status == 0, "\(result)")
    #expect(
      try file()
        == Self.document(
          Self.tile.replacingOccurrences(of: "Hero", with: "Hero v2")
            .replacingOccurrences(of: "true", with: "false")
            .replacingOccurrences(of: "\"Display\"", with: "\"Cards\""), Self.badge, Self.row))
  }

  @Test func branchesAddingEntriesAtOnePlaceKeepBoth() throws {
    let chip = Self.entry("chip", "{}")
    let card = Self.entry("card", "{}")
    let result = try mergeBranches(
      ours: Self.document(Self.tile, chip, Self.badge, Self.row),
      theirs: Self.document(Self.tile, card, Self.badge, Self.row))
    #expect(result.status == 0, "\(result)")
    #expect(try file() == Self.document(Self.tile, chip, card, Self.badge, Self.row))
  }

  @Test func deletingAKindTheOtherBranchChangedStopsWithTheConflictInTheFile() throws {
    let changedBadge = Self.badge.replacingOccurrences(of: "1", with: "2")
    let result = try mergeBranches(
      ours: Self.document(Self.tile, Self.row),
      theirs: Self.document(Self.tile, changedBadge, Self.row))
    #expect(result.status != 0, "\(result)")
    #expect(result.stdout.contains("CONFLICT"), "\(result)")
    #expect(
      result.stderr.contains(
        "components.json:12: conflict: /components/1: ours (removed), theirs {\"kind\":\"badge\""),
      "\(result)")
    #expect(
      try file()
        == """
        {
          "components": [
            {
              "kind": "tile",
              "category": "Display",
              "description": "The tile",
              "payload": {
                "title": "Hero",
                "isActive": true
              }
            },
        <<<<<<< OURS
        =======
        \(changedBadge),
        >>>>>>> THEIRS
            {
              "kind": "row",
              "category": "Display",
              "description": "The row",
              "payload": {
                "items": []
              }
            }
          ]
        }

        """)
    #expect(try sandbox.git(["status", "--porcelain"], expect: 0).stdout == "UU components.json\n")
    let check = try sandbox.catalog(["check", "components.json"], expect: 65)
    #expect(
      check.stderr.hasPrefix("components.json:12:1: error: invalid JSON: unresolved merge conflict")
    )
  }

  /// Both branches add components.json (git passes an empty BASE): a two-way merge. What
  /// both added the same is taken, what differs is marked, and `check` refuses the file.
  @Test func bothBranchesAddingTheFileMergeTwoWay() throws {
    try directory.write("README", "x\n")
    try sandbox.git(["add", "-A"], expect: 0)
    try sandbox.git(["commit", "-q", "-m", "start"], expect: 0)
    try sandbox.git(["checkout", "-q", "-b", "theirs"], expect: 0)
    let changedBadge = Self.badge.replacingOccurrences(of: "1", with: "2")
    try directory.write("components.json", Self.document(Self.tile, changedBadge))
    try sandbox.git(["add", "-A"], expect: 0)
    try sandbox.git(["commit", "-q", "-m", "theirs"], expect: 0)
    try sandbox.git(["checkout", "-q", "main"], expect: 0)
    try directory.write("components.json", Self.document(Self.tile, Self.badge))
    try sandbox.git(["add", "-A"], expect: 0)
    try sandbox.git(["commit", "-q", "-m", "ours"], expect: 0)
    let result = try sandbox.git(["merge", "--no-edit", "theirs"])
    #expect(result.status != 0, "\(result)")
    #expect(
      result.stderr.contains(
        #"components.json:12: conflict: /components/1: ours {"kind":"badge""#),
      "\(result)")
    let text = try file()
    #expect(text.contains("<<<<<<< OURS\n\(Self.badge)\n=======\n\(changedBadge)\n>>>>>>> THEIRS"))
    #expect(try sandbox.git(["status", "--porcelain"], expect: 0).stdout == "AA components.json\n")
    try sandbox.catalog(["check", "components.json"], expect: 65)
  }

  /// A top-level member both branches changed differently is marked, as an entry's member
  /// is, and the entries' markers after it are reported at their moved lines.
  @Test func aTopLevelMemberChangedOnBothSidesIsMarked() throws {
    func framed(_ version: Int, _ badge: String) -> String {
      "{\n  \"version\": \(version),\n" + Self.document(Self.tile, badge, Self.row).dropFirst(2)
    }
    try directory.write("components.json", framed(1, Self.badge))
    try sandbox.git(["add", "-A"], expect: 0)
    try sandbox.git(["commit", "-q", "-m", "base"], expect: 0)
    try sandbox.git(["checkout", "-q", "-b", "theirs"], expect: 0)
    try directory.write(
      "components.json", framed(3, Self.badge.replacingOccurrences(of: "1", with: "3")))
    try sandbox.git(["commit", "-q", "-am", "theirs"], expect: 0)
    try sandbox.git(["checkout", "-q", "main"], expect: 0)
    try directory.write(
      "components.json", framed(2, Self.badge.replacingOccurrences(of: "1", with: "2")))
    try sandbox.git(["commit", "-q", "-am", "ours"], expect: 0)
    let result = try sandbox.git(["merge", "--no-edit", "theirs"])
    #expect(result.status != 0, "\(result)")
    #expect(
      result.stderr.contains(
        "components.json:2: conflict: top-level member /version: ours 2, theirs 3\n"
          + "components.json:22: conflict: /components/1/payload/count: ours 2, theirs 3\n"),
      "\(result)")
    let text = try file()
    #expect(
      text.hasPrefix(
        "{\n<<<<<<< OURS\n  \"version\": 2,\n=======\n  \"version\": 3,\n"
          + ">>>>>>> THEIRS\n  \"components\": [\n"), "\(text)")
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[21] == "<<<<<<< OURS", "\(text)")
    let check = try sandbox.catalog(["check", "components.json"], expect: 65)
    #expect(check.stderr.hasPrefix("components.json:2:1: error: invalid JSON: unresolved merge"))
  }

  /// An invalid side is named by git's path and the side, not git's temporary file.
  @Test func anInvalidSideIsNamedByThePathAndTheSide() throws {
    let result = try mergeBranches(
      ours: Self.document(Self.tile, Self.badge),
      theirs: "{\"components\": [\n  {\"kind\": }\n]}\n")
    #expect(result.status != 0, "\(result)")
    #expect(
      result.stderr.contains("components.json (theirs):2:12: error: invalid JSON"), "\(result)")
    #expect(!result.stderr.contains(".merge_file"), "\(result)")
  }

  /// git's `conflict-marker-size` reaches the markers through `%L`; the labels are git's
  /// when it passes them (`%X`, `%Y`, git 2.44 and later) and OURS and THEIRS otherwise.
  @Test func markersTakeGitsSizeAndLabels() throws {
    try directory.write(
      ".gitattributes",
      "*.png binary\ncomponents.json merge=catalog diff=catalog\n"
        + "components.json conflict-marker-size=10\n")
    let result = try mergeBranches(
      ours: Self.document(Self.tile, Self.badge.replacingOccurrences(of: "1", with: "2"), Self.row),
      theirs: Self.document(
        Self.tile, Self.badge.replacingOccurrences(of: "1", with: "3"), Self.row))
    #expect(result.status != 0, "\(result)")
    let lines = try file().split(separator: "\n").map(String.init)
    let version = try sandbox.git(["version"], expect: 0).stdout
    let labelled = !version.hasPrefix("git version 2.3") && !version.hasPrefix("git version 2.4")
    #expect(lines.contains { $0.hasPrefix("<<<<<<<<<< ") && !$0.hasPrefix("<<<<<<<<<<<") })
    #expect(lines.contains("=========="))
    if !labelled {
      #expect(lines.contains("<<<<<<<<<< OURS") && lines.contains(">>>>>>>>>> THEIRS"))
    }
    try sandbox.catalog(["check", "components.json"], expect: 65)
  }

  /// A repository set up by an earlier version (the driver without %L, %X and %Y) is still
  /// set up for `check`; `install` brings the line up to date and `uninstall` removes it.
  @Test func aFormerDriverLineStillCounts() throws {
    try sandbox.git(
      [
        "config", "--local", "merge.catalog.driver", "catalog merge %O %A %B --output %A --name %P",
      ],
      expect: 0)
    try sandbox.catalog(["git", "check"], expect: 0)
    #expect(
      try sandbox.catalog(["git", "install"], expect: 0).stdout.contains("set merge.catalog.driver")
    )
    try sandbox.git(
      [
        "config", "--local", "merge.catalog.driver", "catalog merge %O %A %B --output %A --name %P",
      ],
      expect: 0)
    try sandbox.catalog(["git", "uninstall"], expect: 0)
    #expect(try sandbox.git(["config", "--local", "--get-regexp", "catalog"]).stdout == "")
  }

  // MARK: - Setup

  @Test func installCheckAndUninstall() throws {
    #expect(
      try directory.read(".gitattributes")
        == Array("*.png binary\ncomponents.json merge=catalog diff=catalog\n".utf8))
    #expect(
      try sandbox.git(["config", "--local", "merge.catalog.driver"], expect: 0).stdout
        == "catalog merge %O %A %B --output %A --name %P --marker-size %L --ours-label %X "
        + "--theirs-label %Y\n")
    #expect(
      try sandbox.catalog(["git", "check"], expect: 0).stdout.hasPrefix("ok: components.json"))
    // Installing again changes nothing.
    #expect(
      try sandbox.catalog(["git", "install"], expect: 0).stdout
        == "already installed: nothing to do\n")
    #expect(
      try directory.read(".gitattributes")
        == Array("*.png binary\ncomponents.json merge=catalog diff=catalog\n".utf8))

    try sandbox.catalog(["git", "uninstall"], expect: 0)
    #expect(try directory.read(".gitattributes") == Array("*.png binary\n".utf8))
    #expect(try sandbox.git(["config", "--local", "--get-regexp", "catalog"]).stdout == "")
    #expect(
      !(try String(contentsOfFile: directory.path(".git/config"), encoding: .utf8).contains(
        "catalog")))
    let check = try sandbox.catalog(["git", "check"], expect: 1)
    #expect(
      check.stdout.contains(
        "missing: 'components.json merge=catalog diff=catalog' in .gitattributes"))
  }

  @Test func uninstallRemovesTheAttributesFileInstallCreated() throws {
    try sandbox.catalog(["git", "uninstall"], expect: 0)
    try FileManager.default.removeItem(atPath: directory.path(".gitattributes"))
    try sandbox.catalog(["git", "install", "--path", "config/components.json"], expect: 0)
    #expect(
      try directory.read(".gitattributes")
        == Array("config/components.json merge=catalog diff=catalog\n".utf8))
    try sandbox.catalog(["git", "uninstall", "--path", "config/components.json"], expect: 0)
    #expect(!FileManager.default.fileExists(atPath: directory.path(".gitattributes")))
  }

  @Test func gitDiffShowsTheStructuralDiff() throws {
    try directory.write("components.json", Self.base)
    try sandbox.git(["add", "-A"], expect: 0)
    try sandbox.git(["commit", "-q", "-m", "base"], expect: 0)
    try directory.write(
      "components.json",
      Self.document(
        Self.tile.replacingOccurrences(of: "Hero", with: "Hero v2"), Self.badge, Self.row))
    let diff = try sandbox.git(["diff"], expect: 0)
    #expect(
      diff.stdout
        == "catalog diff a/components.json b/components.json\n~ tile\n"
        + "  /payload/title: \"Hero\" → \"Hero v2\"  [value: VALUE_CHANGED]\n")
  }

  @Test func outsideARepositoryInstallSaysSo() throws {
    let elsewhere = try TemporaryDirectory()
    let result = try CatalogProcess.run(
      ["git", "install"], in: elsewhere,
      environment: sandbox.environment.merging([
        "GIT_CEILING_DIRECTORIES": elsewhere.url.deletingLastPathComponent().path
      ]) { $1 })
    #expect(result.status == 65, "\(result)")
    #expect(result.stderr.hasPrefix("catalog: error: not inside a git repository"))
  }
}
