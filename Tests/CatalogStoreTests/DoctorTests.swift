import Components
import Foundation
import TestSupport
import Testing

@testable import CatalogSQLite
@testable import CatalogStore

/// `Catalog.doctor()` finds problems planted behind the catalog's back: through a raw
/// connection with the append-only triggers dropped, or by overwriting bytes of the file.
@Suite("Doctor")
struct DoctorTests {
  /// A catalog with two revisions of generated-300.json (the second one mutated), closed.
  static func makeCatalog(at path: String) throws {
    let catalog = try Catalog(path: path)
    try catalog.importDocument(
      from: .bytes(try Fixtures.bytes("generated-300.json"), name: "a.json"),
      options: WriteOptions(author: "tester"))
    try catalog.importDocument(
      from: .bytes(try Fixtures.bytes("generated-300-mutated.json"), name: "b.json"),
      options: WriteOptions(author: "tester"))
  }

  /// Runs `sql` on the catalog through a connection of its own, without the triggers that
  /// make history append-only.
  static func tamper(_ path: String, _ sql: String) throws {
    let db = try Database(path: path, mode: .readWrite(create: false))
    let triggers = try db.makeStatement(
      sql: "SELECT name FROM sqlite_schema WHERE type = 'trigger'")
    var names: [String] = []
    while try triggers.step() { names.append(triggers.string(at: 0) ?? "") }
    for name in names { try db.execute(script: "DROP TRIGGER \(name)") }
    try db.execute(script: "PRAGMA foreign_keys = OFF; \(sql)")
  }

  static func problems(_ path: String) throws -> [String] {
    try Catalog(path: path, options: Catalog.Options(readOnly: true, create: false)).doctor()
      .problems
  }

  @Test func aHealthyCatalogHasNoProblems() throws {
    try withTemporaryDatabasePath { path in
      try Self.makeCatalog(at: path)
      let report = try Catalog(path: path, options: Catalog.Options(readOnly: true)).doctor()
      #expect(report.problems == [])
      #expect(report.revisions == 2)
      #expect(report.components == 303)
    }
  }

  @Test func countsThatDisagreeWithTheRowsAreFound() throws {
    try withTemporaryDatabasePath { path in
      try Self.makeCatalog(at: path)
      try Self.tamper(path, "UPDATE revision SET added = added + 1 WHERE id = 2")
      #expect(
        try Self.problems(path) == [
          "revision 2 records counts that differ from the rows it wrote",
          "revision 2 does not match its recorded digest: its history was changed "
            + "after it was written (the chain of digests breaks there)",
        ])
    }
  }

  @Test func aMissingRevisionIsFound() throws {
    try withTemporaryDatabasePath { path in
      try Self.makeCatalog(at: path)
      try Self.tamper(path, "DELETE FROM revision WHERE id = 1")
      let problems = try Self.problems(path)
      #expect(
        problems == [
          "foreign_key_check: 300 rows of entry_version refer to missing rows of revision",
          "foreign_key_check: a row of revision_digest refers to a missing row of revision",
          "revision ids are not consecutive from 1 to 2",
          "entry versions belong to revision 1, which does not exist",
          // Revision 2's digest covers its parent's, which is gone.
          "revision 2 does not match its recorded digest: its history was changed "
            + "after it was written (the chain of digests breaks there)",
        ], "\(problems)")
    }
  }

  @Test func aPayloadThatIsNotJSONIsFound() throws {
    try withTemporaryDatabasePath { path in
      try Self.makeCatalog(at: path)
      try Self.tamper(
        path,
        "UPDATE payload SET json = '{\"title\":' WHERE id = (SELECT payload_id FROM entry_version "
          + "WHERE kind = 'cell-grid-0' AND revision_id = 1)")
      let problems = try Self.problems(path)
      #expect(
        problems == [
          #"the stored payload of "cell-grid-0" in revision 1 is not canonical JSON "#
            + "(byte 10: the text ends inside a value)",
          "revision 1 does not match its recorded digest: its history was changed "
            + "after it was written (the chain of digests breaks there)",
          // A re-import would compare its digest, which no longer is its text's.
          "payload 1 does not match its recorded digest: its text or its digest was changed "
            + "after it was written",
        ])
    }
  }

  @Test func aKindHeldTwiceIsFound() throws {
    try withTemporaryDatabasePath { path in
      try Self.makeCatalog(at: path)
      try Self.tamper(
        path,
        "UPDATE entry_version SET kind = 'cell-grid-0' WHERE revision_id = 1 AND kind = 'gauge-badge-96'"
      )
      let problems = try Self.problems(path)
      // The edit also leaves the kind's row in kind_version behind (migration 0006).
      #expect(
        problems.first { $0.hasPrefix(#"revision 1 holds kind "cell-grid-0" twice"#) } != nil,
        "\(problems)")
      #expect(
        problems.filter { !$0.hasPrefix("revision 1 holds") } == [
          "kind_version: 1 entry versions have no row, so their kind cannot find them",
          "kind_version: 1 rows name no entry version with that kind",
          "revision 1 does not match its recorded digest: its history was changed "
            + "after it was written (the chain of digests breaks there)",
        ], "\(problems)")
    }
  }

  /// A page overwritten with garbage: integrity_check reports it, and doctor does not go on
  /// to read the catalog through the broken pages.
  @Test func aDamagedPageIsFound() throws {
    try withTemporaryDatabasePath { path in
      try Self.makeCatalog(at: path)
      let bytes = try #require(fileBytes(path))
      var damaged = [UInt8](bytes)
      // The whole of one page, whatever the file's page size (the header's bytes 16–17,
      // https://sqlite.org/fileformat2.html#the_database_header): part of a page may be its
      // unused space, which no check reads.
      let sizeField = Int(damaged[16]) << 8 | Int(damaged[17])
      let pageSize = sizeField == 1 ? 65_536 : sizeField
      // One of the last pages, which hold the entries' rows: the first pages are the
      // schema's tables, most of them empty, whose number grows with each migration.
      let page = damaged.count / pageSize - 2
      for i in 0..<pageSize {
        damaged[page * pageSize + i] = UInt8(truncatingIfNeeded: i &* 37 &+ 11)
      }
      try Data(damaged).write(to: URL(fileURLWithPath: path))
      let report = try Catalog(path: path, options: Catalog.Options(readOnly: true)).doctor()
      #expect(!report.problems.isEmpty)
      #expect(
        report.problems.allSatisfy { $0.hasPrefix("integrity_check: ") }, "\(report.problems)")
      #expect(report.notes == ["the catalog's own checks were skipped because the file is damaged"])
      #expect(fileBytes(path) == Data(damaged))
    }
  }
}
