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
    #expect(FileManager.default.fileExists(atPath: "\(output)/kinds/old-banner.html"))
    let before = try entries()
    try CatalogSite.write(fixture.catalog, to: output + "/")
    // Removed after v1: no page.
    #expect(!FileManager.default.fileExists(atPath: "\(output)/kinds/old-banner.html"))
    #expect(FileManager.default.fileExists(atPath: "\(output)/kinds/tile-card.html"))
    #expect(try entries() == before)
  }

  /// The old site is removed by descriptors: a page of its that became a symbolic link (to
  /// a directory outside) is removed as a link and what it points to is left alone.
  @Test func removesTheOldSiteWithoutFollowingLinks() throws {
    let output = fixture.directory.path("site")
    let outside = fixture.directory.path("outside")
    try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
    try Data("keep".utf8).write(to: URL(fileURLWithPath: "\(outside)/notes.txt"))
    try CatalogSite.write(fixture.catalog, to: output)
    try FileManager.default.removeItem(atPath: "\(output)/kinds/tile-card.html")
    try FileManager.default.createSymbolicLink(
      atPath: "\(output)/kinds/tile-card.html", withDestinationPath: outside)
    try CatalogSite.write(fixture.catalog, to: output)
    var info = stat()
    #expect(lstat("\(output)/kinds/tile-card.html", &info) == 0)
    #expect(info.st_mode & S_IFMT == S_IFREG)
    #expect(try String(contentsOfFile: "\(outside)/notes.txt", encoding: .utf8) == "keep")
  }

  /// Anything the site did not write, in a site's folder or beside it, is refused before a
  /// byte is written, and left as it was.
  @Test func refusesASiteHoldingOtherFiles() throws {
    let output = fixture.directory.path("site")
    try CatalogSite.write(fixture.catalog, to: output)
    try FileManager.default.createDirectory(
      atPath: "\(output)/extra/deeper", withIntermediateDirectories: true)
    try Data("old".utf8).write(to: URL(fileURLWithPath: "\(output)/extra/deeper/old.txt"))
    let before = try entries()
    #expect(throws: CatalogSiteError.holdsOtherFiles(path: output, names: ["extra/"], count: 1)) {
      try CatalogSite.write(fixture.catalog, to: output)
    }
    #expect(try entries() == before)
    #expect(try String(contentsOfFile: "\(output)/extra/deeper/old.txt", encoding: .utf8) == "old")
  }

  /// An output that is a symbolic link (`site -> /var/www/catalog`) is followed: the site
  /// is replaced where the link points, so what serves the target sees it, and the link is
  /// kept. A dangling link gets its target made.
  @Test(arguments: ["served", "nested/served"])
  func aLinkedOutputIsReplacedWhereItPoints(target: String) throws {
    let served = fixture.directory.path(target)
    let link = fixture.directory.path("site")
    try FileManager.default.createDirectory(
      atPath: (served as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    try CatalogSite.write(fixture.catalog, to: link, options: .init(reference: "v1"))
    #expect(FileManager.default.fileExists(atPath: "\(served)/kinds/old-banner.html"))
    let before = try entries()
    try CatalogSite.write(fixture.catalog, to: link + "/")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
    #expect(!FileManager.default.fileExists(atPath: "\(served)/kinds/old-banner.html"))
    #expect(FileManager.default.fileExists(atPath: "\(served)/kinds/tile-card.html"))
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

  /// The inode and link count of a file.
  func node(_ path: String) -> (inode: UInt64, links: UInt64)? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    return (UInt64(info.st_ino), UInt64(info.st_nlink))
  }

  /// Every file of a site, by path, with its bytes.
  func files(_ root: String) throws -> [String: Data] {
    var result: [String: Data] = [:]
    for relative in FileManager.default.subpaths(atPath: root) ?? [] {
      var isDirectory: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: "\(root)/\(relative)", isDirectory: &isDirectory)
      if !isDirectory.boolValue {
        result[relative] = try Data(contentsOf: URL(fileURLWithPath: "\(root)/\(relative)"))
      }
    }
    return result
  }

  /// Replacing a site links the kind pages whose bytes did not change to the old site's
  /// files instead of writing them again; a page that changed, or that someone changed or
  /// made another mode, is written anew, and the site's bytes are those of a site written
  /// into a new directory.
  @Test func anUnchangedKindPageIsTheOldSitesFile() throws {
    let output = fixture.directory.path("site")
    let fresh = fixture.directory.path("fresh")
    try CatalogSite.write(fixture.catalog, to: output, options: .init(reference: "v1"))
    try CatalogSite.write(fixture.catalog, to: fresh, options: .init(reference: "v1"))
    let kinds = try FileManager.default.contentsOfDirectory(atPath: "\(output)/kinds").sorted()
    #expect(kinds.count >= 3)
    let before = Dictionary(uniqueKeysWithValues: kinds.map { ($0, node("\(output)/kinds/\($0)")) })
    // Someone edits one page and makes another read-only.
    let edited = "\(output)/kinds/\(kinds[0])"
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: edited))
    try handle.write(contentsOf: Data("x".utf8))
    try handle.close()
    let readOnly = "\(output)/kinds/\(kinds[1])"
    chmod(readOnly, 0o444)
    // And publishes a third by a hard link elsewhere: the new site must not share that file.
    let published = fixture.directory.path("published.html")
    #expect(link("\(output)/kinds/\(kinds[2])", published) == 0)

    try CatalogSite.write(fixture.catalog, to: output, options: .init(reference: "v1"))
    #expect(try files(output) == (try files(fresh)))
    for kind in kinds {
      let now = node("\(output)/kinds/\(kind)")
      if kinds[0...2].contains(kind) {
        #expect(now?.inode != before[kind]??.inode, "\(kind) was linked")
        #expect(now?.links == 1, "\(kind) shares its file")
      } else {
        #expect(now?.inode == before[kind]??.inode, "\(kind) was written again")
        #expect(now?.links == 1, "\(kind): the old site's link is gone")
      }
    }
    // A later revision changes the pages: the site is the later revision's, byte for byte.
    try CatalogSite.write(fixture.catalog, to: fresh)
    try CatalogSite.write(fixture.catalog, to: output)
    #expect(try files(output) == (try files(fresh)))
  }
}
