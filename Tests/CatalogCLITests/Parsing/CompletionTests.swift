import Foundation
import TestSupport
import Testing

/// `catalog completions bash|zsh|fish`, loaded by the real shells and asked to complete.
@Suite struct CompletionTests {
  /// The policy modes, as `policy set` offers them.
  enum CompatibilityModeWords {
    static let all = [
      "BACKWARD", "BACKWARD_TRANSITIVE", "FORWARD", "FORWARD_TRANSITIVE", "FULL",
      "FULL_TRANSITIVE", "NONE",
    ]
  }

  static let document = """
    {"components": [
      {"kind": "hero-banner", "category": "Display", "description": "A banner", "payload": {}},
      {"kind": "hero-tile", "category": "Display", "description": "A tile", "payload": {}},
      {"kind": "button", "category": "Input", "description": "A button", "payload": {}}
    ]}

    """

  /// A directory with a catalog (three kinds, tag v1) and the completion script of `shell`.
  static func setUp(_ shell: String, scriptName: String? = nil) throws -> (CatalogRunner, String) {
    let runner = try CatalogRunner()
    try runner.directory.write("components.json", document)
    try runner.run(["import", "components.json"], expect: 0)
    try runner.run(["tag", "v1"], expect: 0)
    let script = try runner.run(["completions", shell], expect: 0)
    #expect(script.stderr.isEmpty)
    return (
      runner, try runner.directory.write(scriptName ?? "completion.\(shell)", script.stdout)
    )
  }

  /// Runs `shell` with the built `catalog` first on PATH, as a user's shell finds it.
  static func run(
    _ shell: String, _ arguments: [String], in runner: CatalogRunner
  ) throws -> CatalogProcess.Result {
    let bin = CatalogProcess.executable.deletingLastPathComponent().path
    return try CatalogProcess.run(
      arguments, in: runner.directory, executable: URL(fileURLWithPath: "/usr/bin/env"),
      environment: ["PATH": "\(bin):/usr/bin:/bin"])
  }

