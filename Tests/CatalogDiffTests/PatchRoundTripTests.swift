import CatalogDiff
import Components
import TestSupport
import Testing

/// A patch made from a diff, applied to OLD's document, gives NEW's document.
@Suite("Patch round trip")
struct PatchRoundTripTests {
  /// Random catalogs, random edits: removals, insertions and moves of entries; payload keys
  /// changed, added and removed; array elements inserted and deleted; metadata changed.
  @Test(arguments: 0..<400)
  func randomEditsRoundTrip(seed: Int) throws {
    var random = RandomCatalog(seed: UInt64(seed))
    let old = random.catalog(count: random.rng.below(12))
    let new = try random.edited(old)
    let oldDocument = try RandomCatalog.document(old)
    let newDocument = try RandomCatalog.document(new)

    let diff = try CatalogDiff(old: old, new: new)
    let patch = try diff.jsonPatch()
    let result = try patch.apply(to: oldDocument)
    #expect(result == newDocument, "seed \(seed): patch\n\(patch.text)")
    // By bytes: String's == would take an NFC and an NFD spelling for the same text.
    #expect(Array(result.canonicalText.utf8) == Array(newDocument.canonicalText.utf8))

    let guarded = try diff.jsonPatch(withTests: true)
    #expect(try guarded.apply(to: oldDocument) == newDocument, "seed \(seed)")
    #expect(guarded.operations.count { $0.name != "test" } == patch.operations.count)

    // The patch survives encoding and decoding.
    #expect(try JSONPatch(decoding: JSONValue(parsing: patch.text)) == patch)
    // Comparing NEW with itself finds nothing.
    #expect(try CatalogDiff(old: new, new: new).isEmpty)
    #expect(diff.isEmpty == (old == new))
  }

  /// The generated 300-entry fixture and its mutated copy (gen_components.py 300 and the same
  /// with --mutate): the patch turns one document into the other exactly.
  @Test func generatedFixtureRoundTrip() throws {
    let oldBytes = try Fixtures.bytes("generated-300.json")
    let newBytes = try Fixtures.bytes("generated-300-mutated.json")
    let old = try CatalogDocumentReader(JSONReader(bytes: oldBytes)).readAll()
    let new = try CatalogDocumentReader(JSONReader(bytes: newBytes)).readAll()
    let diff = try CatalogDiff(old: old, new: new)

    let oldDocument = try JSONValue(parsing: oldBytes)
    let newDocument = try JSONValue(parsing: newBytes)
    for withTests in [false, true] {
      let result = try diff.jsonPatch(withTests: withTests).apply(to: oldDocument)
      #expect(result == newDocument, "exact equality, member order included")
      #expect(JSONWriter.canonicalBytes(result) == JSONWriter.canonicalBytes(newDocument))
      // Written back out as the catalog exports it, the result is the mutated file, byte for byte.
      let entries = try CatalogDocumentReader(JSONReader(bytes: JSONWriter.canonicalBytes(result)))
        .readAll()
      #expect(CatalogDocumentWriter.document(entries) == newBytes)
    }
  }
}
