import Foundation
import TestSupport
import Testing

/// Revision times (issue 30, item 5): a writer whose clock is ten years ahead misdates its
/// own revision and no other. SQLite records the writer's clock as it is, PostgreSQL the
/// server's; `--at TIME` is the last revision written at or before TIME, and `log --until`
/// and `--since` agree with it.
@Suite("Revision times")
struct RevisionTimeTests {
  /// Ten years, in seconds.
  static let skew = "315576000"

  struct Entry: Decodable {
    let revision: Int
    let time: String
  }

  /// `2026-12-02T19:16:49.036Z` for `date`.
  static func iso(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return formatter.string(from: date)
  }

  @Test(arguments: TestEngine.allCases)
  func aSkewedWriterMisdatesOnlyItsOwnRevision(_ engine: TestEngine) throws {
    let location = try engine.makeLocation()
    let runner = CatalogRunner(location: location, environment: ["CATALOG_AUTHOR": "ann"])
    for n in 1...3 {
      try location.directory.write(
        "v\(n).json",
        #"[{"kind": "a", "category": "c", "description": "\#(n)", "payload": {}}]"#)
    }
    let start = Date(timeIntervalSinceNow: -1)
    try runner.run(["import", "v1.json"])
    try runner.run(
      ["import", "v2.json"], environment: ["CATALOG_TEST_CLOCK_SKEW": Self.skew])
    try runner.run(["import", "v3.json"])
    let soon = Self.iso(Date(timeIntervalSinceNow: 60))
    let log = try JSONDecoder().decode(
      [Entry].self, from: Data(try runner.run(["log", "--format", "json"]).stdoutBytes))
    #expect(log.map(\.revision) == [3, 2, 1])
    let times = Dictionary(uniqueKeysWithValues: log.map { ($0.revision, $0.time) })
    // Revision 3 is dated by a right clock on both engines, not pinned to revision 2's.
    #expect(times[3].map { $0 < soon && $0 >= Self.iso(start) } == true, "\(times)")
    let untilNow = try JSONDecoder().decode(
      [Entry].self,
      from: Data(try runner.run(["log", "--until", soon, "--format", "json"]).stdoutBytes))
    let sinceStart = try JSONDecoder().decode(
      [Entry].self,
      from: Data(
        try runner.run(["log", "--since", Self.iso(start), "--format", "json"]).stdoutBytes))
    #expect(sinceStart.map(\.revision) == [3, 2, 1])
    switch engine {
    case .sqlite:
      // The writer's clock, as it was: revision 2 is dated ten years ahead.
      #expect(times[2].map { $0 > "2036" } == true, "\(times)")
      #expect(untilNow.map(\.revision) == [3, 1])
    case .postgresql:
      // The server's clock: the client's skew does not reach the revision.
      #expect(times[2].map { $0 < soon && $0 >= Self.iso(start) } == true, "\(times)")
      #expect(untilNow.map(\.revision) == [3, 2, 1])
    }
    // --at now is the last revision written at or before now: head, on both engines.
    #expect(
      try runner.run(["export", "--at", soon]).stdout == (try runner.run(["export"]).stdout))
    #expect(
      try runner.run(["export", "--at", soon]).stdout.contains(#""description": "3""#))
  }
}
