import Components
import Foundation
import TestSupport
import Testing

@testable import CatalogDiff

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// ``CatalogDiff/Builder`` holding OLD by range (``CatalogDiff/Builder/holdOldByRange(_:maxDepth:)``):
/// the diff is the one of the two entry lists, and an OLD file changed behind its back is
/// an error, not a wrong answer.
@Suite("Diff builder: OLD held by range")
struct BuilderByRangeTests {
  /// Reads `old` (a file) by range and `new` streamed with its entries' texts; `change` runs
  /// between the two, `afterEach` after each of NEW's entries.
  private func diff(
    oldPath: String, new: [UInt8], change: (() throws -> Void)? = nil,
    afterEach: (CatalogDiff.Builder) -> Void = { _ in }
  ) throws -> CatalogDiff {
    let fd = open(oldPath, O_RDONLY)
    try #require(fd >= 0)
    defer { close(fd) }
    var status = stat()
    try #require(fstat(fd, &status) == 0)
    var builder = CatalogDiff.Builder()
    builder.holdOldByRange(FileRanges(fileDescriptor: dup(fd), status: status), maxDepth: 1000)
    let oldReader = CatalogDocumentReader(JSONReader(fileDescriptor: fd, bufferSize: 64))
    while try oldReader.nextRaw() { builder.addOldKindLater(oldReader.currentRaw) }
    try builder.setOldKinds(try #require(oldReader.takeKinds()))
    try change?()
    let newReader = CatalogDocumentReader(
      JSONReader(bytes: new), options: .init(knownKinds: builder.oldKinds(), keepsEntryText: true))
    while try newReader.nextRaw() {
      try newReader.withCurrentEntryText { try builder.addNew(newReader.currentRaw, text: $0) }
      afterEach(builder)
    }
    return try builder.finish()
  }

  @Test func givesTheDiffOfTheEntries() throws {
    let directory = try TemporaryDirectory()
    for (old, new) in [
      ("generated-300.json", "generated-300-mutated.json"),
      ("generated-300-mutated.json", "generated-300.json"),
    ] {
      let oldBytes = try Fixtures.bytes(old)
      let newBytes = try Fixtures.bytes(new)
      let path = try directory.write("old.json", oldBytes)
      let byRange = try diff(oldPath: path, new: newBytes)
      let whole = try CatalogDiff(
        old: CatalogDocumentReader(JSONReader(bytes: oldBytes)).readAll(),
        new: CatalogDocumentReader(JSONReader(bytes: newBytes)).readAll())
      #expect(byRange.text(color: false) == whole.text(color: false))
      #expect(!byRange.changed.isEmpty && !byRange.removed.isEmpty && !byRange.added.isEmpty)
      #expect(byRange.jsonSummary() == whole.jsonSummary())
    }
  }

  /// OLD rewritten after it was read (the same file, other text): reading an entry's text
  /// back finds something else there, which is reported as such.
  @Test func anOldFileChangedWhileReadIsAnError() throws {
    let directory = try TemporaryDirectory()
    let oldBytes = try Fixtures.bytes("generated-300.json")
    let newBytes = try Fixtures.bytes("generated-300-mutated.json")
    for rewrite in [[UInt8](), Array(oldBytes.reversed()), oldBytes.map { $0 == 0x61 ? 0x62 : $0 }]
    {
      let path = try directory.write("old.json", oldBytes)
      #expect(throws: CatalogDiffError.self) {
        _ = try diff(oldPath: path, new: newBytes) {
          // Truncated and written again in place: the descriptor still reads this file.
          let fd = open(path, O_WRONLY | O_TRUNC)
          try #require(fd >= 0)
          defer { close(fd) }
          _ = rewrite.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        }
      }
    }
  }

  /// OLD written in place with text of the same shape (the same kinds where they were, a
  /// payload value of the same length changed): nothing in the ranges read back tells, so
  /// the file's size and times must; the diff is an error, not an answer about a file that
  /// never was.
  @Test func anOldFileWrittenInPlaceWithTheSameShapeIsAnError() throws {
    let directory = try TemporaryDirectory()
    let entry = #"{"kind":"a","category":"c","description":"d","payload":{"x":1}}"#
    let oldBytes = Array(#"{"components":[\#(entry)]}"#.utf8)
    let path = try directory.write("old.json", oldBytes)
    // Unchanged, the two files are the same: no change, no error.
    #expect(try diff(oldPath: path, new: oldBytes).isEmpty)
    #expect(throws: CatalogDiffError.self) {
      _ = try diff(oldPath: path, new: oldBytes) {
        // The timestamps the kernel gives are coarse: make the write's time differ.
        usleep(20_000)
        let fd = open(path, O_WRONLY)
        try #require(fd >= 0)
        defer { close(fd) }
        let changed = oldBytes.map { $0 == UInt8(ascii: "1") ? UInt8(ascii: "2") : $0 }
        _ = changed.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
      }
    }
  }

  /// Files formatted differently (OLD compact, NEW as generated): after a run of entries
  /// that are the same but written otherwise, OLD is read on in step with NEW instead of
  /// each entry being read back on its own; the diff is the same.
  @Test func filesFormattedDifferentlyReadOldInStep() throws {
    let directory = try TemporaryDirectory()
    let oldBytes = try JSONWriter.canonicalBytes(
      JSONReader(bytes: try Fixtures.bytes("generated-300.json")).readDocument())
    let newBytes = try Fixtures.bytes("generated-300-mutated.json")
    let path = try directory.write("old.json", oldBytes)
    var inStep: [Bool] = []
    let byTexts = try diff(
      oldPath: path, new: newBytes,
      afterEach: { builder in
        inStep.append(builder.readsOldInStep)
        #expect(builder.holdsOldByRange)
      })
    #expect(inStep.first == false && inStep.last == true)
    let whole = try CatalogDiff(
      old: CatalogDocumentReader(JSONReader(bytes: oldBytes)).readAll(),
      new: CatalogDocumentReader(JSONReader(bytes: newBytes)).readAll())
    #expect(byTexts.text(color: false) == whole.text(color: false))
    #expect(byTexts.jsonSummary() == whole.jsonSummary())
    #expect(!whole.changed.isEmpty)
  }
}
