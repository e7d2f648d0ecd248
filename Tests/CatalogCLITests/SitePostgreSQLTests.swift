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
    let copy = try CatalogProcess.run(["copy", fixture, database.url], in: directory)
    #expect(copy.status == 0, "\(copy)")
    let site = try CatalogProcess.run(
      ["-d", database.url, "site", "--output", "site", "--title", "Fixture <catalog>"],
      in: directory)
    #expect(site.status == 0, "\(site)")
    let golden = Fixtures.url("site/golden").path
    let written = try Self.files(in: directory.path("site"))
    let expected = try Self.files(in: golden)
    #expect(expected.count == 25)
    #expect(Set(written.keys) == Set(expected.keys))
    for (path, bytes) in expected.sorted(by: { $0.key < $1.key }) {
      #expect(written[path] == bytes, "\(path) differs from the golden site")
    }
  }

  static func files(in root: String) throws -> [String: [UInt8]] {
    var files: [String: [UInt8]] = [:]
    let enumerator = FileManager.default.enumerator(atPath: root)
    while let relative = enumerator?.nextObject() as? String {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: "\(root)/\(relative)", isDirectory: &isDirectory),
        !isDirectory.boolValue
      else { continue }
      files[relative] = Array(try Data(contentsOf: URL(fileURLWithPath: "\(root)/\(relative)")))
    }
    return files
  }
}
