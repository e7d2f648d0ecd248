import Foundation
import TestSupport
import Testing

/// Payload identity by SHA-256 (schema 0010, issue 36 item 2), on both engines: every stored
/// payload has one digest, the SHA-256 of its text's bytes as Python's `hashlib` computes it;
/// a re-import decides by digests alone; `doctor` finds a digest changed behind the triggers'
/// back; `copy` recomputes them; and a catalog of the schema before 0010 gets them from the
/// migration.
@Suite("Payload digests")
struct PayloadDigestTests {
  /// Four revisions: payloads with escapes and text outside ASCII, one payload shared by
  /// two kinds, a changed one, and a restore that brings an old payload back.
  static func makeCatalog(_ location: TestLocation) throws -> CatalogRunner {
    let runner = CatalogRunner(location: location, environment: ["CATALOG_AUTHOR": "ann"])
    try location.directory.write(
      "v1.json",
      #"""
      [{"kind": "a", "category": "c", "description": "one", "payload": {"x": 1, "s": "tab\there \"q\" \u00e9"}},
       {"kind": "b", "category": "c", "description": "b", "payload": {"same": true}},
       {"kind": "c", "category": "c", "description": "c", "payload": {"same": true}}]
      """#)
    try location.directory.write(
      "v2.json",
      #"""
      [{"kind": "a", "category": "c", "description": "one", "payload": {"x": 2, "emoji": "😀", "n": 1.50e3}},
       {"kind": "b", "category": "c", "description": "b", "payload": {"same": true}},
       {"kind": "c", "category": "c", "description": "c", "payload": []}]
      """#)
    try runner.run(["import", "v1.json", "-m", "one"])
    try runner.run(["import", "v2.json", "-m", "two"])
    try runner.run(["restore", "1", "-m", "back"])
    try runner.run(["import", "v2.json", "-m", "again"])
    return runner
  }

  /// Runs SQL with the engine's own client, past `catalog`, and returns what it printed.
  @discardableResult
  static func query(_ sql: String, at location: TestLocation) throws -> String {
    if let database = location.database { return try database.psql(sql) }
    return try RawSQLite(path: location.text).text(sql) ?? ""
  }

  /// Every payload as `id text-in-hex digest-in-hex` lines (`-` for a payload without a
  /// digest), read by the engine's own client: the bytes, not a decoding of them.
  static func payloadLines(at location: TestLocation) throws -> String {
    if location.database != nil {
      return try query(
        """
        SELECT p.id || ' ' || encode(convert_to(p.json, 'UTF8'), 'hex') || ' '
               || coalesce(encode(d.digest, 'hex'), '-')
        FROM payload AS p LEFT JOIN payload_digest AS d ON d.payload_id = p.id ORDER BY p.id
        """, at: location)
    }
    return try query(
      """
      SELECT group_concat(line, char(10)) FROM (
        SELECT p.id || ' ' || lower(hex(CAST(p.json AS BLOB))) || ' '
               || coalesce(lower(hex(d.digest)), '-') AS line
        FROM payload AS p LEFT JOIN payload_digest AS d ON d.payload_id = p.id ORDER BY p.id)
      """, at: location)
  }

  /// What Python's `hashlib` says of the stored digests: `ok N` when each of the N payloads
  /// has a digest equal to the SHA-256 of its text's bytes, else the first that does not.
  static func oracle(_ location: TestLocation) throws -> String {
    let lines = try payloadLines(at: location)
    try location.directory.write("payloads.txt", lines)
    let script = """
      import hashlib, sys
      rows = [line.split(" ") for line in open(sys.argv[1]).read().split("\\n") if line]
      for id, text, digest in rows:
          if hashlib.sha256(bytes.fromhex(text)).hexdigest() != digest:
              print("payload", id, "has", digest); sys.exit(0)
      print("ok", len(rows))
      """
    let result = try runCommand(
      "/usr/bin/env", ["python3", "-c", script, location.directory.path("payloads.txt")])
    #expect(result.status == 0, "\(result.stderr)")
    return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  static func payloadCount(_ location: TestLocation) throws -> Int {
    Int(
      try query("SELECT count(*) FROM payload", at: location).trimmingCharacters(
        in: .whitespacesAndNewlines)) ?? -1
  }

  @Test(arguments: TestEngine.allCases)
  func eachPayloadsDigestIsTheSHA256OfItsText(_ engine: TestEngine) throws {
    let location = try engine.makeLocation()
    let runner = try Self.makeCatalog(location)
    let payloads = try Self.payloadCount(location)
    #expect(payloads == 4)
    #expect(try Self.oracle(location) == "ok \(payloads)")
    let doctor = try runner.run(["doctor"])
    #expect(doctor.stdout.contains("; \(payloads) payload digests ok"), "\(doctor)")
  }

  /// `copy` stores each payload anew in the target, which computes its digest from the text:
  /// to the other engine and to the same one.
  @Test(arguments: TestEngine.allCases, TestEngine.allCases)
  func copyRecomputesTheDigests(_ from: TestEngine, _ to: TestEngine) throws {
    let source = try from.makeLocation()
    _ = try Self.makeCatalog(source)
    let target = try to.makeLocation(fileName: "copy.sqlite")
    try CatalogRunner().run(["copy", source.text, target.text])
    #expect(try Self.payloadCount(target) == Self.payloadCount(source))
    #expect(try Self.oracle(target) == "ok \(Self.payloadCount(source))")
    try CatalogRunner(location: target).run(["doctor"])
  }

  /// Changes a row behind the triggers' back (what an owner of the database can do).
  static func tamper(_ table: String, _ statement: String, at location: TestLocation) throws {
    if location.database != nil {
      try query(
        "ALTER TABLE \(table) DISABLE TRIGGER USER; \(statement); "
          + "ALTER TABLE \(table) ENABLE TRIGGER USER", at: location)
    } else {
      try RawSQLite(path: location.text).execute(
        "DROP TRIGGER \(table)_is_append_only_update; DROP TRIGGER \(table)_is_append_only_delete; "
          + "\(statement); "
          + "CREATE TRIGGER \(table)_is_append_only_update BEFORE UPDATE ON \(table) "
          + "BEGIN SELECT RAISE(ABORT, 'history is append-only'); END; "
          + "CREATE TRIGGER \(table)_is_append_only_delete BEFORE DELETE ON \(table) "
          + "BEGIN SELECT RAISE(ABORT, 'history is append-only'); END")
    }
  }

  /// The id of the payload kind `a` has at head.
  static func headPayloadOfA(_ location: TestLocation) throws -> String {
    try query(
      "SELECT payload_id FROM entry_version WHERE kind = 'a' ORDER BY revision_id DESC LIMIT 1",
      at: location
    ).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// A digest changed behind the triggers' back is named by `doctor`; a re-import, which
  /// decides by digests, sees the entry as changed. A text changed with its digest left as
  /// it was is named too (the re-import cannot see it: it reads no stored text).
  @Test(arguments: TestEngine.allCases)
  func doctorFindsATamperedDigest(_ engine: TestEngine) throws {
    let location = try engine.makeLocation()
    let runner = try Self.makeCatalog(location)
    let id = try Self.headPayloadOfA(location)
    let zeros =
      engine == .sqlite ? "zeroblob(32)" : "decode('\(String(repeating: "0", count: 64))', 'hex')"
    try Self.tamper(
      "payload_digest", "UPDATE payload_digest SET digest = \(zeros) WHERE payload_id = \(id)",
      at: location)
    let doctor = try runner.run(["doctor"], expect: 74)
    #expect(
      doctor.stderr
        == "catalog: error: payload \(id) does not match its recorded digest: its text or its "
        + "digest was changed after it was written\ncatalog: error: 1 problem found\n",
      "\(doctor)")
    #expect(
      try runner.run(["import", "v2.json", "--dry-run"]).stdout.contains("0 added, 1 changed"))

    // A digest gone is found too.
    try Self.tamper(
      "payload_digest", "DELETE FROM payload_digest WHERE payload_id = \(id)", at: location)
    let missing = try runner.run(["doctor"], expect: 74)
    #expect(
      missing.stderr.contains(
        "catalog: error: 1 payload(s) have no recorded digest, so a re-import cannot compare them"),
      "\(missing)")
  }

  /// With its digest intact, a payload whose stored text was changed is still the file's
  /// payload to a re-import (it compares digests and reads no stored text); `doctor` names
  /// the payload whose text no longer matches.
  @Test(arguments: TestEngine.allCases)
  func aReimportReadsNoStoredText(_ engine: TestEngine) throws {
    let location = try engine.makeLocation()
    let runner = try Self.makeCatalog(location)
    let id = try Self.headPayloadOfA(location)
    try Self.tamper(
      "payload", "UPDATE payload SET json = '{\"x\":7}' WHERE id = \(id)", at: location)
    #expect(try runner.run(["import", "v2.json"]).stdout.contains("no changes"))
    let doctor = try runner.run(["doctor"], expect: 74)
    #expect(
      doctor.stderr.contains(
        "catalog: error: payload \(id) does not match its recorded digest"), "\(doctor)")
  }

  /// A catalog of the schema before 0010 (the same catalog with the table and its record
  /// removed: 0010 only adds them) gets every payload's digest from the first command that
  /// opens it, a reader here, in the migration's transaction; then a re-import finds nothing
  /// changed.
  @Test(arguments: TestEngine.allCases)
  func aCatalogOfThePreviousSchemaUpgrades(_ engine: TestEngine) throws {
    let location = try engine.makeLocation()
    let runner = try Self.makeCatalog(location)
    let before = try runner.run(["export"]).stdout
    if engine == .sqlite {
      try RawSQLite(path: location.text).execute(
        "DROP TABLE payload_digest; DELETE FROM schema_migration WHERE name = '0010_payload_digest'"
      )
    } else {
      try Self.query(
        "DROP TABLE payload_digest; DELETE FROM schema_migration WHERE name = '0010_payload_digest'",
        at: location)
    }
    #expect(try runner.run(["log", "--limit", "1"]).status == 0)
    #expect(
      try Self.query(
        "SELECT count(*) FROM schema_migration WHERE name = '0010_payload_digest'", at: location
      ).trimmingCharacters(in: .whitespacesAndNewlines) == "1")
    #expect(try Self.oracle(location) == "ok \(Self.payloadCount(location))")
    #expect(try runner.run(["export"]).stdout == before)
    #expect(try runner.run(["import", "v2.json"]).stdout.contains("no changes"))
    try runner.run(["doctor"])
  }
}
