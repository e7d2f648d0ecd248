import CatalogStorage
import Foundation
import TestSupport
import Testing

@testable import CatalogStore

/// A catalog that does not exist yet is built in a temporary file, whose rollback journal
/// is kept in memory until its first write lands. A write that fails before then starts the
/// file over (a rollback that failed would have nothing to recover from), so that the same
/// catalog's next write still makes a sound catalog, and no temporary file is left behind.
@Suite("A catalog being created")
struct PendingCatalogFileTests {
  @Test func aFailedFirstWriteIsStartedOverAndTheNextOneLands() throws {
    let valid = try Fixtures.bytes("generated-300.json")
    let directory = try TemporaryDirectory()
    let catalog = try Catalog(path: directory.path("new.sqlite"))
    let options = WriteOptions(author: "tester")
    let temporaryFiles = { try directory.fileNames().filter { $0.hasPrefix(".new.sqlite.new-") } }
    let first = try temporaryFiles()
    #expect(first.count == 1, "\(first)")

    // Fails halfway through the document, after its first entries went to the stream.
    var broken = valid
    broken.replaceSubrange((broken.count / 2)..<broken.count, with: Array("!".utf8))
    #expect(throws: CatalogError.self) {
      try catalog.importDocument(from: .bytes(broken, name: "broken.json"), options: options)
    }
    let second = try temporaryFiles()
    #expect(second.count == 1 && second != first, "a new temporary file: \(first) → \(second)")
    #expect(try !directory.fileNames().contains("new.sqlite"))

    let result = try catalog.importDocument(
      from: .bytes(valid, name: "ok.json"), options: options)
    #expect(result.head == 1)
    #expect(try temporaryFiles().isEmpty)
    #expect(try catalog.exportBytes() == valid)
  }
}
