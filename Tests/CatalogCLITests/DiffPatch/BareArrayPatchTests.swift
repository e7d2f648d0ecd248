import CatalogDiff
import Components
import Foundation
import TestSupport
import Testing

/// `diff --format json-patch` addresses the documents as given: `/0/…` for a bare array of
/// entries, `/components/0/…` for the wrapped form and for revisions.
@Suite("json-patch paths of bare arrays")
struct BareArrayPatchTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  func entries(_ description: String, extra: Bool) -> String {
    var text =
      #"{"kind": "a", "category": "c", "description": "\#(description)", "payload": {"x": 1}}"#
    if extra { text += #", {"kind": "b", "category": "c", "description": "d", "payload": {}}"# }
    return text
  }

  @Test func aPatchOfBareArraysAppliesToTheOldBareArray() throws {
    let old = "[" + entries("old", extra: true) + "]"
    let new = "[" + entries("new", extra: false) + "]"
    try directory.write("old.json", old)
    try directory.write("new.json", new)
    let result = try CatalogProcess.run(
      ["diff", "old.json", "new.json", "--format", "json-patch", "--with-tests"], in: directory)
    #expect(result.status == 1, "\(result)")
    let patch = try JSONPatch(decoding: JSONValue(parsing: result.stdoutBytes))
    #expect(patch.operations.allSatisfy { $0.path.tokens.first != "components" })
    #expect(patch.operations.contains(.remove(path: JSONPointer(["1"]))))
    #expect(
      patch.operations.contains(.replace(path: JSONPointer(["0", "description"]), value: "new")))
    #expect(try patch.apply(to: JSONValue(parsing: old)) == JSONValue(parsing: new))

    // The wrapped form, and a revision, keep /components.
    try directory.write("wrapped.json", #"{"components": ["# + entries("old", extra: true) + "]}")
    let wrapped = try CatalogProcess.run(
      ["diff", "wrapped.json", "new.json", "--format", "json-patch"], in: directory)
    let wrappedPatch = try JSONPatch(decoding: JSONValue(parsing: wrapped.stdoutBytes))
    #expect(wrappedPatch.operations.dropLast().allSatisfy { $0.path.tokens.first == "components" })
    // NEW is a bare array: its entries become the whole document.
    #expect(
      wrappedPatch.operations.last
        == .move(from: JSONPointer(["components"]), path: JSONPointer([])))
    #expect(
      try wrappedPatch.apply(to: JSONValue(parsing: directory.read("wrapped.json")))
        == JSONValue(parsing: new))
    #expect(try CatalogProcess.run(["import", "old.json"], in: directory).status == 0)
    let revision = try CatalogProcess.run(
      ["diff", "@head", "new.json", "--prune", "--format", "json-patch"], in: directory)
    let revisionPatch = try JSONPatch(decoding: JSONValue(parsing: revision.stdoutBytes))
    #expect(!revisionPatch.operations.isEmpty)
    #expect(revisionPatch.operations.allSatisfy { $0.path.tokens.first == "components" })
    // And `catalog patch` applies it to the catalog, which stays a bare array (the form of
    // the file imported).
    try directory.write("change.json", revision.stdoutBytes)
    #expect(try CatalogProcess.run(["patch", "change.json"], in: directory).status == 0)
    let exported = try CatalogProcess.run(["export"], in: directory)
    #expect(try JSONValue(parsing: exported.stdoutBytes) == JSONValue(parsing: new))
  }
}
