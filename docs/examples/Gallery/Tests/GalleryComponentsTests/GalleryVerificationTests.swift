import CatalogStore
import Components
import Foundation
import GalleryComponents
import Testing

/// The check an app's own test suite runs: every sample payload its catalog ever held still
/// decodes with the component types it registers today.
@Suite("The gallery's components against the catalog")
struct GalleryVerificationTests {
  let registry: ComponentsRegistry = {
    let registry = ComponentsRegistry()
    registerGalleryComponents(in: registry)
    return registry
  }()

  @Test("every sample the catalog ever held decodes with today's types")
  func catalogSamplesDecode() throws {
    let catalog = try SampleCatalog(revisions: [
      [("badge", #"{"text": "Inbox", "count": 2}"#)],
      [("badge", #"{"text": "Inbox", "count": 3}"#), ("hero", heroPayload)],
    ])
    try registry.verify(against: catalog.catalog, history: .allRevisions)
  }

  @Test("a sample that no longer decodes is reported with its revision and JSON path")
  func oldSampleThatNoLongerDecodes() throws {
    // Revision 1 stored the badge's count as a string; revision 2 fixed it.
    let catalog = try SampleCatalog(revisions: [
      [("badge", #"{"text": "Inbox", "count": "two"}"#)],
      [("badge", #"{"text": "Inbox", "count": 2}"#)],
    ])
    try registry.verify(against: catalog.catalog, history: .head)
    do {
      try registry.verify(against: catalog.catalog, history: .allRevisions)
      Issue.record("expected revision 1's badge to fail")
    } catch let error as RegistryVerificationError {
      #expect(
        error.description == """
          1 sample payload does not decode with its registered type (all revisions):
            kind "badge" revision 1: /count: type mismatch: expected Int, found string
          """)
    }
  }

  @Test("loading: two registered kinds, an unknown kind and a bad payload")
  func load() throws {
    let catalog = try SampleCatalog(revisions: [
      [
        ("tile-preview", #"{"title": "T", "subtitle": "S", "isActive": true}"#),
        ("hero", heroPayload),
        ("rating-stars", #"{"value": 4.50}"#),
        ("badge", #"{"text": "Inbox", "count": "three"}"#),
      ]
    ])
    let report = try registry.load(from: catalog.catalog)
    #expect(
      report.failures.map(\.description) == [
        #"kind "badge" revision 1: /count: type mismatch: expected Int, found string"#
      ])
    #expect(report.unregisteredKinds == ["rating-stars"])
    #expect(report.factories.map(\.kind) == ["tile-preview", "hero", "rating-stars"])
    #expect(report.factories.map(\.isGeneric) == [false, false, true])
    #expect(report.missingKinds == ["stack"])
  }

  let heroPayload = #"{"headline": "Spring", "imageURL": "https://example.com/a.png"}"#
}

/// A catalog in a temporary directory, with one revision per list of `(kind, payload)`.
final class SampleCatalog {
  let directory: URL
  let catalog: Catalog

  init(revisions: [[(kind: String, payload: String)]]) throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("gallery-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    catalog = try Catalog(path: directory.appendingPathComponent("components.sqlite").path)
    for entries in revisions {
      let texts = entries.map {
        #"{"kind": "\#($0.kind)", "category": "C", "description": "D", "payload": \#($0.payload)}"#
      }
      let document = #"{"components": ["# + texts.joined(separator: ", ") + "]}"
      try catalog.importDocument(
        from: .bytes(Array(document.utf8), name: "components.json"),
        options: WriteOptions(author: "tests"), prune: true)
    }
  }

  deinit {
    try? FileManager.default.removeItem(at: directory)
  }
}
