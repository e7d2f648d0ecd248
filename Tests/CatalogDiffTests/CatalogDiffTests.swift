import CatalogDiff
import Components
import Testing

/// Matching by kind, change classes and rules, array alignment and moves.
@Suite("Catalog diff")
struct CatalogDiffTests {
  private func entry(
    _ kind: String, category: String = "Display", description: String = "Shows it",
    _ payload: String
  ) throws -> CatalogEntry {
    CatalogEntry(
      kind: kind, category: category, description: description,
      payload: try JSONText(parsing: payload))
  }

  private func change(
    _ pointer: String, _ old: JSONValue?, _ new: JSONValue?, _ rule: ChangeRule
  ) throws -> CatalogDiff.Change {
    CatalogDiff.Change(pointer: try JSONPointer(parsing: pointer), old: old, new: new, rule: rule)
  }

  private func number(_ text: String) throws -> JSONValue {
    .number(try #require(JSONNumber(text: text)))
  }

  /// Diffs two single-entry catalogs and checks that the patch turns one into the other.
  private func changes(_ old: String, _ new: String) throws -> [CatalogDiff.Change] {
    let oldEntries = [try entry("card", old)]
    let newEntries = [try entry("card", new)]
    let diff = try CatalogDiff(old: oldEntries, new: newEntries)
    let oldDocument = try RandomCatalog.document(oldEntries)
    #expect(try diff.jsonPatch().apply(to: oldDocument) == RandomCatalog.document(newEntries))
    return diff.changed.first?.changes ?? []
  }

  @Test func payloadKeyRemovalIsBreaking() throws {
    let diff = try CatalogDiff(
      old: [try entry("card", #"{"title": "Hero", "subtitle": "Sub"}"#)],
      new: [try entry("card", #"{"title": "Hero"}"#)])
    #expect(diff.changedKinds == ["card"])
    #expect(diff.changed[0].changes == [try change("/payload/subtitle", "Sub", nil, .keyRemoved)])
    #expect(diff.classesPresent == [.breaking])
    #expect(diff.hasChanges(ofClass: .breaking))
    #expect(
      try diff.jsonPatch().text
        == "[\n  {\"op\":\"remove\",\"path\":\"/components/0/payload/subtitle\"}\n]\n")
  }

  @Test func pureAdditionIsAdditiveOnly() throws {
    let diff = try CatalogDiff(
      old: [try entry("card", #"{"title": "Hero", "tags": ["a"]}"#)],
      new: [
        try entry("card", #"{"title": "Hero", "tags": ["a", "b"], "badge": 3}"#),
        try entry("new-card", "{}"),
      ])
    #expect(
      diff.changed[0].changes == [
        try change("/payload/tags/1", nil, "b", .elementAdded),
        try change("/payload/badge", nil, 3, .keyAdded),
      ])
    #expect(diff.addedKinds == ["new-card"])
    #expect(diff.classesPresent == [.additive])
    #expect(!diff.hasChanges(ofClass: .breaking))
    #expect(diff.count(of: .additive) == 3)
  }

  @Test func typeChangesAreBreaking() throws {
    #expect(
      try changes(
        ##"{"accent": null, "count": 1, "insets": {"top": 1}, "flag": true, "name": "x"}"##,
        ##"{"accent": "#fff", "count": "1", "insets": [1], "flag": null, "name": "y"}"##)
        == [
          try change("/payload/accent", .some(.null), "#fff", .typeChanged),
          try change("/payload/count", 1, "1", .typeChanged),
          try change("/payload/insets", ["top": 1], [1], .typeChanged),
          try change("/payload/flag", true, .some(.null), .typeChanged),
          try change("/payload/name", "x", "y", .valueChanged),
        ])
  }

  @Test func sameTypeNewValueIsAValueChange() throws {
    #expect(
      try changes(
        #"{"isActive": true, "ratio": 0.5, "count": 1.0}"#,
        #"{"isActive": false, "ratio": 0.25, "count": 1}"#)
        == [
          try change("/payload/isActive", true, false, .valueChanged),
          try change("/payload/ratio", number("0.5"), number("0.25"), .valueChanged),
          try change("/payload/count", number("1.0"), 1, .valueChanged),
        ])
  }

  @Test func memberOrderIsAMetadataChange() throws {
    let old = [try entry("card", #"{"a": 1, "b": {"x": 1, "y": 2}, "c": 3}"#)]
    let new = [try entry("card", #"{"b": {"y": 2, "x": 1}, "n": 0, "a": 1, "c": 4}"#)]
    let diff = try CatalogDiff(old: old, new: new)
    #expect(
      diff.changed.first?.changes.map(\.rule) == [
        .membersReordered, .valueChanged, .keyAdded, .membersReordered,
      ])
    #expect(diff.changed.first?.changes.last?.pointer == JSONPointer(["payload"]))
    #expect(diff.classesPresent == [.additive, .value, .metadata])
    // The patch reproduces NEW's member order, not only its values.
    func document(_ entries: [CatalogEntry]) throws -> JSONValue {
      .object(
        JSONObject([.init(key: "components", value: .array(try entries.map { try $0.jsonValue }))]))
    }
    #expect(try diff.jsonPatch().apply(to: document(old)) == document(new))
    #expect(try diff.jsonPatch(withTests: true).apply(to: document(old)) == document(new))
  }

  @Test func categoryDescriptionAndOtherMembersAreMetadata() throws {
    var old = try entry("card", category: "Display", description: "Old", #"{}"#)
    old.extraMembers = [.init(key: "since", value: try JSONText(parsing: #""1.0""#))]
    var new = try entry("card", category: "Layout", description: "New", #"{}"#)
    new.extraMembers = [.init(key: "deprecated", value: try JSONText(parsing: "true"))]
    let diff = try CatalogDiff(old: [old], new: [new])
    #expect(
      diff.changed[0].changes == [
        try change("/category", "Display", "Layout", .metadataChanged),
        try change("/description", "Old", "New", .metadataChanged),
        try change("/since", "1.0", nil, .metadataChanged),
        try change("/deprecated", nil, true, .metadataChanged),
      ])
    #expect(diff.classesPresent == [.metadata])
    let result = try diff.jsonPatch().apply(to: RandomCatalog.document([old]))
    #expect(result == (try RandomCatalog.document([new])))
  }

  /// Inserting one tag is one addition, not a change of every tag after it.
  @Test func insertingOneTagIsOneAddition() throws {
    let oldEntries = [try entry("card", #"{"tags": ["a", "b", "c", "d", "e"]}"#)]
    let newEntries = [try entry("card", #"{"tags": ["a", "b", "x", "c", "d", "e"]}"#)]
    let diff = try CatalogDiff(old: oldEntries, new: newEntries)
    #expect(diff.changed[0].changes == [try change("/payload/tags/2", nil, "x", .elementAdded)])
    #expect(
      try diff.jsonPatch()
        == JSONPatch([
          .add(path: JSONPointer(["components", "0", "payload", "tags", "2"]), value: "x")
        ]))
  }

  /// Edits on both sides of kept elements: each index as users read it, and patch indices that
  /// account for the edits before them.
  @Test func arrayEditsFollowTheLongestCommonSubsequence() throws {
    #expect(
      try changes(
        #"{"t": ["a", "b", "c", "d", "e", "f"]}"#, #"{"t": ["b", "c", "x", "e", "f", "g", "h"]}"#)
        == [
          try change("/payload/t/0", "a", nil, .elementRemoved),
          try change("/payload/t/2", "d", "x", .valueChanged),
          try change("/payload/t/5", nil, "g", .elementAdded),
          try change("/payload/t/6", nil, "h", .elementAdded),
        ])
    let diff = try CatalogDiff(
      old: [try entry("card", #"{"t": ["a", "b", "c", "d", "e", "f"]}"#)],
      new: [try entry("card", #"{"t": ["b", "c", "x", "e", "f", "g", "h"]}"#)])
    #expect(
      try diff.jsonPatch().text == """
        [
          {"op":"remove","path":"/components/0/payload/t/0"},
          {"op":"replace","path":"/components/0/payload/t/2","value":"x"},
          {"op":"add","path":"/components/0/payload/t/5","value":"g"},
          {"op":"add","path":"/components/0/payload/t/6","value":"h"}
        ]

        """)
  }

  /// A changed field inside an object element is one change at its leaf.
  @Test func objectElementsAreComparedInDepth() throws {
    #expect(
      try changes(
        #"{"children": [{"kind": "a", "title": "A"}, {"kind": "b", "title": "B"}]}"#,
        #"{"children": [{"kind": "new"}, {"kind": "a", "title": "A"}, "#
          + #"{"kind": "b", "title": "B2"}]}"#
      )
        == [
          try change("/payload/children/0", nil, ["kind": "new"], .elementAdded),
          try change("/payload/children/2/title", "B", "B2", .valueChanged),
        ])
  }

  /// Past the LCS budget, the middles are cut at the elements unique on both sides (as
  /// patience diff does), so the same edit is still two changes, not a change of every
  /// element after the insertion.
  @Test func largeArraysAreLinedUpAtUniqueElements() throws {
    func payload(_ count: Int, edited: Bool) -> String {
      var values = Array(0..<count)
      if edited {
        values.remove(at: count - 10)
        values.insert(-1, at: 10)
      }
      return #"{"n": [\#(values.map(String.init).joined(separator: ","))]}"#
    }
    let small = try changes(payload(1000, edited: false), payload(1000, edited: true))
    #expect(small.map(\.rule) == [.elementAdded, .elementRemoved])
    let large = try changes(payload(3000, edited: false), payload(3000, edited: true))
    #expect(large.map(\.rule) == [.elementAdded, .elementRemoved])
  }

  @Test func entriesAddedAndRemovedAreSortedByKind() throws {
    let diff = try CatalogDiff(
      old: [try entry("zeta", "{}"), try entry("keep", "{}"), try entry("alpha", "{}")],
      new: [try entry("keep", "{}"), try entry("new-z", "{}"), try entry("new-a", "{}")])
    #expect(diff.removed.map { "\($0.kind)@\($0.index)" } == ["alpha@2", "zeta@0"])
    #expect(diff.added.map { "\($0.kind)@\($0.index)" } == ["new-a@2", "new-z@1"])
    #expect(diff.moved.isEmpty)
    #expect(diff.count(of: .breaking) == 2)
    #expect(diff.classesPresent == [.breaking, .additive])
  }

  /// Moving one entry from the front to the back reports that one, not the four others.
  @Test func movedKindsAreASmallestSet() throws {
    let kinds = ["a", "b", "c", "d", "e"]
    let old = try kinds.map { try entry($0, "{}") }
    let rotated = try (kinds.dropFirst() + ["a"]).map { try entry($0, "{}") }
    let diff = try CatalogDiff(old: old, new: rotated)
    #expect(diff.moved == [CatalogDiff.Move(kind: "a", oldIndex: 0, newIndex: 4)])
    #expect(diff.classesPresent.isEmpty)
    #expect(!diff.isEmpty)
    #expect(
      try diff.jsonPatch()
        == JSONPatch([
          .move(from: JSONPointer(["components", "0"]), path: JSONPointer(["components", "4"]))
        ]))

    let reversed = try CatalogDiff(old: old, new: old.reversed())
    #expect(reversed.moved.count == 4)
    #expect(try reversed.jsonPatch().operations.count == 4)
    #expect(
      try reversed.jsonPatch().apply(to: RandomCatalog.document(old))
        == RandomCatalog.document(old.reversed()))
  }

  @Test func duplicateKindsAreRejected() throws {
    let card = try entry("card", "{}")
    #expect(
      throws: CatalogDiffError.duplicateKind("card", side: .new, firstIndex: 0, secondIndex: 2)
    ) {
      try CatalogDiff(old: [card], new: [card, try entry("x", "{}"), card])
    }
    do {
      _ = try CatalogDiff(old: [card, card], new: [])
    } catch {
      #expect(error.description == #"OLD: duplicate kind "card" at entries 0 and 1"#)
    }
  }

  /// `--with-tests` patches guard old values and kinds, so they refuse a catalog that moved on.
  @Test func guardedPatchRefusesADocumentThatMovedOn() throws {
    let old = [try entry("a", #"{"title": "A"}"#), try entry("b", #"{"title": "B"}"#)]
    let new = [try entry("b", #"{"title": "B"}"#), try entry("a", #"{"title": "A2"}"#)]
    let diff = try CatalogDiff(old: old, new: new)
    let guarded = try diff.jsonPatch(withTests: true)
    #expect(
      guarded.text == """
        [
          {"op":"test","path":"/components/1/kind","value":"b"},
          {"op":"move","from":"/components/1","path":"/components/0"},
          {"op":"test","path":"/components/1/kind","value":"a"},
          {"op":"test","path":"/components/1/payload/title","value":"A"},
          {"op":"replace","path":"/components/1/payload/title","value":"A2"}
        ]

        """)
    #expect(try guarded.apply(to: RandomCatalog.document(old)) == RandomCatalog.document(new))

    let movedOn = [try entry("a", #"{"title": "A (edited)"}"#), try entry("b", #"{"title": "B"}"#)]
    #expect(throws: JSONPatchError.self) { try guarded.apply(to: RandomCatalog.document(movedOn)) }
    do {
      _ = try guarded.apply(to: RandomCatalog.document(movedOn))
    } catch let error as JSONPatchError {
      #expect(error.index == 3)
      #expect(error.code == .testFailed)
    }
    // Unguarded, the same patch applies over the edit.
    #expect(throws: Never.self) { try diff.jsonPatch().apply(to: RandomCatalog.document(movedOn)) }
  }

  /// A removed entry is guarded whole; the patch can also target a bare array of entries.
  @Test func removalGuardAndBareArrayDocuments() throws {
    let old = [try entry("a", #"{"x": 1}"#), try entry("b", "{}")]
    let diff = try CatalogDiff(old: old, new: [try entry("b", "{}")])
    let patch = try diff.jsonPatch(withTests: true, components: .root)
    #expect(
      patch.text == """
        [
          {"op":"test","path":"/0","value":{"kind":"a","category":"Display","description":"Shows it","payload":{"x":1}}},
          {"op":"remove","path":"/0"}
        ]

        """)
  }

  @Test func rulesHaveTheirClasses() {
    #expect(
      ChangeRule.allCases.filter { $0.changeClass == .breaking }.map(\.rawValue) == [
        "KEY_REMOVED", "TYPE_CHANGED", "INTEGER_BECAME_FRACTION", "ELEMENT_REMOVED",
        "ENTRY_REMOVED", "ENTRY_RENAMED",
      ])
    #expect(
      ChangeRule.allCases.filter { $0.changeClass == .additive }.map(\.rawValue) == [
        "KEY_ADDED", "ELEMENT_ADDED", "ENTRY_ADDED",
      ])
    #expect(ChangeRule.valueChanged.changeClass == .value)
    #expect(ChangeRule.metadataChanged.changeClass == .metadata)
    #expect(ChangeClass.allCases.sorted() == [.breaking, .additive, .value, .metadata])
  }
}
