import CatalogStore
import Foundation
import TestSupport
import Testing

@testable import CatalogSQLite

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The library reports database problems as codes with facts (`DatabaseProblem`), never as
/// sentences: these tests match the codes; the CLI tests match each sentence once.
@Suite("Database problems are codes")
struct DatabaseProblemTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  /// The problem that opening `path` (as a writer, unless `readOnly`) throws.
  func problem(
    opening path: String, readOnly: Bool = false, busyTimeout: Double = 5
  ) -> DatabaseProblem? {
    do {
      _ = try Catalog(
        path: path,
        options: Catalog.Options(busyTimeout: busyTimeout, readOnly: readOnly, create: !readOnly))
      return nil
    } catch CatalogError.database(let problem) {
      return problem
    } catch {
      Issue.record("not a DatabaseProblem: \(error)")
      return nil
    }
  }

  @Test(arguments: ["", ":memory:", "file:c.sqlite?mode=memory", "file:c.sqlite"])
  func namesThatAreNotFilePaths(name: String) throws {
    #expect(problem(opening: name)?.code == .notAFilePath)
    #expect(problem(opening: name, readOnly: true)?.code == .notAFilePath)
  }

  @Test func filesThatAreNotRegular() throws {
    try FileManager.default.createDirectory(
      atPath: directory.path("adir"), withIntermediateDirectories: false)
    #expect(mkfifo(directory.path("pipe"), 0o644) == 0)
    #expect(problem(opening: directory.path("adir"))?.code == .directory)
    #expect(problem(opening: directory.path("pipe"), readOnly: true)?.code == .fifo)
    #expect(problem(opening: "/dev/null")?.code == .device)
  }

  @Test func aMissingDirectory() throws {
    let problem = problem(opening: directory.path("no/such/c.sqlite"))
    #expect(problem?.code == .missingDirectory)
    #expect(problem?.detail == directory.path("no/such"))
  }

  @Test func notADatabaseAndNotACatalog() throws {
    try directory.write("text.sqlite", String(repeating: "not a database\n", count: 300))
    #expect(problem(opening: directory.path("text.sqlite"))?.code == .notADatabase)
    do {
      let db = try Database(path: directory.path("other.sqlite"), mode: .readWrite(create: true))
      try db.execute(script: "PRAGMA application_id = 42; CREATE TABLE t (x)")
    }
    let other = problem(opening: directory.path("other.sqlite"))
    #expect(other?.code == .notACatalog)
    #expect(other?.applicationID == 42)
  }

  /// Another connection holds the write lock past the timeout: `busy`, with the timeout.
  @Test func busy() throws {
    let path = directory.path("c.sqlite")
    try directory.write("ok.json", try Fixtures.bytes("generated-300.json"))
    let catalog = try Catalog(path: path)
    try catalog.importDocument(from: .file(directory.path("ok.json")), options: .init(author: "t"))
    let lock = try Database(path: path, mode: .readWrite(create: false))
    try lock.execute(sql: "BEGIN IMMEDIATE")
    defer { try? lock.execute(sql: "ROLLBACK") }
    let writer = try Catalog(path: path, options: Catalog.Options(busyTimeout: 0))
    do {
      try writer.tag("v1", author: "t")
      Issue.record("the tag was written under another writer's lock")
    } catch CatalogError.database(let problem) {
      #expect(problem.code == .busy)
      #expect(problem.busyTimeout == 0)
      #expect(problem.path == path)
    }
  }

  /// A library user who opens a catalog that does not exist and writes nothing leaves no
  /// file; the first committed write creates it.
  @Test func openingCreatesNothingUntilAWriteLands() throws {
    let path = directory.path("new.sqlite")
    do {
      let catalog = try Catalog(path: path)
      #expect(try catalog.head() == nil)
      #expect(throws: CatalogError.self) { try catalog.tag("v1", author: "t") }
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty)
    let catalog = try Catalog(path: path)
    try catalog.importDocument(
      from: .bytes(try Fixtures.bytes("generated-300.json"), name: "ok.json"),
      options: .init(author: "t"))
    #expect(FileManager.default.fileExists(atPath: path))
    #expect(try catalog.head()?.id == 1)
    try catalog.tag("v1", author: "t")
  }

  /// SQLite's "database or disk is full" (`SQLITE_FULL`) is `diskFull`, and the write is
  /// rolled back. A page limit on the connection (no page more than the file has) stands in for a full disk
  /// (https://sqlite.org/pragma.html#pragma_max_page_count).
  @Test func aFullDisk() throws {
    let path = directory.path("c.sqlite")
    let catalog = try Catalog(path: path)
    try catalog.importDocument(
      from: .bytes(try Fixtures.bytes("generated-300.json"), name: "ok.json"),
      options: .init(author: "t"))
    let storage = try #require(catalog.storage as? SQLiteCatalogStorage)
    let pages: Int64 = try storage.database.scalar(sql: "PRAGMA page_count") ?? 0
    try storage.database.execute(script: "PRAGMA max_page_count = \(pages)")
    let before = try catalog.exportBytes()
    // More than the free space of the file's pages: 100 new payloads of 8 KB.
    let filler = String(repeating: "x", count: 8_000)
    let bigger =
      "["
      + (0..<100).map {
        #"{"kind":"big-\#($0)","category":"c","description":"d","payload":{"text":"\#(filler)"}}"#
      }.joined(separator: ",") + "]"
    do {
      try catalog.importDocument(
        from: .bytes(Array(bigger.utf8), name: "bigger.json"), options: .init(author: "t"))
      Issue.record("the import fit in the pages the file had")
    } catch CatalogError.database(let problem) {
      #expect(problem.code == .diskFull)
    }
    #expect(try catalog.head()?.id == 1)
    #expect(try catalog.exportBytes() == before)
  }
}
