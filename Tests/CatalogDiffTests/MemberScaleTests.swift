import CatalogDiff
import Components
import Testing

/// Entries with 100,000 extra members and documents with 100,000 top-level members: what a
/// diff, its JSON Patch and a merge find. How long they take is the member-scaling
/// benchmark's business (`Tests/Benchmarks/member-scaling.sh`, docs/benchmarks.md), not a
/// clock in a test; anything quadratic in the members would take hours here.
@Suite("Many members")
struct MemberScaleTests {
  static let count = 100_000

  static func members(_ order: [Int], plus: Int = 0) -> [CatalogEntry.Member] {
    order.map {
      CatalogEntry.Member(key: "x\($0)", value: JSONText(.number(JSONNumber($0 + plus))))
    }
  }

  static func entry(_ members: [CatalogEntry.Member]) -> CatalogEntry {
    CatalogEntry(
      kind: "big", category: "Display", description: "many members",
      payload: JSONText(.object(JSONObject())), extraMembers: members)
  }

  /// The entries the document `value` holds, read back through the document reader.
  static func entries(of value: JSONValue) throws -> [CatalogEntry] {
    try CatalogDocumentReader(JSONReader(bytes: JSONWriter.canonicalBytes(value))).readAll()
  }

  @Test func reorderedAndChangedExtraMembersDiffAndPatchBack() throws {
    let old = Self.entry(Self.members(Array(0..<Self.count)))
    // NEW: every member changed and the order reversed.
    let new = Self.entry(Self.members(Array((0..<Self.count).reversed()), plus: 1))
    let diff = try CatalogDiff(old: [old], new: [new])
    let changes = try #require(diff.changed.first).changes
    #expect(changes.count == Self.count + 1)
    #expect(changes.filter { $0.rule == .membersReordered }.count == 1)
    for withTests in [false, true] {
      let patch = try diff.jsonPatch(withTests: withTests)
      let document = try JSONValue(parsing: CatalogDocumentWriter.document([old]))
      let patched = try Self.entries(of: try patch.apply(to: document))
      #expect(patched == [new])
    }
  }

  /// Every element of a long array (objects with ids, so each is paired with its old self)
  /// has its members reordered: each object's reorder rewrites only its own edits.
  @Test func manyReorderedObjectsInOneArrayDiffAndPatchBack() throws {
    func element(_ i: Int, reversed: Bool) -> JSONValue {
      let members =
        [JSONObject.Member(key: "id", value: .string("e\(i)"))]
        + [("a", i), ("b", i + 1), ("c", i + 2)].map {
          JSONObject.Member(key: $0.0, value: .number(JSONNumber($0.1)))
        }
      return .object(JSONObject(reversed ? members.reversed() : members))
    }
    func entry(reversed: Bool) -> CatalogEntry {
      let items = JSONValue.array((0..<Self.count).map { element($0, reversed: reversed) })
      return CatalogEntry(
        kind: "list", category: "Display", description: "a long list",
        payload: JSONText(.object(JSONObject([JSONObject.Member(key: "items", value: items)]))))
    }
    let (old, new) = (entry(reversed: false), entry(reversed: true))
    let diff = try CatalogDiff(old: [old], new: [new])
    #expect(try #require(diff.changed.first).changes.count == Self.count)
    let patch = try diff.jsonPatch()
    let document = try JSONValue(parsing: CatalogDocumentWriter.document([old]))
    #expect(try Self.entries(of: try patch.apply(to: document)) == [new])
  }

  @Test func mergeOfManyExtraMembersKeepsBothSides() throws {
    let base = Self.entry(Self.members(Array(0..<Self.count)))
    // OURS changes every member; THEIRS reverses their order and adds one.
    let ours = Self.entry(Self.members(Array(0..<Self.count), plus: 1))
    var theirs = Self.entry(Self.members(Array((0..<Self.count).reversed())))
    theirs.extraMembers.append(CatalogEntry.Member(key: "added", value: JSONText(.bool(true))))
    let merge = try CatalogMerge(base: [base], ours: [ours], theirs: [theirs])
    let entries = try #require(merge.entries)
    let merged = try #require(entries.first)
    let lookup = merged.memberLookup
    #expect(merged.extraMembers.count == Self.count + 1)
    #expect(lookup["added"] == JSONText(.bool(true)))
    for i in stride(from: 0, to: Self.count, by: 997) {
      #expect(lookup["x\(i)"] == JSONText(.number(JSONNumber(i + 1))))
    }
  }

  @Test func manyTopLevelMembersReorderedDiffAndPatchBack() throws {
    let entries = [Self.entry([])]
    let oldFrame = DocumentFrame(form: .object, after: Self.members(Array(0..<Self.count)))
    let newFrame = DocumentFrame(
      form: .object, before: Self.members(Array((0..<Self.count).reversed()), plus: 1))
    var diff = try CatalogDiff(old: entries, new: entries)
    diff.compareFrames(old: oldFrame, new: newFrame)
    #expect(diff.frame?.members.count == Self.count)
    let patch = try diff.jsonPatch(withTests: true)
    let document = try JSONValue(
      parsing: CatalogDocumentWriter.document(entries, frame: oldFrame))
    let patched = try patch.apply(to: document)
    #expect(
      JSONWriter.canonicalBytes(patched)
        == JSONWriter.canonicalBytes(
          try JSONValue(parsing: CatalogDocumentWriter.document(entries, frame: newFrame))))
  }
}
