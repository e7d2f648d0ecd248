import CatalogStore
import Components
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writers killed with SIGKILL at many moments, from before they open the catalog to after
/// they commit: the catalog is always at the previous head or at the new one, never between,
/// SQLite's integrity_check is ok, and the export is one of the two documents.
@Suite("Killed writers", .serialized)
struct KilledWriterTests {
  let directory: TemporaryDirectory
  /// Two documents of `entries` entries that differ in every entry.
  let documents: [[UInt8]]
  static let entries = 1_000

  init() throws {
    directory = try TemporaryDirectory()
    documents = [
      try GeneratedCatalog.document(count: Self.entries, variant: 0),
      try GeneratedCatalog.document(count: Self.entries, variant: 1),
    ]
    try directory.write("a.json", documents[0])
    try directory.write("b.json", documents[1])
  }

  /// Delays as fractions of an uninterrupted run: dense near the end, where the commit is.
  /// The first (killed at once) and the last (never killed) make sure, whatever the load on
  /// the machine, that one import is cut before it starts and one lands.
  static let fractions: [Double] = [
    0, 0.05, 0.3, 0.6, 0.8, 0.88, 0.93, 0.96, 0.98, 1.0, 1.02, 1.05, 1.1, 1.5, 2.5, .infinity,
  ]

  /// `PRAGMA integrity_check` through a connection of the test's own.
  func integrity() throws -> String {
    let db = try RawSQLite(path: directory.path("components.sqlite"), mode: .readOnly)
    return try db.text("PRAGMA integrity_check") ?? ""
  }

  /// Runs `arguments` to completion and returns how long it took.
  func timed(_ arguments: [String]) throws -> Double {
    let start = monotonicSeconds()
    let result = try CatalogProcess.run(arguments, in: directory)
    try #require(result.status == 0, "\(result)")
    return monotonicSeconds() - start
  }

  /// Starts `arguments`, kills the process after `delay` seconds, and returns its status
  /// (137 when the kill came first). An infinite delay lets the process finish.
  func kill(_ arguments: [String], after delay: Double) throws -> CatalogProcess.Result {
    let run = try RunningCatalog(arguments, in: directory)
    guard delay.isFinite else { return run.wait() }
    if delay > 0 { usleep(UInt32(delay * 1_000_000)) }
    run.sigkill()
    return run.wait()
  }

