import CatalogStore
import Components
import Foundation
import TestSupport
import Testing

@testable import CatalogSite

/// The releases' changes gathered by the site's one pass (``ReleaseDiffs``) against
/// `catalog diff @PREVIOUS @TAG` (``Catalog/diff(from:to:)``), which the generator used to
/// ask per release: the same changes, in the same order, with the same links.
@Suite("catalog site: release diffs from the one pass")
struct ReleaseDiffsTests {
  /// Every release of `catalog`'s site, both ways, rendered as the release page renders them.
  static func compareEveryRelease(of catalog: Catalog, in directory: TemporaryDirectory) throws
    -> Int
  {
    let output = try SiteDirectory(output: directory.path("site-\(UUID().uuidString)"))
    defer { output.abandon() }
    var generator = SiteGenerator(
      catalog: catalog, directory: output, title: "T", head: try catalog.revision(.head))
    _ = try generator.run()
    var compared = 0
    for index in generator.tags.indices.dropFirst() {
      let fromPass = try #require(generator.releaseChanges[index])
      let fromDiff = try generator.changesFromDiff(
        from: generator.tags[index - 1], to: generator.tags[index])
      #expect(render(fromPass) == render(fromDiff), "release \(generator.tags[index].name)")
      #expect(!fromDiff.isEmpty)
      compared += 1
    }
    return compared
  }

  static func render(_ changes: [(ComponentChange, String?)]) -> String {
    var page = HTML()
    for (change, slug) in changes { page.componentChange(change, slug: slug, depth: .nested) }
    return String(decoding: page.bytes, as: UTF8.self)
  }

  @Test func theGoldenFixturesReleases() throws {
    let directory = try TemporaryDirectory()
    let catalog = try SiteGoldenTests.fixture(in: directory)
    #expect(try Self.compareEveryRelease(of: catalog, in: directory) == 2)
  }

  @Test func theSmallFixturesRelease() throws {
    let fixture = try SiteFixture()
    #expect(try Self.compareEveryRelease(of: fixture.catalog, in: fixture.directory) == 1)
  }

  /// Reordered kinds between tags: the moved ones are those the diff moves.
  @Test func movesAreTheDiffsMoves() throws {
    let directory = try TemporaryDirectory()
    let catalog = try Catalog(path: directory.path("catalog.sqlite"))
    func document(_ kinds: [String]) -> [UInt8] {
      let entries = kinds.map {
        #"{"kind": "\#($0)", "category": "C", "description": "", "payload": {"v": 1}}"#
      }
      return Array(#"{"components": [\#(entries.joined(separator: ","))]}"#.utf8)
    }
    let orders = [
      ["a", "b", "c", "d", "e", "f"], ["f", "a", "c", "b", "e", "d"],
      ["d", "e", "f", "a", "b", "c"],
      ["c", "b", "a", "g", "f", "e"],
    ]
    for (number, kinds) in orders.enumerated() {
      try catalog.importDocument(
        from: .bytes(document(kinds), name: "d.json"), options: WriteOptions(author: "a"),
        prune: true)
      try catalog.tag("t\(number)", author: "a")
    }
    #expect(try Self.compareEveryRelease(of: catalog, in: directory) == 3)
  }
}
