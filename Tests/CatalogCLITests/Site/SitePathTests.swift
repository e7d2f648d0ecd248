import Foundation
import TestSupport
import Testing

/// `site -o DIR` for every way of spelling a directory: a one-character name (`s` died with
/// SIGILL in Foundation's `deletingLastPathComponent`), a trailing slash, `.`, `..`, an
/// absolute path and `/`. Each writes the site where the path leads, or is refused with a
/// sentence and a documented status; none traps.
@Suite("catalog site: output paths")
struct SitePathTests {
  let directory: TemporaryDirectory
  let catalog: String

  init() throws {
    directory = try TemporaryDirectory()
    try directory.write(
      "v1.json",
      #"[{"kind": "tile", "category": "Display", "description": "d", "payload": {"t": 1}}]"#)
    let result = try CatalogProcess.run(["import", "v1.json", "-m", "first"], in: directory)
    try #require(result.status == 0, "\(result)")
    catalog = directory.path("components.sqlite")
  }

  /// Runs `catalog ARGUMENTS` with `relative` (inside the test's directory) as the current
  /// directory.
  func run(_ arguments: [String], inside relative: String) throws -> CatalogProcess.Result {
    try CatalogProcess.run(
      ["-c", "cd \"$1\" && shift && exec \"$0\" \"$@\"", CatalogProcess.executable.path, relative]
        + arguments,
      in: directory, executable: URL(fileURLWithPath: "/bin/sh"))
  }

  /// The test directory's names, without SQLite's -wal and -shm files.
  func names() throws -> [String] {
    try directory.fileNames().filter { !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }
  }

  func isSite(_ relative: String) -> Bool {
    FileManager.default.fileExists(atPath: directory.path(relative + "/index.html"))
      && FileManager.default.fileExists(atPath: directory.path(relative + "/kinds/tile.html"))
  }

  /// A new directory by a short or slashed name: written, then replaced by a second run.
  @Test(arguments: [("s", "s"), ("x/", "x"), ("x//", "x"), ("a/b/", "a/b"), ("./s", "s")])
  func aNewDirectory(spelling: String, written: String) throws {
    try FileManager.default.createDirectory(
      atPath: directory.path("a"), withIntermediateDirectories: true)
    for _ in 0..<2 {
      let result = try CatalogProcess.run(["site", "-o", spelling], in: directory)
      #expect(result.status == 0, "\(spelling): \(result)")
      #expect(result.stderr.hasPrefix("wrote \(spelling): revision 1"), "\(result)")
      #expect(isSite(written), "\(spelling)")
    }
    // Nothing but the site and the catalog is left beside it (no temporary directory).
    let leftovers = try directory.fileNames().filter { $0.hasPrefix(".") }
    #expect(leftovers == [], "\(leftovers)")
  }

  @Test func anAbsolutePath() throws {
    let path = directory.path("abs") + "/"
    for _ in 0..<2 {
      let result = try CatalogProcess.run(["site", "-o", path], in: directory)
      #expect(result.status == 0, "\(result)")
      #expect(isSite("abs"))
    }
  }

  /// `.` is the current directory itself: an empty one becomes the site, and a later run
  /// replaces it (the site is renamed into place beside the directory's real name).
  @Test(arguments: [".", "./", "sub/..", "../www/."])
  func theCurrentDirectory(spelling: String) throws {
    try FileManager.default.createDirectory(
      atPath: directory.path("www/sub"), withIntermediateDirectories: true)
    if spelling == "." || spelling == "./" || spelling == "../www/." {
      try FileManager.default.removeItem(atPath: directory.path("www/sub"))
    }
    if spelling == "sub/.." {
      // `www/sub/..` is `www`, which holds `sub`: not a site, refused, nothing touched.
      let result = try run(["-d", catalog, "site", "-o", spelling], inside: "www")
      #expect(result.status == 65, "\(result)")
      #expect(
        result.stderr
          == "catalog: error: 'sub/..' exists and is not a site written by catalog site (no .catalog-site file in it); choose an empty or new directory\n"
      )
      #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path("www")) == ["sub"])
      return
    }
    for _ in 0..<2 {
      let result = try run(["-d", catalog, "site", "-o", spelling], inside: "www")
      #expect(result.status == 0, "\(spelling): \(result)")
      #expect(isSite("www"), "\(spelling)")
    }
    #expect(try names() == ["components.sqlite", "v1.json", "www"])
  }

  /// `..` of a directory that holds other things is refused like any directory not a site.
  @Test func theParentDirectory() throws {
    try FileManager.default.createDirectory(
      atPath: directory.path("inner"), withIntermediateDirectories: true)
    let result = try run(["-d", catalog, "site", "-o", ".."], inside: "inner")
    #expect(result.status == 65, "\(result)")
    #expect(
      result.stderr
        == "catalog: error: '..' exists and is not a site written by catalog site (no .catalog-site file in it); choose an empty or new directory\n"
    )
    #expect(try names() == ["components.sqlite", "inner", "v1.json"])
  }

  /// The root directory is never replaced, however it is spelt.
  @Test(arguments: ["/", "//", "/.", "/.."])
  func theRootDirectory(spelling: String) throws {
    let result = try CatalogProcess.run(["site", "-o", spelling], in: directory)
    #expect(result.status == 74, "\(result)")
    #expect(
      result.stderr
        == "catalog: error: cannot write '\(spelling == "//" ? "/" : spelling)': the root directory cannot be replaced by a site\n"
    )
  }
}
