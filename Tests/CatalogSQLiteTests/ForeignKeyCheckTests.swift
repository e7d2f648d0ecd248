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

  /// A first import's stream is given its entries' kinds at the end (kind `i` is entry
  /// `i`'s) for its `kind_version` rows: kinds that do not match its entries in number
  /// refuse the write rather than pair rows and kinds wrongly.
  @Test(arguments: [-1, 1])
  func aStreamGivenTheWrongNumberOfKindsRefusesTheWrite(difference: Int) throws {
    let empty = try Catalog(path: directory.path("empty.sqlite"))
    do {
      try streamFirstImport(into: empty, count: 100, kindsGiven: 100 + difference)
      Issue.record("a stream given \(100 + difference) kinds for 100 entries committed")
    } catch {
      #expect("\(error)".contains("kinds are not its 100 entries"), "\(error)")
    }
    #expect(try empty.head() == nil)
  }

  /// Streams `count` new entries into a first write of `catalog`, then appends one more row
  /// through `extra` (given the context and the revision), and commits. The stream is given
  /// `kindsGiven` kinds at the end (by default `count`: the entries' own).
  func streamFirstImport(
    into catalog: Catalog, count: Int, kindsGiven: Int? = nil,
    extra: (SQLiteContext, Int64) throws -> Void = { _, _ in }
  ) throws {
    let storage = try #require(catalog.storage as? SQLiteCatalogStorage)
    try storage.write(checkingForeignKeys: .beforeCommit) { context -> WriteDecision<Void> in
      let revision = try context.appendRevision(
        RevisionDraft(
          time: Date(), author: "tester", message: "", source: "test", operation: "import",
          counts: ChangeCounts(added: count)))
      let stream = try context.streamAddedEntries(revision: revision, capacity: count + 1)
      for index in 0..<count {
        var entry = RawCatalogEntry()
        entry.kind = Array("kind-\(index)".utf8)
        entry.category = Array("category".utf8)
        entry.description = Array("description".utf8)
        entry.payload = Array(#"{"n":\#(index % 3)}"#.utf8)
        entry.order = [0, 1, 2, 3]
        entry.index = index
        try stream.add(entry)
      }
      var kinds = ByteStrings()
      for index in 0..<(kindsGiven ?? count) { kinds.append("kind-\(index)") }
      #expect(try stream.finish(kinds: kinds) == count)
      try extra(try #require(context as? SQLiteContext), revision)
      // What every write of `Catalog` does before it commits.
      try RevisionChain.seal(context)
      return .commit(())
    }
  }

  /// A first import's streamed rows are checked by their bounds: sound ones commit.
  @Test func aStreamedFirstImportCommits() throws {
    let empty = try Catalog(path: directory.path("streamed.sqlite"))
    try streamFirstImport(into: empty, count: 10)
    #expect(try empty.head()?.id == 1)
    #expect(try empty.doctor().isHealthy)
  }

  /// The bounds check can fail: rows said to be sound whose payload is not in the table.
  @Test func streamedRowsOutsideThePayloadTableRefuseTheCommit() throws {
    let empty = try Catalog(path: directory.path("streamed.sqlite"))
    do {
      try streamFirstImport(into: empty, count: 10) { context, revision in
        try Self.appendRow(to: context, revision: revision, payload: 999_999)
        context.soundVersions.add(count: 1, revision: revision, payloadIDs: [999_999])
      }
      Issue.record("a row referring to a missing payload was committed")
    } catch {
      #expect("\(error)".contains("FOREIGN KEY constraint failed"), "\(error)")
    }
    #expect(try empty.head() == nil)
  }

  /// A row the stream did not write, in the same write, is checked row by row.
  @Test func aRowBesideTheStreamIsCheckedRowByRow() throws {
    let empty = try Catalog(path: directory.path("streamed.sqlite"))
    do {
      try streamFirstImport(into: empty, count: 10) { context, revision in
        try Self.appendRow(to: context, revision: revision, payload: 999_999)
      }
      Issue.record("a row referring to a missing payload was committed")
    } catch {
      #expect("\(error)".contains("FOREIGN KEY constraint failed"), "\(error)")
    }
    #expect(try empty.head() == nil)
  }

  static func appendRow(to context: SQLiteContext, revision: Int64, payload: Int64) throws {
    let componentID = try context.newComponents(count: 1)
    var kind = Array("another-kind".utf8)
    var orderKey = Array("zz".utf8)
    try kind.withUnsafeMutableBytes { kind in
      try orderKey.withUnsafeMutableBytes { orderKey in
        try context.appendVersion(
          EntryRow(
            componentID: componentID, revision: revision, change: .added, kind: .init(kind),
            category: .init(kind), description: .init(kind), payloadID: payload, extra: nil,
            keyOrder: nil, orderKey: .init(orderKey)))
      }
    }
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
