import CatalogStore
import Components
import Foundation
import TestSupport
import Testing

@testable import CatalogSite

/// The site of a fixed catalog, byte for byte: `Tests/Fixtures/site/fixture.sqlite` (built by
/// `Tests/Fixtures/site/make-fixture.sh`: tags, a rename, removals, moves, an array element
/// inserted at the front, a kind removed and added back, deprecation and undeprecation,
/// hostile text) and `Tests/Fixtures/site/golden/`, its site as the generator wrote it before
/// it read the store in one pass (commit 93176d5, one read per kind). Any change to the
/// generator that changes a byte fails here; a change meant to change pages regenerates the
/// golden site with the command in make-fixture.sh and says so.
@Suite("catalog site: the golden site")
struct SiteGoldenTests {
  static let title = "Fixture <catalog>"

  /// A copy of the fixture catalog (opening a catalog may write its WAL beside it).
  static func fixture(in directory: TemporaryDirectory) throws -> Catalog {
    let path = directory.path("fixture.sqlite")
    try FileManager.default.copyItem(
      atPath: Fixtures.url("site/fixture.sqlite").path, toPath: path)
    return try Catalog(path: path)
  }

  @Test func theFixturesSiteIsTheGoldenSiteByteForByte() throws {
    let directory = try TemporaryDirectory()
    let catalog = try Self.fixture(in: directory)
    let root = directory.path("site")
    let summary = try CatalogSite.write(catalog, to: root, options: .init(title: Self.title))
    #expect(summary.kinds == 6 && summary.revisions == 6 && summary.releases == 3)
    let written = try SiteFixture.files(in: root)
    let golden = try SiteFixture.files(in: Fixtures.url("site/golden").path)
    #expect(golden.count == 27)
    #expect(FileTree.differences(written, golden) == [])
  }
}

/// The one streamed pass (``Catalog/forEachComponentHistory(upTo:_:)``) against the per-kind
/// reads it replaces in the site: the same history as `catalog history`'s
/// ``Catalog/history(of:limit:)`` and the same blame as ``Catalog/blame(_:at:)``, for every
/// kind, at head and at every tag.
@Suite("catalog site: one pass gives the per-kind answers")
struct ComponentHistoryPassTests {
  @Test func historyAndBlameEqualThePerKindReads() throws {
    let directory = try TemporaryDirectory()
    let catalog = try SiteGoldenTests.fixture(in: directory)
    let revisions = Dictionary(uniqueKeysWithValues: try catalog.revisions().map { ($0.id, $0) })
    var references: [RevisionReference] = [.head]
    for tag in try catalog.tags() { references.append(.number(tag.revision)) }
    #expect(references.count == 4)
    var removed = 0
    for reference in references {
      // The pass must not call the catalog while it runs, so the (small) fixture's
      // components are collected first and compared after.
      var components: [ComponentHistory] = []
      let revision = try catalog.forEachComponentHistory(upTo: reference) {
        components.append($0)
      }
      #expect(components.map(\.componentID) == components.map(\.componentID).sorted())
      var present = 0
      for component in components {
        #expect(component.versions.allSatisfy { $0.componentID == component.componentID })
        #expect(component.versions.map(\.revision) == component.versions.map(\.revision).sorted())
        #expect(component.versions.allSatisfy { $0.revision <= revision })
        guard let current = component.current else {
          #expect(try component.blame { revisions[$0] }.isEmpty)
          continue
        }
        present += 1
        let kind = current.entry.kind
        let blame = try component.blame { revisions[$0] }
        #expect(!blame.isEmpty)
        #expect(blame == (try catalog.blame(kind, at: reference)), "\(kind) at \(reference)")
        // `Catalog.history` always reads to head, so it is compared at head.
        if reference == .head {
          let history = try component.history { revisions[$0] }
          #expect(history == (try catalog.history(of: kind)), "\(kind)")
        }
      }
      #expect(present == (try catalog.entries(at: .number(revision))).count)
      removed += components.count - present
    }
    // legacy-banner is removed at v2.0 and added back (the same component) after it.
    #expect(removed == 1)
  }
}
