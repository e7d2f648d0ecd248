import CatalogStore
import Components
import Foundation
import TestSupport
import Testing

@Suite("Catalog history")
struct HistoryTests {
  /// A catalog of three revisions: the generated file, its mutation, and a third version in
  /// which one payload field and one category change.
  final class Fixture {
    let location: TestLocation
    let catalog: Catalog
    let first: [UInt8]
    let second: [UInt8]
    let third: [UInt8]

    init(_ engine: TestEngine) throws {
      location = try engine.makeLocation()
      catalog = try Catalog(path: location.text)
      first = try Fixtures.bytes("generated-300.json")
      second = try Fixtures.bytes("generated-300-mutated.json")
      var entries = try CatalogDocumentReader(JSONReader(bytes: second)).readAll()
      entries[0].category = "Edited"
      guard case .object(var payload) = try entries[1].payload.value() else {
        throw CatalogError.internalError("fixture payload is not an object")
      }
      payload["title"] = "Retitled"
      entries[1].payload = JSONText(.object(payload))
      third = CatalogDocumentWriter.document(entries)
      for (bytes, message) in [(first, "one"), (second, "two"), (third, "three")] {
        try catalog.importDocument(
          from: .bytes(bytes, name: "\(message).json"),
          options: WriteOptions(author: "ann", message: message), prune: true)
      }
    }
  }

  func kinds(_ bytes: [UInt8]) throws -> [String] {
    try CatalogDocumentReader(JSONReader(bytes: bytes)).readAll().map(\.kind)
  }

  @Test(arguments: TestEngine.allCases) func exportAtEachRevisionReproducesItsFile(
    _ engine: TestEngine
  ) throws {
    let fixture = try Fixture(engine)
    #expect(try fixture.catalog.exportBytes(at: 1) == fixture.first)
    #expect(try fixture.catalog.exportBytes(at: "head~1") == fixture.second)
    #expect(try fixture.catalog.exportBytes(at: .head) == fixture.third)
  }

  @Test(arguments: TestEngine.allCases) func logListsRevisionsWithCounts(_ engine: TestEngine)
    throws
  {
    let fixture = try Fixture(engine)
    let revisions = try fixture.catalog.revisions()
    #expect(revisions.map(\.id) == [3, 2, 1])
    #expect(revisions.map(\.message) == ["three", "two", "one"])
    #expect(revisions[2].counts == ChangeCounts(added: 300))
    #expect(revisions[1].counts == ChangeCounts(added: 3, changed: 22, removed: 3))
    #expect(revisions[0].counts == ChangeCounts(changed: 2))
  }

  @Test(arguments: TestEngine.allCases) func blameNamesTheRevisionOfEachChangedField(
    _ engine: TestEngine
  ) throws {
    let fixture = try Fixture(engine)
    let kind = try kinds(fixture.third)[1]
    let blame = try fixture.catalog.blame(kind)
    let title = try #require(blame.first { $0.path == JSONPointer(["payload", "title"]) })
    #expect(title.revision.id == 3)
    #expect(title.value == "Retitled")
    let kindLine = try #require(blame.first { $0.path == JSONPointer(["kind"]) })
    #expect(kindLine.revision.id == 1)
    let history = try fixture.catalog.history(of: kind)
    #expect(history.first?.changedPaths == [JSONPointer(["payload", "title"])])
  }

  @Test(arguments: TestEngine.allCases) func tagsResolveAndRefuseAmbiguousNames(
    _ engine: TestEngine
  ) throws {
    let fixture = try Fixture(engine)
    try fixture.catalog.tag("v1.0", at: 1, author: "ann")
    #expect(try fixture.catalog.exportBytes(at: "v1.0") == fixture.first)
    #expect(try fixture.catalog.revision("v1.0").tags == ["v1.0"])
    for name in ["7", "head", "head~1", "2026-11-29"] {
      #expect(throws: CatalogError.self) { try fixture.catalog.tag(name, author: "ann") }
    }
    #expect(throws: CatalogError.self) { try fixture.catalog.tag("v1.0", author: "ann") }
    try fixture.catalog.deleteTag("v1.0", author: "ann")
    #expect(throws: CatalogError.self) { try fixture.catalog.exportBytes(at: "v1.0") }
  }

