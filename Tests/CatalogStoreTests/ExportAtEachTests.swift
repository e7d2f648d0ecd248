import CatalogStore
import Components
import TestSupport
import Testing

/// `export(atEach:)` writes, for every revision asked for, the bytes `export(at:)` writes.
@Suite("Export at several revisions in one pass")
struct ExportAtEachTests {
  /// A history through both of the pass's paths: revisions whose export order is component
  /// order (delivered by the one pass, entries shared between revisions copied) and one
  /// where an entry moved before the others (exported on its own); members besides the
  /// standard four; a document that changes from an object to a bare array (another
  /// indentation, so a shared entry cannot be copied) and back with a member around
  /// `components`; a removal and an addition.
  static let documents: [String] = [
    """
    {"components": [
      {"kind": "a", "category": "X", "description": "first", "payload": {"size": 1, "tags": ["p", "q"]}},
      {"kind": "b", "category": "X", "description": "second", "payload": {"size": 2}},
      {"kind": "c", "category": "Y", "description": "third", "payload": []},
      {"kind": "d", "category": "Y", "description": "fourth", "payload": {"nested": {"deep": [1, {"x": null}]}}}
    ]}
    """,
    """
    {"components": [
      {"kind": "a", "category": "X", "description": "first", "payload": {"size": 1, "tags": ["p", "q"]}},
      {"kind": "b", "category": "X", "description": "second", "payload": {"size": 3}},
      {"kind": "c", "category": "Y", "description": "third", "payload": [], "deprecated": true},
      {"kind": "d", "category": "Y", "description": "fourth", "payload": {"nested": {"deep": [1, {"x": null}]}}}
    ]}
    """,
    """
    {"components": [
      {"kind": "d", "category": "Y", "description": "fourth", "payload": {"nested": {"deep": [1, {"x": null}]}}},
      {"kind": "a", "category": "X", "description": "first", "payload": {"size": 1, "tags": ["p", "q"]}},
      {"kind": "b", "category": "X", "description": "second", "payload": {"size": 3}},
      {"kind": "c", "category": "Y", "description": "third", "payload": [], "deprecated": true}
    ]}
    """,
    """
    [
      {"kind": "a", "category": "X", "description": "first", "payload": {"size": 1, "tags": ["p", "q"]}},
      {"kind": "b", "category": "X", "description": "second", "payload": {"size": 3}},
      {"kind": "c", "category": "Y", "description": "third", "payload": [], "deprecated": true},
      {"kind": "d", "category": "Y", "description": "fourth", "payload": {"nested": {"deep": [1, {"x": null}]}}}
    ]
    """,
    """
    {"version": 2, "components": [
      {"kind": "b", "category": "X", "description": "second", "payload": {"size": 3}},
      {"kind": "c", "category": "Y", "description": "third", "payload": [], "deprecated": true},
      {"kind": "d", "category": "Y", "description": "fourth", "payload": {"nested": {"deep": [1, {"x": null}]}}},
      {"description": "fifth", "kind": "e", "category": "Z", "payload": "text <&>"}
    ], "after": {"k": [1, 2]}}
    """,
  ]

  @Test(arguments: TestEngine.allCases) func everyDocumentIsTheExportOfItsRevision(
    _ engine: TestEngine
  ) throws {
    let location = try engine.makeLocation()
    let catalog = try Catalog(path: location.text)
    for (index, document) in Self.documents.enumerated() {
      try catalog.importDocument(
        from: .bytes(Array(document.utf8), name: "\(index).json"),
        options: WriteOptions(author: "ann", message: "r\(index + 1)"), prune: true)
    }
    let revisions: [Int64] = [1, 2, 3, 4, 5]
    let expected = try revisions.map { try catalog.exportBytes(at: .number($0)) }
    // Each revision's export is its own (the history changed every time).
    #expect(Set(expected).count == revisions.count)
    // In order, out of order, twice the same; in one chunk and a chunk per entry.
    for asked in [revisions, [5, 3, 1, 4, 2], [2, 2, 4]] {
      for chunk in [256 << 10, 1] {
        var documents = [[UInt8]](repeating: [], count: asked.count)
        try catalog.export(atEach: asked.map { .number($0) }, chunk: chunk) {
          documents[$0].append(contentsOf: $1)
        }
        for (d, revision) in asked.enumerated() {
          #expect(
            documents[d] == expected[Int(revision) - 1],
            "revision \(revision) of \(asked), chunk \(chunk)")
        }
      }
    }
  }
}
