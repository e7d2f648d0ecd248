import CatalogStore
import Foundation
import TestSupport
import Testing

@testable import CatalogSite

@Suite("catalog site output directory")
struct SiteDirectoryTests {
  let fixture: SiteFixture

  init() throws { fixture = try SiteFixture() }

  /// What is beside the output, so a test can see that no temporary directory was left.
  func entries() throws -> Set<String> {
    Set(try FileManager.default.contentsOfDirectory(atPath: fixture.directory.url.path))
  }

  @Test func refusesADirectoryItDidNotWrite() throws {
    let mine = fixture.directory.path("mine")
    try FileManager.default.createDirectory(atPath: mine, withIntermediateDirectories: true)
    try Data("keep".utf8).write(to: URL(fileURLWithPath: "\(mine)/notes.txt"))
    let before = try entries()
    #expect(throws: CatalogSiteError.notASite(path: mine)) {
      try CatalogSite.write(fixture.catalog, to: mine)
    }
    #expect(try String(contentsOfFile: "\(mine)/notes.txt", encoding: .utf8) == "keep")
    #expect(try entries() == before)
  }

  @Test func refusesAFile() throws {
    let file = try fixture.directory.write("plain", "text")
    #expect(throws: CatalogSiteError.notASite(path: file)) {
      try CatalogSite.write(fixture.catalog, to: file)
    }
  }

  @Test func replacesAnEarlierSiteWhole() throws {
    let output = fixture.directory.path("site")
    try CatalogSite.write(fixture.catalog, to: output, options: .init(reference: "v1"))
    #expect(FileManager.default.fileExists(atPath: "\(output)/kinds/tile-preview.html"))
    let before = try entries()
    try CatalogSite.write(fixture.catalog, to: output + "/")
    #expect(!FileManager.default.fileExists(atPath: "\(output)/kinds/tile-preview.html"))
    #expect(FileManager.default.fileExists(atPath: "\(output)/kinds/tile-card.html"))
    #expect(try entries() == before)
  }

  /// The old site is removed by descriptors: nested folders go, a symbolic link is removed
  /// as a link and what it points to is left alone.
  @Test func removesTheOldSiteWithoutFollowingLinks() throws {
    let output = fixture.directory.path("site")
    let outside = fixture.directory.path("outside")
    try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
    try Data("keep".utf8).write(to: URL(fileURLWithPath: "\(outside)/notes.txt"))
    try CatalogSite.write(fixture.catalog, to: output)
    try FileManager.default.createDirectory(
      atPath: "\(output)/extra/deeper", withIntermediateDirectories: true)
    try Data("old".utf8).write(to: URL(fileURLWithPath: "\(output)/extra/deeper/old.txt"))
    try FileManager.default.createSymbolicLink(
      atPath: "\(output)/extra/link", withDestinationPath: outside)
    let before = try entries()
    try CatalogSite.write(fixture.catalog, to: output)
    #expect(!FileManager.default.fileExists(atPath: "\(output)/extra"))
    #expect(FileManager.default.fileExists(atPath: "\(output)/kinds/tile-card.html"))
    #expect(try String(contentsOfFile: "\(outside)/notes.txt", encoding: .utf8) == "keep")
    #expect(try entries() == before)
  }

  @Test func anUnknownRevisionWritesNothing() throws {
    let before = try entries()
    #expect(throws: CatalogError.self) {
      try CatalogSite.write(
        fixture.catalog, to: fixture.directory.path("site"), options: .init(reference: 99))
    }
    #expect(try entries() == before)
  }

  @Test func aMissingParentIsAnIOError() throws {
    let output = fixture.directory.path("no/such/site")
    #expect {
      try CatalogSite.write(fixture.catalog, to: output)
    } throws: { error in
      guard case .io(let path, _) = error as? CatalogSiteError else { return false }
      return path == output
    }
  }
}