  @Test(arguments: TestEngine.allCases) func referencesByTime(_ engine: TestEngine) throws {
    let fixture = try Fixture(engine)
    let revisions = try fixture.catalog.revisions()
    let secondTime = Timestamp.string(revisions[1].time)
    #expect(try fixture.catalog.revision(RevisionReference(parsing: secondTime)).id >= 2)
    let error = try requireCatalogError { _ = try fixture.catalog.revision("2001-01-01") }
    #expect(
      error.description.hasPrefix("unknown revision '2001-01-01': the catalog had no revisions yet")
    )
    #expect(try fixture.catalog.revision("2999-01-01T00:00:00Z").id == 3)
  }

  @Test(arguments: TestEngine.allCases) func unknownReferencesSayWhatWasLookedFor(
    _ engine: TestEngine
  ) throws {
    let fixture = try Fixture(engine)
    #expect(
      try requireCatalogError { _ = try fixture.catalog.revision(9) }.description
        == "unknown revision '9': revisions are 1 to 3")
    #expect(
      try requireCatalogError { _ = try fixture.catalog.revision("head~3") }.description
        == "unknown revision 'head~3': head is revision 3, so there is no revision 3 before it")
    #expect(
      try requireCatalogError { _ = try fixture.catalog.revision("nope") }.description.hasPrefix(
        "unknown revision 'nope'"))
    // Too many digits to count are still a number or a count back, not a tag's name.
    #expect(
      try requireCatalogError { _ = try fixture.catalog.revision("99999999999999999999") }
        .description == "unknown revision '99999999999999999999': revisions are 1 to 3")
    for reference in ["head~99999999999999999999", "v1~99999999999999999999", "3~9999999999"] {
      #expect(
        try requireCatalogError { _ = try fixture.catalog.revision(.init(parsing: reference)) }
          .description
          == "unknown revision '\(reference)': that is more revisions back than the catalog "
          + "has (head is revision 3)", "\(reference)")
    }
  }

  @Test(arguments: TestEngine.allCases) func restoreMovesForward(_ engine: TestEngine) throws {
    let fixture = try Fixture(engine)
    let result = try fixture.catalog.restore(
      1, options: WriteOptions(author: "bob", message: "back"))
    #expect(result.revision?.id == 4)
    #expect(result.revision?.operation == "restore")
    #expect(try fixture.catalog.exportBytes() == fixture.first)
    #expect(try fixture.catalog.exportBytes(at: 3) == fixture.third)
    let again = try fixture.catalog.restore(1, options: WriteOptions(author: "bob"))
    #expect(again.isUnchanged)
  }

  @Test(arguments: TestEngine.allCases) func renameIsFollowedByLogAndBlame(_ engine: TestEngine)
    throws
  {
    let fixture = try Fixture(engine)
    let old = try kinds(fixture.third)[1]
    let result = try fixture.catalog.rename(
      old, to: "renamed-kind", options: WriteOptions(author: "cy", message: "rename"))
    #expect(result.counts == ChangeCounts(changed: 1))
    let exported = String(decoding: try fixture.catalog.exportBytes(), as: UTF8.self)
    #expect(exported.contains("\"kind\": \"renamed-kind\""))
    #expect(!exported.contains("\"kind\": \"\(old)\""))
    let history = try fixture.catalog.history(of: "renamed-kind")
    #expect(history.first?.previousKind == old)
    #expect(history.first?.change == .renamed)
    #expect(history.last?.change == .added)
    let blame = try fixture.catalog.blame("renamed-kind")
    #expect(blame.first { $0.path == JSONPointer(["kind"]) }?.revision.id == 4)
    #expect(blame.first { $0.path == JSONPointer(["payload", "title"]) }?.revision.id == 3)
    #expect(try fixture.catalog.entry(old, at: 3).kind == old)
    let gone = try requireCatalogError { _ = try fixture.catalog.entry(old) }
    #expect(
      gone.description
        == "no component of kind \"\(old)\" at revision 4; it existed in revisions 1–3")
  }

  @Test(arguments: TestEngine.allCases) func deprecationIsExportedAndLogged(_ engine: TestEngine)
    throws
  {
    let fixture = try Fixture(engine)
    let kind = try kinds(fixture.third)[2]
    try fixture.catalog.setDeprecated(kind, true, options: WriteOptions(author: "dee"))
    #expect(try fixture.catalog.entry(kind).isDeprecated)
    #expect(
      String(decoding: try fixture.catalog.exportBytes(), as: UTF8.self).contains(
        "\"deprecated\": true"))
    #expect(
      try fixture.catalog.setDeprecated(kind, true, options: WriteOptions(author: "dee"))
        .isUnchanged)
    try fixture.catalog.setDeprecated(kind, false, options: WriteOptions(author: "dee"))
    let history = try fixture.catalog.history(of: kind)
    #expect(history.prefix(2).map(\.deprecation) == [false, true])
    #expect(try fixture.catalog.exportBytes() == fixture.third)
  }

  @Test(arguments: TestEngine.allCases) func hundredsOfRevisions(_ engine: TestEngine) throws {
    let location = try engine.makeLocation()
    defer { withExtendedLifetime(location) {} }
    let small = try Catalog(path: location.text)
    var entries = (0..<20).map {
      CatalogEntry(kind: "k\($0)", category: "c", description: "d", payload: ["n": 0])
    }
    var documents: [[UInt8]] = []
    for step in 0..<300 {
      entries[step % 20].payload = JSONText(["n": .number(JSONNumber(step))])
      if step % 50 == 49 { entries.swapAt(0, 19) }
      let bytes = CatalogDocumentWriter.document(entries)
      documents.append(bytes)
      try small.importDocument(
        from: .bytes(bytes, name: "\(step)"), options: WriteOptions(author: "bot"))
    }
    #expect(try small.head()?.id == 300)
    for revision in [1, 2, 49, 50, 51, 150, 299, 300] {
      #expect(
        try small.exportBytes(at: .number(Int64(revision))) == documents[revision - 1],
        "revision \(revision)")
    }
    #expect(try small.history(of: "k7").count == 16)
    #expect(try small.doctor().isHealthy)
  }
}

/// Runs `body` and returns the `CatalogError` it throws (failing the test if it throws none).
func requireCatalogError(_ body: () throws -> Void) throws -> CatalogError {
  do {
    try body()
  } catch let error as CatalogError {
    return error
  }
  Issue.record("expected a CatalogError")
  throw CatalogError.internalError("no error was thrown")
}