  /// Checks the catalog after a kill: the old state or the new one, and nothing else.
  /// Returns whether the write landed.
  @discardableResult
  func expectOldOrNew(
    _ old: CatalogState, new: [UInt8], result: CatalogProcess.Result, _ label: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Bool {
    let now = try directory.catalogState()
    #expect(try integrity() == "ok", "\(label)", sourceLocation: sourceLocation)
    #expect(
      result.status == 0 || result.status == 137, "\(label): \(result)",
      sourceLocation: sourceLocation)
    if now.head == old.head {
      #expect(now.export == old.export, "\(label)", sourceLocation: sourceLocation)
      // A writer that said it wrote a revision must have written it.
      #expect(
        result.status != 0, "\(label): reported success but nothing landed",
        sourceLocation: sourceLocation)
      return false
    }
    #expect(now.head == old.head + 1, "\(label): head \(now.head)", sourceLocation: sourceLocation)
    #expect(now.export == new, "\(label)", sourceLocation: sourceLocation)
    return true
  }

  @Test func killedImportsLeaveThePreviousHeadOrTheNewOne() throws {
    #expect(try timed(["import", "a.json"]) > 0)
    let duration = try timed(["import", "b.json"])
    var landed = 0
    var interrupted = 0
    for (step, fraction) in Self.fractions.enumerated() {
      let before = try directory.catalogState()
      let next = before.export == documents[0] ? 1 : 0
      let file = next == 0 ? "a.json" : "b.json"
      let result = try kill(["import", file, "-m", "step \(step)"], after: duration * fraction)
      if try expectOldOrNew(before, new: documents[next], result: result, "import at \(fraction)") {
        landed += 1
      } else {
        interrupted += 1
      }
    }
    // The delays span the whole write: some kills came first, some came too late.
    #expect(landed > 0 && interrupted > 0, "landed \(landed), interrupted \(interrupted)")
    try directory.expectHealthy()
  }

  /// `restore` of a large revision, `rename` and `patch` write many or few rows; killed at any
  /// moment, they too land whole or not at all.
  @Test func killedRestoresRenamesAndPatchesLandWholeOrNotAtAll() throws {
    _ = try timed(["import", "a.json"])
    _ = try timed(["import", "b.json"])
    let duration = try timed(["restore", "1"])
    for fraction in [0, 0.5, 0.85, 0.95, 1.0, 1.05, 1.5] {
      let before = try directory.catalogState()
      let target = before.export == documents[0] ? "2" : "1"
      let result = try kill(["restore", target], after: duration * fraction)
      try expectOldOrNew(
        before, new: documents[target == "1" ? 0 : 1], result: result, "restore at \(fraction)")
    }
    // A rename is a small write: kill it across its whole, short life.
    let renameDuration = try timed(["rename", "cell-grid-0", "renamed-0"])
    for (step, fraction) in [0.0, 0.5, 0.8, 0.95, 1.0, 1.2].enumerated() {
      let before = try directory.catalogState()
      let from = "renamed-\(step)"
      let to = "renamed-\(step + 1)"
      let result = try kill(["rename", from, to], after: renameDuration * fraction)
      let landed = try directory.catalogState().head != before.head
      let expected = landed ? try renamedExport(before.export, from: from, to: to) : before.export
      try expectOldOrNew(before, new: expected, result: result, "rename at \(fraction)")
      if !landed {
        // Put the catalog where the next step expects it.
        _ = try timed(["rename", from, to])
      }
    }
    // A patch rewrites the catalog in one transaction, like restore.
    for (step, fraction) in [0.0, 0.5, 0.9, 1.0, 1.2].enumerated() {
      try directory.write(
        "p.json",
        #"[{"op": "replace", "path": "/components/1/description", "value": "patch \#(step)"}]"#)
      let before = try directory.catalogState()
      let result = try kill(["patch", "p.json"], after: renameDuration * fraction)
      let landed = try directory.catalogState().head != before.head
      var expected = before.export
      if landed {
        let entries = try CatalogDocumentReader(JSONReader(bytes: before.export)).readAll()
        var patched = entries
        patched[1].description = "patch \(step)"
        expected = GeneratedCatalog.document(patched)
      }
      try expectOldOrNew(before, new: expected, result: result, "patch at \(fraction)")
    }
    try directory.expectHealthy()
  }

  /// An export into a file, killed at any moment, leaves the old file or the whole new one.
  @Test func killedExportsNeverLeaveHalfAFile() throws {
    _ = try timed(["import", "a.json"])
    let duration = try timed(["export", "-o", "out.json"])
    let whole = try directory.read("out.json")
    #expect(whole == documents[0])
    try FileManager.default.removeItem(atPath: directory.path("out.json"))
    for fraction in [0, 0.5, 0.9, 1.0, 1.1] {
      _ = try kill(["export", "-o", "out.json"], after: duration * fraction)
      if FileManager.default.fileExists(atPath: directory.path("out.json")) {
        #expect(try directory.read("out.json") == whole, "export killed at \(fraction)")
      }
    }
  }

  /// The export that a rename of `from` to `to` produces from `export`.
  func renamedExport(_ export: [UInt8], from: String, to: String) throws -> [UInt8] {
    let text = String(decoding: export, as: UTF8.self)
    let renamed = text.replacingOccurrences(
      of: "\"kind\": \"\(from)\"", with: "\"kind\": \"\(to)\"")
    #expect(renamed != text)
    return Array(renamed.utf8)
  }
}
