import CatalogDiff
import Components
import Testing

/// The three-way merge on hand-made catalogs: what is taken, what conflicts, and the exact
/// bytes written.
@Suite("Three-way merge")
struct CatalogMergeTests {
  static func entry(
    _ kind: String, category: String = "Display", _ payload: JSONValue
  ) -> CatalogEntry {
    CatalogEntry(kind: kind, category: category, description: "The \(kind)", payload: payload)
  }

  static func document(_ entries: [CatalogEntry]) -> String {
    String(decoding: CatalogDocumentWriter.document(entries), as: UTF8.self)
  }

  static let base = [
    entry("tile", ["title": "Hero", "isActive": true, "tags": ["a", "b", "c"]]),
    entry("badge", ["count": 1]),
    entry("row", ["items": [["id": 1, "name": "one"], ["id": 2, "name": "two"]]]),
  ]

  @Test func editsOfDifferentKindsCombine() throws {
    var ours = Self.base
    ours[0] = Self.entry("tile", ["title": "Hero v2", "isActive": true, "tags": ["a", "b", "c"]])
    var theirs = Self.base
    theirs[1] = Self.entry("badge", ["count": 2])
    let merge = try CatalogMerge(base: Self.base, ours: ours, theirs: theirs)
    #expect(merge.isClean)
    #expect(merge.entries == [ours[0], theirs[1], Self.base[2]])
    #expect(merge.document == CatalogDocumentWriter.document([ours[0], theirs[1], Self.base[2]]))
    #expect(merge.taken.map(\.origin) == [.ours, .theirs])
    #expect(
      merge.taken.map(\.pointer.description) == [
        "/components/0/payload/title", "/components/1/payload/count",
      ])
    #expect(merge.taken.map(\.change.rule) == [.valueChanged, .valueChanged])
  }

  @Test func editsOfDifferentFieldsOfOnePayloadCombine() throws {
    var ours = Self.base
    ours[0] = Self.entry("tile", ["title": "Hero v2", "isActive": true, "tags": ["a", "b", "c"]])
    var theirs = Self.base
    theirs[0] = Self.entry(
      "tile", category: "Cards", ["title": "Hero", "isActive": false, "tags": ["a", "b", "c"]])
    let merge = try CatalogMerge(base: Self.base, ours: ours, theirs: theirs)
    #expect(merge.isClean)
    #expect(
      merge.entries?[0]
        == Self.entry(
          "tile", category: "Cards",
          ["title": "Hero v2", "isActive": false, "tags": ["a", "b", "c"]]))
  }

  @Test func arrayInsertionsAtDifferentPlacesCombine() throws {
    var ours = Self.base
    ours[0] = Self.entry(
      "tile", ["title": "Hero", "isActive": true, "tags": ["x", "a", "b", "c"]])
    var theirs = Self.base
    theirs[0] = Self.entry(
      "tile", ["title": "Hero", "isActive": true, "tags": ["a", "b", "y", "c"]])
    let merge = try CatalogMerge(base: Self.base, ours: ours, theirs: theirs)
    #expect(merge.isClean)
    #expect(
      try merge.entries?[0].payload.value() == [
        "title": "Hero", "isActive": true, "tags": ["x", "a", "b", "y", "c"],
      ])
  }

  @Test func arrayInsertionsAtOnePlaceConflict() throws {
    var ours = Self.base
    ours[0] = Self.entry(
      "tile", ["title": "Hero", "isActive": true, "tags": ["a", "x", "b", "c"]])
    var theirs = Self.base
    theirs[0] = Self.entry(
      "tile", ["title": "Hero", "isActive": true, "tags": ["a", "y", "b", "c"]])
    let merge = try CatalogMerge(base: Self.base, ours: ours, theirs: theirs)
    #expect(merge.conflicts.map(\.pointer.description) == ["/components/0/payload/tags/1"])
    #expect(merge.conflicts.first?.reason == .bothInserted)
    #expect(merge.conflicts.first?.ours == ["x"])
    #expect(merge.conflicts.first?.theirs == ["y"])
    #expect(try merge.resolved(.ours) == ours)
    #expect(try merge.resolved(.theirs) == theirs)
  }

  @Test func elementChangedInsideAnArrayOfObjectsMerges() throws {
    var ours = Self.base
    ours[2] = Self.entry("row", ["items": [["id": 1, "name": "uno"], ["id": 2, "name": "two"]]])
    var theirs = Self.base
    theirs[2] = Self.entry(
      "row",
      [
        "items": [
          ["id": 1, "name": "one"], ["id": 2, "name": "two"], ["id": 3, "name": "three"],
        ]
      ])
    let merge = try CatalogMerge(base: Self.base, ours: ours, theirs: theirs)
    #expect(merge.isClean)
    #expect(
      try merge.entries?[2].payload.value()
        == [
          "items": [
            ["id": 1, "name": "uno"], ["id": 2, "name": "two"], ["id": 3, "name": "three"],
          ]
        ])
  }

  @Test func bothAddingEntriesAtOnePlaceKeepsOursFirst() throws {
    let ours = [Self.base[0], Self.entry("chip", ["on": true]), Self.base[1], Self.base[2]]
    let theirs = [Self.base[0], Self.entry("card", ["on": false]), Self.base[1], Self.base[2]]
    let merge = try CatalogMerge(base: Self.base, ours: ours, theirs: theirs)
    #expect(merge.entries?.map(\.kind) == ["tile", "chip", "card", "badge", "row"])
    #expect(merge.taken.map(\.change.rule) == [.entryAdded, .entryAdded])
  }

  @Test func sameChangeOnBothSidesIsTakenOnce() throws {
    var ours = Self.base
    ours[1] = Self.entry("badge", ["count": 5])
    let added = Self.entry("chip", ["on": true])
    let merge = try CatalogMerge(base: Self.base, ours: ours + [added], theirs: ours + [added])
    #expect(merge.entries == ours + [added])
    #expect(merge.taken.allSatisfy { $0.origin == .both })
  }

  @Test func leafConflictIsMarkedAroundTheMember() throws {
    var ours = Self.base
    ours[0] = Self.entry("tile", ["title": "A", "isActive": true, "tags": ["a", "b", "c"]])
    var theirs = Self.base
    theirs[0] = Self.entry("tile", ["title": "B", "isActive": true, "tags": ["a", "b", "c"]])
    let merge = try CatalogMerge(base: Self.base, ours: ours, theirs: theirs)
    #expect(merge.conflicts.count == 1)
    let conflict = try #require(merge.conflicts.first)
    #expect(conflict.pointer.description == "/components/0/payload/title")
    #expect(conflict.entryPointer.description == "/payload/title")
    #expect(conflict.kind == "tile")
    #expect(conflict.reason == .bothChanged)
    #expect(conflict.base == "Hero")
    #expect(conflict.ours == "A")
    #expect(conflict.theirs == "B")
    #expect(conflict.line == 8)
    let expected = """
      {
        "components": [
          {
            "kind": "tile",
            "category": "Display",
            "description": "The tile",
            "payload": {
      <<<<<<< OURS
              "title": "A",
      =======
              "title": "B",
      >>>>>>> THEIRS
              "isActive": true,
              "tags": [
                "a",
                "b",
                "c"
              ]
            }
          },

      """
    let text = String(decoding: merge.document, as: UTF8.self)
    #expect(text.hasPrefix(expected), "\(text)")
    // The rest is BASE's other entries, unchanged.
    #expect(text.hasSuffix(String(Self.document(Array(Self.base[1...])).dropFirst(20))))
    // Invalid JSON until resolved, and the reader says why.
    #expect(throws: JSONDiagnostic.self) { try JSONValue(parsing: merge.document) }
  }

  @Test func removedEntryAgainstChangedEntryConflictsAroundTheEntry() throws {
    let ours = Array(Self.base[0..<2])
    var theirs = Self.base
    theirs[2] = Self.entry("row", ["items": []])
    let merge = try CatalogMerge(base: Self.base, ours: ours, theirs: theirs)
    let conflict = try #require(merge.conflicts.first)
    #expect(conflict.reason == .removedAndChanged)
    #expect(conflict.pointer.description == "/components/2")
    #expect(conflict.ours == nil)
    // The last entry conflicts and OURS removed it: the entry before it is inside the markers,
    // so that either side alone is valid JSON.
    let text = String(decoding: merge.document, as: UTF8.self)
    for side in [true, false] {
      var kept: [Substring] = []
      var state = 0
      for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        if line.hasPrefix("<<<<<<<") {
          state = 1
          continue
        }
        if line.hasPrefix("=======") {
          state = 2
          continue
        }
        if line.hasPrefix(">>>>>>>") {
          state = 0
          continue
        }
        if state == 0 || (state == 1 && side) || (state == 2 && !side) { kept.append(line) }
      }
      let resolved = Array(kept.joined(separator: "\n").utf8)
      let entries = try CatalogDocumentReader(JSONReader(bytes: resolved)).readAll()
      #expect(entries == (side ? ours : theirs))
      #expect(resolved == CatalogDocumentWriter.document(entries), "\(text)")
    }
  }

  @Test func removedKeyAgainstChangedKeyMarksTheEnclosingMember() throws {
    var ours = Self.base
    ours[0] = Self.entry("tile", ["title": "Hero", "tags": ["a", "b", "c"]])
    var theirs = Self.base
    theirs[0] = Self.entry("tile", ["title": "Hero", "isActive": false, "tags": ["a", "b", "c"]])
    let merge = try CatalogMerge(base: Self.base, ours: ours, theirs: theirs)
    let conflict = try #require(merge.conflicts.first)
    #expect(conflict.pointer.description == "/components/0/payload/isActive")
    #expect(conflict.reason == .removedAndChanged)
    let text = String(decoding: merge.document, as: UTF8.self)
    #expect(text.contains("<<<<<<< OURS\n      \"payload\": {"), "\(text)")
    #expect(try merge.resolved(.ours) == ours)
    #expect(try merge.resolved(.theirs) == theirs)
  }

  @Test func reorderMadeByTheirsAloneIsTaken() throws {
    let base = [Self.entry("tile", ["a": 1, "b": 2, "c": 3])]
    let ours = [Self.entry("tile", ["a": 1, "b": 20, "c": 3, "d": 4])]
    let theirs = [Self.entry("tile", ["c": 3, "a": 1, "b": 2])]
    let merge = try CatalogMerge(base: base, ours: ours, theirs: theirs)
    // OURS' "d" follows its neighbour "c", which THEIRS moved to the front.
    #expect(try merge.entries?[0].payload.value() == ["c": 3, "d": 4, "a": 1, "b": 20])
  }

  @Test func keysAreMatchedByBytes() throws {
    let base = [Self.entry("tile", ["caf\u{e9}": 1])]
    let ours = [Self.entry("tile", ["caf\u{e9}": 1, "cafe\u{301}": 2])]
    let theirs = [Self.entry("tile", ["caf\u{e9}": 3])]
    let merge = try CatalogMerge(base: base, ours: ours, theirs: theirs)
    let payload = try #require(try merge.entries?[0].payload.value().objectValue)
    #expect(
      payload.members.map { Array($0.key.utf8) } == [
        Array("caf\u{e9}".utf8), Array("cafe\u{301}".utf8),
      ])
  }

  @Test func duplicateKindIsAnError() {
    #expect(
      throws: CatalogMergeError.duplicateKind(
        "badge", input: .theirs, firstIndex: 1, secondIndex: 3)
    ) {
      try CatalogMerge(base: Self.base, ours: Self.base, theirs: Self.base + [Self.base[1]])
    }
  }
}
