import Foundation
import TestSupport
import Testing

/// Every tag operation is recorded (issue 30 item 14, issue 31 item 6): creations, moves,
/// changes of message and deletions, each an append-only event with the revisions before
/// and after, who, when and the message, and the SHA-256 of the named revision's export
/// (issue 34 item 3); `tag --list` keeps the original tagger; `tag --history` lists every
/// event; `copy` carries them, `doctor` checks them; a catalog made before tag events gets
/// its tags' history carried. Both engines, through the built binary.
@Suite("Tag history and digests")
struct TagHistoryTests {
  static func document(_ kinds: [String]) -> String {
    let entries = kinds.map {
      #"{"kind": "\#($0)", "category": "C", "description": "d", "payload": {}}"#
    }
    return "{\"components\": [" + entries.joined(separator: ", ") + "]}\n"
  }

  static func json(_ text: String) throws -> [String: Any] {
    try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  /// Three revisions.
  static func makeCatalog(_ location: TestLocation) throws -> CatalogRunner {
    let runner = CatalogRunner(location: location, environment: ["CATALOG_AUTHOR": "ann"])
    let directory = location.directory
    try directory.write("one.json", Self.document(["a"]))
    try directory.write("two.json", Self.document(["a", "b"]))
    try directory.write("three.json", Self.document(["b", "c"]))
    for file in ["one.json", "two.json", "three.json"] { try runner.run(["import", file]) }
    return runner
  }

  static func events(_ runner: CatalogRunner, _ arguments: [String] = []) throws -> [[String: Any]]
  {
    let output = try runner.run(["tag", "--history"] + arguments + ["--format", "json"]).stdout
    return try #require(try Self.json(output)["events"] as? [[String: Any]])
  }

  /// What an event says, without its time and digests: `operation name from->to author`.
  static func summary(_ event: [String: Any]) -> String {
    func revision(_ key: String) -> String { (event[key] as? Int).map { "\($0)" } ?? "-" }
    return "\(event["operation"] as? String ?? "?") \(event["name"] as? String ?? "?") "
      + "\(revision("from"))->\(revision("to")) \(event["author"] as? String ?? "unknown")"
  }

  /// The exact case of the issue: `tag --delete v1.0; tag v1.0 2` used to leave no record.
  @Test(arguments: TestEngine.allCases)
  func deletingAndRetaggingIsRecorded(_ engine: TestEngine) throws {
    let location = try engine.makeLocation()
    let runner = try Self.makeCatalog(location)
    try runner.run(["tag", "v1.0", "1", "-m", "First release"])
    try runner.run(["tag", "--delete", "v1.0", "--author", "mallory", "-m", "oops"])
    try runner.run(["tag", "v1.0", "2", "--author", "bob"])
    try runner.run(["tag", "-f", "v1.0", "3", "--author", "carol"])
    try runner.run(["tag", "-f", "v1.0", "-m", "Second", "--author", "dan"])
    try runner.run(["tag", "other", "1"])

    let events = try Self.events(runner)
    #expect(
      events.map(Self.summary) == [
        "create v1.0 -->1 ann", "delete v1.0 1->- mallory", "create v1.0 -->2 bob",
        "move v1.0 2->3 carol", "annotate v1.0 3->3 dan", "create other -->1 ann",
      ])
    #expect(events.map { $0["id"] as? Int } == [1, 2, 3, 4, 5, 6])
    #expect(events[1]["message"] as? String == "oops")
    #expect(events[0]["message"] as? String == "First release")
    #expect(events.allSatisfy { ($0["time"] as? String)?.hasPrefix("20") == true })
    #expect(events.allSatisfy { $0["carried"] as? Bool == false })
    // `--history NAME` names one tag's events, deleted ones included.
    #expect(try Self.events(runner, ["v1.0"]).count == 5)
    #expect(
      try runner.run(["tag", "--history", "v9"], expect: 65).stderr
        == "catalog: error: no tag operation is recorded for 'v9'\n")

    // Each event records the digest of the export of the revision it names.
    var exports: [Int: String] = [:]
    for revision in 1...3 {
      let bytes = try runner.run(["export", "--at", "\(revision)"]).stdoutBytes
      let file = try location.directory.write("export-\(revision).json", bytes)
      exports[revision] = try ExportDigestTests.sha256sum(file)
    }
    for event in events {
      let named = (event["to"] as? Int) ?? (event["from"] as? Int) ?? 0
      #expect(event["digest"] as? String == exports[named], "\(Self.summary(event))")
      #expect((event["eventDigest"] as? String)?.count == 71)
    }

