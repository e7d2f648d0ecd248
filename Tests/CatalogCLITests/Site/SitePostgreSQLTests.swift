import CatalogStore
import Foundation
import TestSupport
import Testing

/// `catalog site` from a PostgreSQL catalog: the golden fixture's catalog copied to a real
/// server (`catalog copy` keeps every revision's number, time and author, and the tags)
/// gives the golden site byte for byte, so the streamed read by component
/// (`forEachVersionRow(byComponentUpTo:)`) answers the same on both engines.
@Suite("catalog site on PostgreSQL")
struct SitePostgreSQLTests {
  @Test func theCopiedFixtureGivesTheGoldenSite() throws {
    let directory = try TemporaryDirectory()
    let database = try PostgreSQLTestDatabase()
    let fixture = directory.path("fixture.sqlite")
    try FileManager.default.copyItem(
      atPath: Fixtures.url("site/fixture.sqlite").path, toPath: fixture)
    // Opening it for writing brings the fixture's schema up to this binary's (`copy` only
    // reads its source, and refuses an older schema).
    _ = try Catalog(path: fixture)
    let copy = try CatalogProcess.run(["copy", fixture, database.url], in: directory)
    #expect(copy.status == 0, "\(copy)")
    let site = try CatalogProcess.run(
      ["-d", database.url, "site", "--output", "site", "--title", "Fixture <catalog>"],
      in: directory)
    #expect(site.status == 0, "\(site)")
    let written = try FileTree.files(in: directory.path("site"))
    let golden = try FileTree.files(in: Fixtures.url("site/golden").path)
    #expect(golden.count == 27)
    #expect(FileTree.differences(written, golden) == [])
  }
}
