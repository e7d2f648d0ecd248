import Foundation
import TestSupport
import Testing

/// `catalog completions bash|zsh|fish`, loaded by the real shells and asked to complete.
@Suite struct CompletionTests {
  static let document = """
    {"components": [
      {"kind": "hero-banner", "category": "Display", "description": "A banner", "payload": {}},
      {"kind": "hero-tile", "category": "Display", "description": "A tile", "payload": {}},
      {"kind": "button", "category": "Input", "description": "A button", "payload": {}}
    ]}

    """

  /// A directory with a catalog (three kinds, tag v1) and the completion script of `shell`.
  static func setUp(_ shell: String) throws -> (CatalogRunner, String) {
    let runner = try CatalogRunner()
    try runner.directory.write("components.json", document)
    try runner.run(["import", "components.json"], expect: 0)
    try runner.run(["tag", "v1"], expect: 0)
    let script = try runner.run(["completions", shell], expect: 0)
    #expect(script.stderr.isEmpty)
    return (runner, try runner.directory.write("completion.\(shell)", script.stdout))
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
        catalog restore : head v1 
        catalog export --at v: v1 
        catalog help dep: deprecate 
        catalog import components.j: components.json 

        """, "\(result)")
  }

  @Test func zshLoadsTheScriptAndCompletesACommandAndAnOption() throws {
    let (runner, script) = try Self.setUp("zsh")
    // zsh's bash emulation, driven as the bash test drives bash: the function the script
    // registers, given the words. zsh's compgen offers every candidate and its completion
    // system keeps those that start with the word, so the test keeps them too.
    let program = """
      autoload -U compinit && compinit -u -D
      source \(script) || exit 1
      offer() {
        COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=()
        _catalog
        local -a matching
        matching=(${(M)COMPREPLY:#${argv[-1]}*})
        echo "$*: $matching"
      }
      offer catalog dif
      offer catalog diff a b --na
      offer catalog blame hero-b
      """
    let result = try Self.run("zsh", ["zsh", "-f", "-c", program], in: runner)
    #expect(result.status == 0, "\(result)")
    #expect(
      result.stdout == """
        catalog dif: diff
        catalog diff a b --na: --name-only
        catalog blame hero-b: hero-banner

        """, "\(result)")
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

  @Test func anUnknownShellIsAUsageError() throws {
    let runner = try CatalogRunner()
    let result = try runner.run(["completions", "tcsh"], expect: 64)
    #expect(result.stderr.contains("one of: bash, zsh, fish"), "\(result)")
  }
}
