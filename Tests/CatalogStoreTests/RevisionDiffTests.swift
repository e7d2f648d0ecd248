import CatalogDiff
import CatalogStore
import Components
import TestSupport
import Testing

/// `diff @a @b` reads only the rows that differ between the two revisions (docs/schema.md,
/// "Diffing two revisions"); these tests hold it to the diff of the two whole catalogs.
@Suite("Diff of two revisions")
struct RevisionDiffTests {
  /// A history with every kind of row: additions, changes, removals and a return, moves,
  /// renames (one onto a name another component had), a new component under a renamed-away
  /// name, deprecation, a restore.
  static func makeHistory(_ catalog: Catalog) throws {
    let options = WriteOptions(author: "ann", message: "step")
    func entries(_ spec: String) throws -> [CatalogEntry] {
      var result: [CatalogEntry] = []
      for item in spec.split(separator: ",") {
        let parts: [String] = item.split(separator: ":").map(String.init)
        let value: String = parts.count > 1 ? parts[1] : "1"
        let payload = try JSONValue(
          parsing: "{\"v\": \"\(value)\", \"tags\": [\"x\", \"\(value)\"]}")
        result.append(
          CatalogEntry(
            kind: parts[0], category: "C", description: "d \(parts[0])", payload: payload))
      }
      return result
    }
    func load(_ spec: String, prune: Bool = true) throws {
      _ = try catalog.importDocument(
        from: .bytes(CatalogDocumentWriter.document(try entries(spec)), name: "step.json"),
        options: options, prune: prune)
    }
    try load("a,b,c,d,e,f")
    _ = try catalog.rename("a", to: "a2", options: options)
    try load("a2,a,b,c,d,e,f")
    try load("a2,a,c,d,e,f")
    try load("b,a2,a,c,f,e,d")
    try load("b:2,a2,a,c:3,f,e,d,g")
    _ = try catalog.rename("c", to: "c2", options: options)
    _ = try catalog.rename("a2", to: "c", options: options)
    _ = try catalog.restore(.number(1), options: options)
    try load("f,e,d,c,b,a")
    _ = try catalog.setDeprecated("e", true, options: options)
    try load("f:9,e,d")
  }

  /// The diff the whole catalogs give: every entry of both revisions, with the renames the
  /// components' identities name.
  static func wholeDiff(_ catalog: Catalog, from old: Int64, to new: Int64) throws -> CatalogDiff {
    var histories: [ComponentHistory] = []
    try catalog.forEachComponentHistory { histories.append($0) }
    func state(at revision: Int64) -> [(component: Int64, version: EntryVersion)] {
      histories.compactMap { history in
        guard let version = history.versions.last(where: { $0.revision <= revision }),
          version.change != .removed
        else { return nil }
        return (history.componentID, version)
      }.sorted { a, b in
        a.version.orderKey.utf8.elementsEqual(b.version.orderKey.utf8)
          ? a.component < b.component
          : a.version.orderKey.utf8.lexicographicallyPrecedes(b.version.orderKey.utf8)
      }
    }
    let before = state(at: old)
    let after = state(at: new)
    var renames: [String: String] = [:]
    for (component, version) in after {
      if let previous = before.first(where: { $0.component == component }),
        previous.version.entry.kind != version.entry.kind
      {
        renames[version.entry.kind] = previous.version.entry.kind
      }
    }
    return try CatalogDiff(
      old: before.map(\.version.entry), new: after.map(\.version.entry), renames: renames)
  }

  @Test(arguments: TestEngine.allCases) func everyPairOfRevisionsMatchesTheWholeDiff(
    _ engine: TestEngine
  ) throws {
    let location = try engine.makeLocation()
    let catalog = try Catalog(path: location.text)
    try Self.makeHistory(catalog)
    let head = try catalog.revisions().count
    #expect(head == 12)
    var renamed = 0
    for old in 1...Int64(head) {
      for new in 1...Int64(head) {
        let diff = try catalog.diff(from: .number(old), to: .number(new))
        let expected = try Self.wholeDiff(catalog, from: old, to: new)
        #expect(diff == expected, "diff @\(old) @\(new)")
        #expect(diff.text() == expected.text(), "diff @\(old) @\(new)")
        #expect(
          try diff.jsonPatch(withTests: true) == expected.jsonPatch(withTests: true),
          "diff @\(old) @\(new)")
        renamed += diff.changed.count { $0.renamedFrom != nil }
      }
    }
    #expect(renamed > 0)
  }
}
