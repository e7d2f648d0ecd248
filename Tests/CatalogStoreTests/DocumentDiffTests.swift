import CatalogDiff
import CatalogStore
import Components
import Foundation
import TestSupport
import Testing

/// ``DocumentSource/diff(from:to:maxDepth:maxSize:holdingNewForPatch:)``, what `catalog diff
/// FILE FILE` computes: OLD held by range (a file) or by canonical texts (bytes), NEW
/// streamed; either way the diff of the two entry lists read whole.
@Suite("The diff of two documents, streamed")
struct DocumentDiffTests {
  @Test func equalsTheDiffOfTheWholeEntryLists() throws {
    let directory = try TemporaryDirectory()
    for (old, new) in [
      ("generated-300.json", "generated-300-mutated.json"),
      ("generated-300-mutated.json", "generated-300.json"),
      ("generated-300.json", "generated-300.json"),
    ] {
      let oldBytes = try Fixtures.bytes(old)
      let newBytes = try Fixtures.bytes(new)
      var whole = try CatalogDiff(
        old: DocumentSource.bytes(oldBytes, name: old).readEntries(),
        new: DocumentSource.bytes(newBytes, name: new).readEntries())
      whole.compareFrames(
        old: try DocumentSource.bytes(oldBytes, name: old).readDocument().frame,
        new: try DocumentSource.bytes(newBytes, name: new).readDocument().frame)
      let oldPath = try directory.write("old.json", oldBytes)
      for oldSource in [DocumentSource.file(oldPath), .bytes(oldBytes, name: old)] {
        let streamed = try DocumentSource.diff(
          from: oldSource, to: .bytes(newBytes, name: new), holdingNewForPatch: true)
        #expect(streamed.diff.text(color: false) == whole.text(color: false))
        #expect(streamed.diff.jsonSummary() == whole.jsonSummary())
        #expect(streamed.oldEntriesPointer == JSONPointer(["components"]))
        #expect(streamed.heldNew == nil, "OLD is an object: NEW need not be repeated whole")
      }
      #expect(whole.changed.isEmpty == (old == new))
    }
  }

  /// A bare-array OLD: its entries are at the root, and NEW is held when asked, so that a
  /// patch can repeat it whole even when NEW was a pipe.
  @Test func aBareArrayOldHoldsNewWhenAsked() throws {
    let directory = try TemporaryDirectory()
    let old = try directory.write(
      "old.json",
      #"[{"kind": "a", "category": "C", "description": "A", "payload": {"n": 1}}]"#)
    let new =
      #"{"components": [{"kind": "a", "category": "C", "description": "A", "payload": {"n": 2}}]}"#
    let newPath = try directory.write("new.json", new)
    let read = try DocumentSource.diff(
      from: .file(old), to: .file(newPath), holdingNewForPatch: true)
    #expect(read.oldEntriesPointer == JSONPointer([]))
    #expect(read.diff.changed.map(\.kind) == ["a"])
    let held = try #require(read.heldNew)
    #expect(try held.readBytes(maxSize: 1 << 20) == Array(new.utf8))
    let notHeld = try DocumentSource.diff(from: .file(old), to: .file(newPath))
    #expect(notHeld.heldNew == nil)
  }

  /// A NEW that is not a document: the error names NEW (OLD's rewriting under the reader is
  /// BuilderByRangeTests' case).
  @Test func anInvalidNewIsLocated() throws {
    let directory = try TemporaryDirectory()
    let old = try directory.write("old.json", try Fixtures.bytes("generated-300.json"))
    #expect {
      _ = try DocumentSource.diff(from: .file(old), to: .bytes(Array("[1".utf8), name: "new.json"))
    } throws: { error in
      guard case CatalogError.invalidDocument(let source, _) = error else { return false }
      return source == "new.json"
    }
  }
}
