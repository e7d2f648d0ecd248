import Components
import Foundation
import TestSupport
import Testing

@testable import CatalogSQLite
@testable import CatalogStore

/// Writes that check references once before commit (imports, restores) refuse a row that
/// refers to a missing row, as SQLite's row-by-row check does, and leave the check on for the
/// writes after them.
@Suite("Foreign keys checked before commit")
struct ForeignKeyCheckTests {
  let directory: TemporaryDirectory
  let catalog: Catalog

  init() throws {
    directory = try TemporaryDirectory()
    catalog = try Catalog(path: directory.path("catalog.sqlite"))
    try catalog.importDocument(
      from: .file(Fixtures.url("generated-300.json").path),
      options: WriteOptions(author: "tester"))
  }

  /// Appends a revision and one entry version of a new component, in `revision` (by default
  /// the one appended) with `payload` (by default a new one).
  func writeRow(
    _ checking: ForeignKeyChecking, revision: Int64?, payload: Int64?, in catalog: Catalog? = nil
  ) throws {
    let storage = try #require((catalog ?? self.catalog).storage as? SQLiteCatalogStorage)
    try storage.write(checkingForeignKeys: checking) {
      context -> WriteDecision<Void> in
      let appended = try context.appendRevision(
        RevisionDraft(
          time: Date(), author: "tester", message: "", source: "test", operation: "import",
          counts: ChangeCounts(added: 1)))
      let componentID = try context.newComponents(count: 1)
      let payloadID = try payload ?? context.internPayload(try JSONText(parsing: #"{"x":1}"#))
      var kind = Array("a-new-kind".utf8)
      var text = Array("text".utf8)
      var orderKey = Array("zz".utf8)
      try kind.withUnsafeMutableBytes { kind in
        try text.withUnsafeMutableBytes { text in
          try orderKey.withUnsafeMutableBytes { orderKey in
            try context.appendVersion(
              EntryRow(
                componentID: componentID, revision: revision ?? appended, change: .added,
                kind: .init(kind),
                category: .init(text), description: .init(text), payloadID: payloadID,
                extra: nil, keyOrder: nil, orderKey: .init(orderKey)))
          }
        }
      }
      return .commit(())
    }
  }

  @Test(arguments: [(Int64(999_999), nil), (nil, Int64(999_999))] as [(Int64?, Int64?)])
  func aMissingParentRefusesTheCommit(revision: Int64?, payload: Int64?) throws {
    do {
      try writeRow(.beforeCommit, revision: revision, payload: payload)
      Issue.record("a row referring to a missing row was committed")
    } catch {
      #expect("\(error)".contains("FOREIGN KEY constraint failed"), "\(error)")
    }
    #expect(try catalog.head()?.id == 1)
    #expect(try catalog.exportBytes() == Fixtures.bytes("generated-300.json"))
  }

  /// A write whose rows are most of the table is checked with SQLite's foreign_key_check.
  @Test func aMissingParentInAFirstWriteRefusesTheCommit() throws {
    let empty = try Catalog(path: directory.path("empty.sqlite"))
    do {
      try writeRow(.beforeCommit, revision: 999_999, payload: nil, in: empty)
      Issue.record("a row referring to a missing row was committed")
    } catch {
      #expect("\(error)".contains("FOREIGN KEY constraint failed"), "\(error)")
    }
    #expect(try empty.head() == nil)
  }

  @Test func aSoundRowCommits() throws {
    try writeRow(.beforeCommit, revision: nil, payload: nil)
    #expect(try catalog.head()?.id == 2)
  }

  @Test func rowByRowCheckingIsBackAfterward() throws {
    try? writeRow(.beforeCommit, revision: 999_999, payload: nil)
    do {
      try writeRow(.perRow, revision: 999_999, payload: nil)
      Issue.record("SQLite's own check was left off")
    } catch {
      #expect("\(error)".contains("FOREIGN KEY constraint failed"), "\(error)")
    }
    #expect(try catalog.head()?.id == 1)
  }
}
