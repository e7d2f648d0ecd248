import Components
import Foundation
import TestSupport
import Testing

/// `contract show` and `contract retire` complete APP@VERSION from the builds the catalog
/// recorded; an app's name is data there too, offered literally and never run.
@Suite struct BuildCompletionTests {
  static let hostileApp = "$(touch pwned-app)"

  static func setUp() throws -> (CatalogRunner, String) {
    let runner = try CatalogRunner()
    try runner.directory.write("v1.json", ClientGateTests.document())
    try runner.run(["import", "v1.json"])
    try runner.directory.write("ios.json", ContractFiles.ios("5.2.0"))
    try runner.run(["contract", "record", "ios.json"])
    let registry = ComponentsRegistry()
    registry.register(CounterComponent.self)
    try runner.directory.write(
      "hostile.json", registry.contract(app: hostileApp, version: "1").canonicalBytes)
    try runner.run(["contract", "record", "hostile.json"])
    try runner.run(["contract", "retire", "\(hostileApp)@1"])
    let script = try runner.run(["completions", "bash"]).stdout
    return (runner, try runner.directory.write("c.bash", script))
  }

  @Test func candidatesAreEveryRecordedBuild() throws {
    let (runner, _) = try Self.setUp()
    let builds = try runner.run(["completions", "--candidates", "builds"])
    // Retired builds too ('contract show' shows them), sorted by app, then version.
    #expect(builds.stdout == "\(Self.hostileApp)@1\0ios@5.2.0\0")
  }

  @Test func bashOffersBuildsWhereACommandTakesOne() throws {
    let (runner, script) = try Self.setUp()
    let program = """
      source \(script) || exit 1
      offer() {
        COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=()
        _catalog
        printf '%s\\0' "${COMPREPLY[@]}"; printf '\\036'
      }
      offer catalog contract show ''
      offer catalog contract retire 'i'
      offer catalog contract retire '$'
      offer catalog contract record 'ios.j'
      """
    let result = try CompletionTests.run(
      "bash", ["bash", "--norc", "--noprofile", "-c", program], in: runner)
    #expect(result.status == 0, "\(result)")
    #expect(
      CompletionDataTests.offers(result.stdout) == [
        ["$(touch pwned-app)@1", "ios@5.2.0"], ["ios@5.2.0"], ["$(touch pwned-app)@1"],
        ["ios.json"],
      ], "\(result)")
    try CompletionDataTests.expectNothingRan(in: runner)
  }
}
