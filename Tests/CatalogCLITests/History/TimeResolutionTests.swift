import Foundation
import TestSupport
import Testing

/// A time names the revision in force at that instant, to the sub-millisecond, and every
/// command that resolves a time agrees: `--at` (the engine's query) and `log --until`.
/// Revisions are stored to the millisecond; `--at` used to round a time to the nearest one,
/// so half a millisecond before a revision already named it.
@Suite("Resolving a time to a revision")
struct TimeResolutionTests {
  /// `time` moved by `tenths` tenths of a millisecond, written with four decimals.
  static func shifted(_ time: String, tenths: Int64) throws -> String {
    let parser = ISO8601DateFormatter()
    parser.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    let date = try #require(parser.date(from: time), "\(time)")
    let total = Int64((date.timeIntervalSince1970 * 1000).rounded()) * 10 + tenths
    let seconds = total >= 0 ? total / 10_000 : (total - 9_999) / 10_000
    let fraction = total - seconds * 10_000
    let whole = ISO8601DateFormatter().string(
      from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    return String(whole.dropLast()) + "." + String(format: "%04d", fraction) + "Z"
  }

  @Test(arguments: TestEngine.allCases)
  func aTimeJustBeforeARevisionIsTheRevisionBefore(_ engine: TestEngine) throws {
    let location = try engine.makeLocation()
    let runner = CatalogRunner(location: location, environment: ["CATALOG_AUTHOR": "ann"])
    try location.directory.write(
      "v1.json", #"[{"kind": "k", "category": "c", "description": "d", "payload": {"x": 1}}]"#)
    try location.directory.write(
      "v2.json", #"[{"kind": "k", "category": "c", "description": "d", "payload": {"x": 2}}]"#)
    try runner.run(["import", "v1.json"])
    // Revision 1 a few milliseconds before revision 2, so that half a millisecond before
    // revision 2 is after revision 1.
    Thread.sleep(forTimeInterval: 0.01)
    try runner.run(["import", "v2.json"])
    let log = try runner.run(["log", "--format", "json"]).stdout
    let revisions = try #require(
      try JSONSerialization.jsonObject(with: Data(log.utf8)) as? [[String: Any]])
    let time = try #require(revisions.first?["time"] as? String, "\(log)")
    let exports = [
      1: try runner.run(["export", "--at", "1"]).stdout,
      2: try runner.run(["export", "--at", "2"]).stdout,
    ]
    for (tenths, expected) in [(-5, 1), (-1, 1), (0, 2), (1, 2), (5, 2)] as [(Int64, Int)] {
      let at = try Self.shifted(time, tenths: tenths)
      let export = try runner.run(["export", "--at", at]).stdout
      #expect(export == exports[expected], "\(engine) \(time): --at \(at)")
      let until = try runner.run(["log", "--oneline", "--until", at]).stdout
      #expect(until.hasPrefix("\(expected) "), "\(engine) \(time): --until \(at): \(until)")
    }
  }
}