  @Test func bashCompletesCommandsOptionsValuesKindsAndTags() throws {
    let (runner, script) = try Self.setUp("bash")
    let program = """
      source \(script) || exit 1
      complete -p catalog >/dev/null || exit 2
      offer() {
        COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=()
        _catalog
        echo "$*: $(printf '%s\n' "${COMPREPLY[@]}" | sort | tr '\n' ' ')"
      }
      offer catalog imp
      offer catalog im
      offer catalog import --dr
      offer catalog -d components.sqlite log --li
      offer catalog diff a.json b.json --format ''
      offer catalog diff a.json b.json --fail-on b
      offer catalog show hero
      offer catalog restore ''
      offer catalog export --at v
      offer catalog help dep
      offer catalog import components.j
      """
    let result = try Self.run("bash", ["bash", "--norc", "--noprofile", "-c", program], in: runner)
    #expect(result.status == 0, "\(result)")
    #expect(
      result.stdout == """
        catalog imp: import 
        catalog im: import 
        catalog import --dr: --dry-run 
        catalog -d components.sqlite log --li: --limit 
        catalog diff a.json b.json --format : github json json-patch junit text 
        catalog diff a.json b.json --fail-on b: breaking 
        catalog show hero: hero-banner hero-tile 
        catalog restore : 1 head v1 
        catalog export --at v: v1 
        catalog help dep: deprecate 
        catalog import components.j: components.json 

        """, "\(result)")
  }

  @Test func zshCompletesThroughItsOwnCompletionSystem() throws {
    let (runner, _) = try Self.setUp("zsh", scriptName: "_catalog")
    let result = try ZshCompletion.offers(
      [
        "catalog dif", "catalog diff a b --na", "catalog blame hero-b",
        "catalog import components.j",
      ],
      in: runner)
    #expect(result.status == 0, "\(result)")
    #expect(
      CompletionDataTests.offers(result.stdout) == [
        ["diff"], ["--name-only"], ["hero-banner"], ["components.json"],
      ], "\(result)")
  }

  @Test func fishCompletesACommandAnOptionAndAKind() throws {
    let (runner, script) = try Self.setUp("fish")
    let program = """
      source \(script); or exit 1
      complete -C 'catalog dep' | cut -f1
      complete -C 'catalog import --dr' | cut -f1
      complete -C 'catalog log --format ' | cut -f1
      complete -C 'catalog show hero-t' | cut -f1
      """
    let result = try Self.run(
      "fish", ["fish", "--no-config", "-c", program], in: runner)
    #expect(result.status == 0, "\(result)")
    #expect(
      result.stdout == """
        deprecate
        --dry-run
        json
        text
        hero-tile

        """, "\(result)")
  }

  /// The lines of issue 35's item 8, each followed by what a shell must offer next.
  static let nextThings: [(line: String, offers: [String])] = [
    ("catalog diff @", ["@1", "@head", "@v1"]),
    ("catalog diff @head @v", ["@v1"]),
    ("catalog kinds --category ", ["Display", "Input"]),
    ("catalog export --category In", ["Input"]),
    ("catalog policy set ", CompatibilityModeWords.all),
    ("catalog policy set --kind ", ["button", "hero-banner", "hero-tile"]),
    ("catalog tag --delete ", ["v1"]),
    ("catalog check components.json --against ", ["1", "head", "v1"]),
    ("catalog site --output ", ["www"]),
  ]

  @Test func bashCompletesWhatComesNext() throws {
    let (runner, script) = try Self.setUp("bash")
    try FileManager.default.createDirectory(
      at: runner.directory.url.appendingPathComponent("www"), withIntermediateDirectories: false)
    var program = """
      source \(script) || exit 1
      offer() {
        read -r -a COMP_WORDS <<<"$1"
        [[ $1 == *" " ]] && COMP_WORDS+=("")
        COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=()
        _catalog
        printf '%s\\0' "${COMPREPLY[@]}"; printf '\\036'
      }

      """
    for next in Self.nextThings { program += "offer \(ZshCompletion.shellQuote(next.line))\n" }
    let result = try Self.run("bash", ["bash", "--norc", "--noprofile", "-c", program], in: runner)
    #expect(result.status == 0, "\(result)")
    #expect(CompletionDataTests.offers(result.stdout) == Self.nextThings.map(\.offers), "\(result)")
  }

  @Test func zshCompletesWhatComesNext() throws {
    let (runner, _) = try Self.setUp("zsh", scriptName: "_catalog")
    try FileManager.default.createDirectory(
      at: runner.directory.url.appendingPathComponent("www"), withIntermediateDirectories: false)
    let result = try ZshCompletion.offers(Self.nextThings.map(\.line), in: runner)
    #expect(result.status == 0, "\(result)")
    #expect(CompletionDataTests.offers(result.stdout) == Self.nextThings.map(\.offers), "\(result)")
  }

  @Test func fishCompletesWhatComesNext() throws {
    let (runner, script) = try Self.setUp("fish")
    try FileManager.default.createDirectory(
      at: runner.directory.url.appendingPathComponent("www"), withIntermediateDirectories: false)
    var program = "source \(script); or exit 1\n"
    for next in Self.nextThings {
      program +=
        "complete -C \(ZshCompletion.shellQuote(next.line)) | cut -f1 | string join0; printf '\\036'\n"
    }
    let result = try Self.run("fish", ["fish", "--no-config", "-c", program], in: runner)
    #expect(result.status == 0, "\(result)")
    // fish completes a directory with its slash.
    let expected = Self.nextThings.map { $0.line.hasSuffix("--output ") ? ["www/"] : $0.offers }
    #expect(CompletionDataTests.offers(result.stdout) == expected, "\(result)")
  }

  @Test func anUnknownShellIsAUsageError() throws {
    let runner = try CatalogRunner()
    let result = try runner.run(["completions", "tcsh"], expect: 64)
    #expect(result.stderr.contains("one of: bash, zsh, fish"), "\(result)")
  }
}
