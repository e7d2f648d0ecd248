import CatalogAgents
import CatalogStore
import Components
import Foundation
import TestSupport
import Testing

/// The agents' fixture (Tests/Fixtures/agents/rev1-4.json): four revisions of a small
/// catalog with containers, a type change, a container added and a leaf removed; and the
/// Python checks (`agents_check.py`: the A2UI SDK and `jsonschema`).
enum AgentFixture {
  /// Imports the four revisions into `location`'s catalog (the last with `--prune`).
  static func make(_ location: TestLocation) throws -> CatalogRunner {
    let runner = CatalogRunner(location: location, environment: ["CATALOG_AUTHOR": "ann"])
    for number in 1...4 {
      let file = try location.directory.write(
        "rev\(number).json", try Fixtures.bytes("agents/rev\(number).json"))
      try runner.run(
        ["import", file, "-m", "revision \(number)"] + (number == 4 ? ["--prune"] : []))
    }
    return runner
  }

  /// Runs `agents_check.py MODE ARGUMENTS` and decodes what it prints.
  static func python(_ mode: String, _ arguments: [String]) throws -> JSONValue {
    let result = try runCommand(
      "/usr/bin/env",
      ["python3", Fixtures.url("agents/agents_check.py").path, mode] + arguments)
    try #require(result.status == 0, "agents_check.py \(mode): \(result.stderr)")
    return try JSONValue(parsing: result.stdout)
  }

  /// Writes `value` as JSON into `directory` and returns the path.
  static func write(_ value: JSONValue, _ name: String, in directory: TemporaryDirectory) throws
    -> String
  {
    try directory.write(name, JSONWriter.canonicalBytes(value))
  }
}
