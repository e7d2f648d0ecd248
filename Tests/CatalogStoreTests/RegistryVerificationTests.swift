import CatalogStore
import Components
import Foundation
import TestSupport
import Testing

@Suite("Verifying the catalog's sample payloads against the registered types")
struct RegistryVerificationTests {
  let store: RegistryCatalog
  let registry = makeTwoComponentRegistry()

  init() throws {
    store = try RegistryCatalog()
  }

  func tile(count: String) -> String {
    entryJSON("tile-preview", #"{"title": "Tile", "count": \#(count), "isActive": true}"#)
  }

  @Test("head decodes, an earlier revision did not: .head passes, .allRevisions reports it")
  func issueScenario() throws {
    try store.importEntries([tile(count: #""3""#), entryJSON("hero", #"{"headline": "H"}"#)])
    try store.importEntries([tile(count: "3"), entryJSON("hero", #"{"headline": "H"}"#)])

    try registry.verify(against: store.catalog, history: .head)
    try registry.verify(against: store.catalog)

    let error = try requireError(RegistryVerificationError.self) {
      try registry.verify(against: store.catalog, history: .allRevisions)
    }
    #expect(error.scope == .allRevisions)
    #expect(
      error.failures == [
        RegistryLoadReport.Failure(
          kind: "tile-preview", revision: 1, pointer: JSONPointer(["count"]),
          reason: .typeMismatch(expected: "Int", found: "string"))
      ])
    #expect(
      error.description == """
        1 sample payload does not decode with its registered type (all revisions):
          kind "tile-preview" revision 1: /count: type mismatch: expected Int, found string
        """)
  }

  @Test("a failing head fails both checks, naming the revision that wrote the payload")
  func failingHead() throws {
    try store.importEntries([tile(count: "3"), entryJSON("hero", #"{"headline": 1}"#)])
    try store.importEntries([tile(count: "4"), entryJSON("hero", #"{"headline": 1}"#)])
    let head = try requireError(RegistryVerificationError.self) {
      try registry.verify(against: store.catalog, history: .head)
    }
    #expect(
      head.description == """
        1 sample payload does not decode with its registered type (revision 2):
          kind "hero" revision 1: /headline: type mismatch: expected String, found number
        """)
    let all = try requireError(RegistryVerificationError.self) {
      try registry.verify(against: store.catalog, history: .allRevisions)
    }
    #expect(
      all.failures.map(\.description) == [
        #"kind "hero" revision 1: /headline: type mismatch: expected String, found number"#
      ])
  }

  @Test("history follows renames: an old payload is checked against the current kind's type")
  func renames() throws {
    try store.importEntries([entryJSON("promo", #"{"headline": 7}"#)])
    try store.catalog.rename("promo", to: "hero", options: WriteOptions(author: "tester"))
    try store.importEntries([entryJSON("hero", #"{"headline": "Now a string"}"#)])
    // A new component that took the old name is not the renamed one's history.
    try store.importEntries([
      entryJSON("hero", #"{"headline": "Now a string"}"#), entryJSON("promo", #"{"x": 1}"#),
    ])

    try registry.verify(against: store.catalog, history: .head)
    let error = try requireError(RegistryVerificationError.self) {
      try registry.verify(against: store.catalog, history: .allRevisions)
    }
    #expect(
      error.description == """
        1 sample payload does not decode with its registered type (all revisions):
          kind "hero" revision 1 (then "promo"): /headline: type mismatch: expected String, found number
        """)
    #expect(error.failures.first?.storedKind == "promo")
  }

  @Test("each distinct payload is checked once; failures are sorted by kind, revision, pointer")
  func distinctAndSorted() throws {
    registry.register(StackComponent.self)
    try store.importEntries([tile(count: "null"), entryJSON("hero", "{}")])
    // The same bad tile payload again (only the category differs), and a new bad one.
    try store.importEntries([
      entryJSON(
        "tile-preview", #"{"title": "Tile", "count": null, "isActive": true}"#, category: "X"),
      entryJSON("hero", #"{"headline": []}"#),
      entryJSON("stack", #"{"spacing": 1, "children": [{"kind": "hero", "payload": {}}]}"#),
    ])
    // Everything fixed at head.
    try store.importEntries([
      tile(count: "1"), entryJSON("hero", #"{"headline": "H"}"#),
      entryJSON("stack", #"{"spacing": 1, "children": []}"#),
    ])
    try registry.verify(against: store.catalog, history: .head)
    let error = try requireError(RegistryVerificationError.self) {
      try registry.verify(against: store.catalog, history: .allRevisions)
    }
    #expect(
      error.description == """
        4 sample payloads do not decode with the registered types (all revisions):
          kind "hero" revision 1: /headline: key not found: "headline"
          kind "hero" revision 2: /headline: type mismatch: expected String, found array
          kind "stack" revision 2: /children/0/payload/headline: key not found: "headline"
          kind "tile-preview" revision 1: /count: type mismatch: expected Int, found null
        """)
  }

  @Test("unregistered kinds are not checked; removed components are, under their last name")
  func unregisteredAndRemoved() throws {
    try store.importEntries([entryJSON("banner", #"{"anything": 1}"#), tile(count: "true")])
    try store.importEntries([entryJSON("banner", #"{"anything": 2}"#)])
    #expect(try registry.load(from: store.catalog).unregisteredKinds == ["banner"])
    try registry.verify(against: store.catalog, history: .head)
    let error = try requireError(RegistryVerificationError.self) {
      try registry.verify(against: store.catalog, history: .allRevisions)
    }
    #expect(
      error.failures.map(\.description) == [
        #"kind "tile-preview" revision 1: /count: type mismatch: expected Int, found boolean"#
      ])
  }

  @Test("an empty catalog verifies")
  func emptyCatalog() throws {
    try registry.verify(against: store.catalog, history: .head)
    try registry.verify(against: store.catalog, history: .allRevisions)
  }
}
