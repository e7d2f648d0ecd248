import Foundation
import TestSupport
import Testing

/// `site -o DIR` deletes only what it wrote: the `.catalog-site` marker lists the site's
/// files, and a directory that holds anything else is refused (exit 65) with every file left
/// as it was. The issue's case: `cp -r public/. www/` copies a site (marker included) into a
/// directory with files of its own, and `site -o www` deleted them all.
@Suite("catalog site: only its own files")
struct SiteManifestTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
    try directory.write(
      "v1.json",
      #"""
      [{"kind": "tile", "category": "Display", "description": "d", "payload": {"t": 1}},
       {"kind": "card", "category": "Display", "description": "d", "payload": {"t": 2}}]
      """#)
    let result = try CatalogProcess.run(["import", "v1.json", "-m", "first"], in: directory)
    try #require(result.status == 0, "\(result)")
  }

  func site(_ output: String) throws -> CatalogProcess.Result {
    try CatalogProcess.run(["site", "-o", output], in: directory)
  }

  func run(_ program: String, _ arguments: [String]) throws {
    let result = try CatalogProcess.run(
      arguments, in: directory, executable: URL(fileURLWithPath: program))
    try #require(result.status == 0, "\(program) \(arguments): \(result)")
  }

  /// The marker lists exactly the files and folders of the site, sorted, after its header.
  @Test func theMarkerListsEveryFileWritten() throws {
    #expect(try site("public").status == 0)
    let marker = String(decoding: try directory.read("public/.catalog-site"), as: UTF8.self)
    var lines = marker.split(separator: "\n").map(String.init)
    #expect(lines.removeFirst() == "written by catalog site")
    let files = try FileTree.files(in: directory.path("public")).keys
      .filter { $0 != ".catalog-site" }
    let folders = lines.filter { $0.hasSuffix("/") }
    #expect(folders == ["kinds/", "releases/", "revisions/"])
    for folder in folders {
      var isDirectory: ObjCBool = false
      #expect(
        FileManager.default.fileExists(
          atPath: directory.path("public/" + folder), isDirectory: &isDirectory)
          && isDirectory.boolValue, "\(folder)")
    }
    #expect(lines == (Array(files) + folders).sorted())
    #expect(lines.contains("kinds/tile.html"))
    #expect(lines.contains("index.html"))
  }

  @Test func aCopiedSiteBesideOtherFilesIsRefused() throws {
    #expect(try site("public").status == 0)
    try FileManager.default.createDirectory(
      atPath: directory.path("www/img"), withIntermediateDirectories: true)
    try directory.write("www/about.html", "mine")
    try directory.write("www/img/logo.png", "logo")
    try run("/bin/cp", ["-r", "public/.", "www/"])
    let before = try FileTree.files(in: directory.path("www"))
    let result = try site("www")
    #expect(result.status == 65, "\(result)")
    #expect(
      result.stderr
        == "catalog: error: 'www' holds files catalog site did not write (about.html, img/); replacing it would delete them: move them out or choose an empty or new directory\n"
    )
    #expect(try FileTree.files(in: directory.path("www")) == before)
    #expect(try directory.fileNames().filter { $0.hasPrefix(".") } == [])
  }

  /// A file dropped into a site's folder later, or a folder within a folder.
  @Test(arguments: ["notes.txt", "kinds/extra.html", "kinds/sub/page.html", "revisions/x"])
  func aFileAddedToASiteIsKept(relative: String) throws {
    #expect(try site("public").status == 0)
    let parent = (relative.split(separator: "/").dropLast()).joined(separator: "/")
    if !parent.isEmpty {
      try FileManager.default.createDirectory(
        atPath: directory.path("public/" + parent), withIntermediateDirectories: true)
    }
    try directory.write("public/" + relative, "mine")
    let before = try FileTree.files(in: directory.path("public"))
    let result = try site("public")
    #expect(result.status == 65, "\(result)")
    let named = relative == "kinds/sub/page.html" ? "kinds/sub/" : relative
    #expect(
      result.stderr.hasPrefix(
        "catalog: error: 'public' holds files catalog site did not write (\(named));"), "\(result)")
    #expect(try FileTree.files(in: directory.path("public")) == before)
  }

  /// A marker with no list (as an earlier version wrote it) vouches for nothing.
  @Test func aMarkerWithoutAListVouchesForNothing() throws {
    try FileManager.default.createDirectory(
      atPath: directory.path("old"), withIntermediateDirectories: true)
    try directory.write("old/.catalog-site", "written by catalog site\n")
    try directory.write("old/index.html", "mine")
    let result = try site("old")
    #expect(result.status == 65, "\(result)")
    #expect(
      result.stderr.hasPrefix(
        "catalog: error: 'old' holds files catalog site did not write (index.html);"))
    #expect(try directory.read("old/index.html") == Array("mine".utf8))
  }

  /// More than five foreign files: five named, the rest counted.
  @Test func manyForeignFilesAreCounted() throws {
    #expect(try site("public").status == 0)
    for index in 0..<7 { try directory.write("public/mine-\(index).txt", "mine") }
    let result = try site("public")
    #expect(result.status == 65, "\(result)")
    #expect(result.stderr.contains(" and 2 more); "), "\(result)")
  }

  /// Its own site is still replaced whole: a kind removed since loses its page.
  @Test func itsOwnSiteIsReplaced() throws {
    #expect(try site("public").status == 0)
    try directory.write(
      "v2.json",
      #"[{"kind": "tile", "category": "Display", "description": "d", "payload": {"t": 1}}]"#)
    #expect(try CatalogProcess.run(["import", "v2.json", "--prune"], in: directory).status == 0)
    let result = try site("public")
    #expect(result.status == 0, "\(result)")
    #expect(FileManager.default.fileExists(atPath: directory.path("public/kinds/tile.html")))
    #expect(!FileManager.default.fileExists(atPath: directory.path("public/kinds/card.html")))
  }
}