    // The list keeps who tagged it and when, and says when it last moved.
    let list = try runner.run(["tag", "--list", "--utc"]).stdout.split(separator: "\n")
    #expect(list.count == 2 && list.first?.hasPrefix("other\trevision 1\t") == true, "\(list)")
    #expect(list.first?.hasSuffix("\tann\t\(exports[1] ?? "")\t-") == true, "\(list)")
    let fields = try #require(list.last).split(separator: "\t", omittingEmptySubsequences: false)
    try #require(fields.count == 7, "\(list)")
    #expect(fields[0] == "v1.0" && fields[1] == "revision 3" && fields[3] == "bob")
    #expect(fields[2] == Substring(events[2]["time"] as? String ?? ""))
    #expect(fields[4] == Substring(exports[3] ?? ""))
    #expect(fields[5] == Substring("moved \(events[3]["time"] as? String ?? "") by carol"))
    #expect(fields[6] == "Second")
    let listed = try #require(
      try Self.json(try runner.run(["tag", "--list", "--format", "json"]).stdout)["tags"]
        as? [[String: Any]])
    #expect(listed.last?["author"] as? String == "bob")
    #expect(listed.last?["digest"] as? String == exports[3])
    #expect((listed.last?["lastMoved"] as? [String: Any])?["author"] as? String == "carol")
    #expect((listed.last?["moves"] as? [[String: Any]])?.count == 1)
    #expect(listed.first?["lastMoved"] is NSNull)

    let doctor = try runner.run(["doctor"])
    #expect(doctor.stdout.contains("; 6 tag events ok"), "\(doctor)")

    // A copy to the other engine carries every event with its digests, and agrees.
    let other: TestEngine = engine == .sqlite ? .postgresql : .sqlite
    let target = try other.makeLocation()
    try runner.run(["copy", location.text, target.text])
    let copied = CatalogRunner(location: target)
    let copiedEvents = try Self.events(copied)
    #expect(copiedEvents.count == events.count)
    for (a, b) in zip(events, copiedEvents) {
      for key in ["id", "time", "author", "message", "digest", "eventDigest"] {
        #expect("\(a[key] ?? "")" == "\(b[key] ?? "")", "\(key) of \(Self.summary(a))")
      }
    }
    #expect(try copied.run(["doctor"]).stdout.contains("; 6 tag events ok"))
  }

  /// The clock rule of docs/cli.md: a tag's time is the writer's clock on SQLite, the
  /// server's on PostgreSQL, as for revisions.
  @Test(arguments: TestEngine.allCases)
  func tagTimesFollowTheClockRule(_ engine: TestEngine) throws {
    let location = try engine.makeLocation()
    _ = try Self.makeCatalog(location)
    let skewed = CatalogRunner(
      location: location,
      environment: ["CATALOG_AUTHOR": "ann", "CATALOG_TEST_CLOCK_SKEW": "315360000"])
    try skewed.run(["tag", "v1", "1"])
    let time = try Self.events(skewed).first?["time"] as? String ?? ""
    let year = Int(time.prefix(4)) ?? 0
    let now = Calendar(identifier: .gregorian).component(.year, from: Date())
    if engine == .sqlite {
      #expect(year >= now + 9, "\(time)")
    } else {
      #expect(year <= now + 1, "\(time)")
    }
  }

  /// `verify FILE --at TAG` says whether the file matches the digest the tag recorded.
  @Test(arguments: TestEngine.allCases)
  func verifyAtATagUsesItsRecordedDigest(_ engine: TestEngine) throws {
    let location = try engine.makeLocation()
    let runner = try Self.makeCatalog(location)
    try runner.run(["tag", "v1", "2"])
    let bytes = try runner.run(["export", "--at", "2"]).stdoutBytes
    let file = try location.directory.write("release.json", bytes)
    let digest = try ExportDigestTests.sha256sum(file)
    #expect(
      try runner.run(["verify", "release.json", "--at", "v1"]).stdout
        == "ok: release.json is exactly revision 2's export (\(digest)), the digest recorded "
        + "with tag v1\n")
    try runner.run(["verify", "one.json", "--at", "v1"], expect: 1)
  }

  /// SQLite's REPLACE deletes without firing DELETE triggers: refused on the tag tables too.
  @Test func replaceIsRefusedOnSQLite() throws {
    let location = try TestEngine.sqlite.makeLocation()
    let runner = try Self.makeCatalog(location)
    try runner.run(["tag", "v1", "1"])
    let before = try runner.run(["tag", "--history", "--format", "json"]).stdout
    let attacks = [
      """
      INSERT OR REPLACE INTO tag_event (id, name, operation, from_revision_id, to_revision_id,
                                        created_at, author, message, carried)
      SELECT id, name, operation, from_revision_id, 3, created_at, 'mallory', message, carried
      FROM tag_event
      """,
      "REPLACE INTO tag_event_digest (event_id, export_digest, digest) "
        + "SELECT event_id, digest, export_digest FROM tag_event_digest",
    ]
    for sql in attacks {
      var refusal: String?
      do { try RawSQLite(path: location.text).execute(sql) } catch { refusal = "\(error)" }
      #expect(
        refusal?.contains("history is append-only") == true, "\(sql): \(refusal ?? "accepted")")
    }
    #expect(try runner.run(["tag", "--history", "--format", "json"]).stdout == before)
  }

  /// How to change a row behind the triggers' back, per engine.
  static func tamper(_ table: String, _ update: String, at location: TestLocation) throws {
    if let database = location.database {
      // Immediate, so the references the update changes are checked before triggers return.
      try database.psql(
        "SET CONSTRAINTS ALL IMMEDIATE; ALTER TABLE \(table) DISABLE TRIGGER USER; \(update); "
          + "ALTER TABLE \(table) ENABLE TRIGGER USER")
    } else {
      try RawSQLite(path: location.text).execute(
        "DROP TRIGGER \(table)_is_append_only_update; \(update); "
          + "CREATE TRIGGER \(table)_is_append_only_update BEFORE UPDATE ON \(table) "
          + "BEGIN SELECT RAISE(ABORT, 'history is append-only'); END")
    }
  }

  static let tampers: [(table: String, update: String, finding: String)] = [
    (
      "tag_event", "UPDATE tag_event SET author = 'mallory' WHERE id = 2",
      "tag event 2 does not match its recorded digest"
    ),
    (
      "tag_event_digest",
      "UPDATE tag_event_digest SET export_digest = '\(String(repeating: "0", count: 64))' "
        + "WHERE event_id = 1",
      "tag v1 recorded digest sha256:\(String(repeating: "0", count: 64)) for revision 1"
    ),
    (
      "tag_event", "UPDATE tag_event SET to_revision_id = 3 WHERE id = 3",
      "tag event 3 does not match its recorded digest"
    ),
  ]

  /// An event changed past the triggers shows: doctor names it, and copy refuses it.
  @Test(arguments: TestEngine.allCases, 0..<tampers.count)
  func doctorFindsAChangedTagEvent(_ engine: TestEngine, _ which: Int) throws {
    let location = try engine.makeLocation()
    let runner = try Self.makeCatalog(location)
    try runner.run(["tag", "v1", "1"])
    try runner.run(["tag", "-f", "v1", "2"])
    try runner.run(["tag", "v2", "2"])
    #expect(try runner.run(["doctor"]).stdout.contains("; 3 tag events ok"))
    let (table, update, finding) = Self.tampers[which]
    try Self.tamper(table, update, at: location)
    let doctor = try runner.run(["doctor"], expect: 74)
    #expect(doctor.stderr.contains("catalog: error: \(finding)"), "\(engine): \(doctor)")
    let copy = try location.sibling(fileName: "copy.sqlite")
    let copied = try runner.run(["copy", location.text, copy], expect: 74)
    #expect(copied.stderr.contains("does not match its recorded digest"), "\(copied)")
  }

  /// A catalog made before tag events (schema 0007) gets its tags' history carried: tags as
  /// creations, `tag_move` rows as moves, a moved tag's unrecorded creation and a moved
  /// tag's later deletion as carried events whose time and author are unknown; then their
  /// digests at the next read-write open, and doctor is content.
  @Test(arguments: TestEngine.allCases)
  func olderCatalogsGetTheirTagHistoryCarried(_ engine: TestEngine) throws {
    let location = try engine.makeLocation()
    let runner = try Self.makeCatalog(location)
    try runner.run(["tag", "v1", "1"])
    try runner.run(["tag", "v2", "2"])
    try runner.run(["tag", "kept", "3"])
    // Back to schema 0007, with the rows its `tag -f` and `tag --delete` left: v1 moved
    // 1 -> 2 -> 3, v2 never moved, gone moved 1 -> 2 and was deleted.
    var sql = "DROP TABLE tag_event_digest; DROP TABLE tag_event; "
    sql +=
      "DELETE FROM schema_migration WHERE name = '0008_tag_events'; DELETE FROM tag WHERE name = 'v1'; "
      + "INSERT INTO tag (name, revision_id, created_at, author, message) VALUES "
      + "('v1', 3, '2026-01-03T00:00:00.000Z', 'bob', 'm'); "
      + "INSERT INTO tag_move (name, old_revision_id, new_revision_id, moved_at, author) VALUES "
      + "('v1', 1, 2, '2026-01-02T00:00:00.000Z', 'bob'), "
      + "('v1', 2, 3, '2026-01-03T00:00:00.000Z', 'bob'), "
      + "('gone', 1, 2, '2026-01-02T00:00:00.000Z', 'carol')"
    if let database = location.database {
      try database.psql(sql)
    } else {
      try RawSQLite(path: location.text).execute(sql)
    }
    // A write seals what the migration carried.
    try runner.run(["tag", "new", "1"])
    let events = try Self.events(runner)
    #expect(
      events.map(Self.summary) == [
        "create gone -->1 unknown", "move gone 1->2 carol", "delete gone 2->- unknown",
        "create kept -->3 ann", "create v1 -->1 unknown", "move v1 1->2 bob",
        "move v1 2->3 bob", "create v2 -->2 ann", "create new -->1 ann",
      ])
    #expect(events.prefix(8).allSatisfy { $0["carried"] as? Bool == true })
    #expect(events.allSatisfy { ($0["digest"] as? String)?.count == 71 })
    let list = try runner.run(["tag", "--list", "--utc"]).stdout
    #expect(
      list.contains("v1\trevision 3\tunknown\tunknown\tsha256:"), "\(list)")
    #expect(list.contains("\tmoved 2026-01-03T00:00:00.000Z by bob\tm\n"), "\(list)")
    let doctor = try runner.run(["doctor"])
    #expect(doctor.stdout.contains("; 9 tag events ok"), "\(doctor)")
  }
}
