import CatalogDiff
import Components
import Testing

/// The text, JSON summary and stat formats, on one small example.
@Suite("Diff formats")
struct DiffFormatTests {
  /// OLD: card-grid, old-tile, tile-view, hero. NEW: tile-view (moved to the front), card-grid
  /// (changed), hero, badge-new (added); old-tile is gone.
  static func example() throws -> CatalogDiff {
    func entry(_ kind: String, _ category: String, _ payload: String) throws -> CatalogEntry {
      CatalogEntry(
        kind: kind, category: category, description: "Shows a \(kind)",
        payload: try JSONText(parsing: payload))
    }
    let old = [
      try entry(
        "card-grid", "Layout",
        #"{"title": "Hero", "subtitle": "Sub", "tags": ["a", "b"], "accent": null, "#
          + #""body": "\#(String(repeating: "x", count: 70))"}"#),
      try entry("old-tile", "Display", "{}"),
      try entry("tile-view", "Display", #"{"title": "Tile"}"#),
      try entry("hero", "Display", #"{"title": "Hero"}"#),
    ]
    let new = [
      try entry("tile-view", "Display", #"{"title": "Tile"}"#),
      try entry(
        "card-grid", "Cards",
        ##"{"title": "Hero v2", "tags": ["a", "chip", "b"], "accent": "#ff0000", "##
          + #""body": "\#(String(repeating: "y", count: 70))"}"#),
      try entry("hero", "Display", #"{"title": "Hero"}"#),
      try entry("badge-new", "Badges", #"{"count": 1}"#),
    ]
    return try CatalogDiff(old: old, new: new)
  }

  @Test func text() throws {
    let diff = try Self.example()
    let x = String(repeating: "x", count: 58)
    let y = String(repeating: "y", count: 58)
    #expect(
      diff.text() == """
        + badge-new  [additive: ENTRY_ADDED]
        ~ card-grid
          /category: "Layout" → "Cards"  [metadata: METADATA_CHANGED]
          /payload/title: "Hero" → "Hero v2"  [value: VALUE_CHANGED]
          /payload/subtitle: "Sub" → (absent)  [breaking: KEY_REMOVED]
          /payload/tags/1: (absent) → "chip"  [additive: ELEMENT_ADDED]
          /payload/accent: null → "#ff0000"  [breaking: TYPE_CHANGED]
          /payload/body: "\(x)… → "\(y)…  [value: VALUE_CHANGED]
        - old-tile  [breaking: ENTRY_REMOVED]
        = tile-view  (moved: 2 → 0)

        """)
    #expect(
      diff.text(maxValueLength: 8).split(separator: "\n")[7]
        == #"  /payload/body: "xxxxxx… → "yyyyyy…  [value: VALUE_CHANGED]"#)
  }

  /// Long values that start alike show where they differ, not their identical starts.
  @Test func longValuesWithASharedStartShowTheirDifference() throws {
    let long = "Displays meter subtitle avatar slider caption field icon label tooltip preview"
    let old = [CatalogEntry(kind: "a", category: "C", description: long, payload: [:])]
    var new = old
    new[0].description += " (updated)"
    new[0].payload = JSONText(["note": .string(String(repeating: "n", count: 80))])
    #expect(
      try CatalogDiff(old: old, new: new).text(maxValueLength: 30) == """
        ~ a
          /description: …ltip preview" → …ltip preview (updated)"  [metadata: METADATA_CHANGED]
          /payload/note: (absent) → "nnnnnnnnnnnnnnnnnnnnnnnnnnnn…  [additive: KEY_ADDED]

        """)
  }

  @Test func textInColour() throws {
    let lines = try Self.example().text(color: true).split(separator: "\n")
    #expect(
      lines[0] == "\u{1B}[32m+ badge-new\u{1B}[0m  \u{1B}[32m[additive: ENTRY_ADDED]\u{1B}[0m")
    #expect(lines[1] == "\u{1B}[33m~ card-grid\u{1B}[0m")
    #expect(
      lines[4]
        == "  /payload/subtitle: \"Sub\" → (absent)  \u{1B}[1;31m[breaking: KEY_REMOVED]\u{1B}[0m")
    #expect(
      lines[8] == "\u{1B}[31m- old-tile\u{1B}[0m  \u{1B}[1;31m[breaking: ENTRY_REMOVED]\u{1B}[0m")
    #expect(lines[9] == "\u{1B}[36m= tile-view\u{1B}[0m  (moved: 2 → 0)")
  }

  @Test func jsonSummary() throws {
    let x = String(repeating: "x", count: 70)
    let y = String(repeating: "y", count: 70)
    let summary = try Self.example().jsonSummary()
    let expected = """
      {"added":[{"kind":"badge-new","index":3,"class":"additive","rule":"ENTRY_ADDED"}],\
      "removed":[{"kind":"old-tile","index":1,"class":"breaking","rule":"ENTRY_REMOVED"}],\
      "moved":[{"kind":"tile-view","from":2,"to":0}],\
      "changed":[{"kind":"card-grid","oldIndex":0,"newIndex":1,"changes":[\
      {"path":"/category","old":"Layout","new":"Cards","class":"metadata","rule":"METADATA_CHANGED"},\
      {"path":"/payload/title","old":"Hero","new":"Hero v2","class":"value","rule":"VALUE_CHANGED"},\
      {"path":"/payload/subtitle","old":"Sub","class":"breaking","rule":"KEY_REMOVED"},\
      {"path":"/payload/tags/1","new":"chip","class":"additive","rule":"ELEMENT_ADDED"},\
      {"path":"/payload/accent","old":null,"new":"#ff0000","class":"breaking","rule":"TYPE_CHANGED"},\
      {"path":"/payload/body","old":"\(x)","new":"\(y)","class":"value","rule":"VALUE_CHANGED"}]}],\
      "counts":{"added":1,"removed":1,"moved":1,"changed":1,\
      "breaking":3,"additive":2,"value":2,"metadata":1}}
      """
    // The text is the indented export form of exactly this value, member order included.
    #expect(summary == (try JSONValue(parsing: expected)).indentedText + "\n")
    #expect(summary.hasPrefix("{\n  \"added\": [\n    {\n      \"kind\": \"badge-new\",\n"))
  }

  @Test func stat() throws {
    #expect(
      try Self.example().stat() == """
         badge-new | added
         card-grid | 6 --+~~~
         old-tile  | removed
         tile-view | moved
         4 kinds: 1 added, 1 removed, 1 changed, 1 moved; 8 changes: 3 breaking, 2 additive, 2 value, 1 metadata

        """)
  }

  /// Bars longer than 40 characters are scaled down; a changed kind that also moved says so.
  @Test func statScalesLongBarsAndNotesMoves() throws {
    let many = (0..<100).map { #""k\#($0)": \#($0)"# }.joined(separator: ",")
    let manyChanged = (0..<100).map { #""k\#($0)": \#($0 + 1)"# }.joined(separator: ",")
    let old = [
      CatalogEntry(
        kind: "a", category: "C", description: "D", payload: try JSONText(parsing: "{\(many)}")),
      CatalogEntry(
        kind: "b", category: "C", description: "D", payload: try JSONText(parsing: #"{"x": 1}"#)),
    ]
    let new = [
      CatalogEntry(
        kind: "b", category: "C", description: "D",
        payload: try JSONText(parsing: #"{"x": 1, "y": 2}"#)),
      CatalogEntry(
        kind: "a", category: "C", description: "D",
        payload: try JSONText(parsing: "{\(manyChanged)}")),
    ]
    let stat = try CatalogDiff(old: old, new: new).stat()
    #expect(
      stat == """
         a | 100 \(String(repeating: "~", count: 40))
         b |   1 + (moved)
         2 kinds: 0 added, 0 removed, 2 changed, 1 moved; 101 changes: 0 breaking, 1 additive, 100 value, 0 metadata

        """)
  }

  @Test func emptyDiff() throws {
    let entries = [CatalogEntry(kind: "a", category: "C", description: "D", payload: [:])]
    let diff = try CatalogDiff(old: entries, new: entries)
    #expect(diff.isEmpty)
    #expect(diff.text() == "")
    #expect(diff.stat() == "")
    #expect(
      diff.summaryValue.canonicalText
        == #"{"added":[],"removed":[],"moved":[],"changed":[],"counts":{"added":0,"removed":0,"#
        + #""moved":0,"changed":0,"breaking":0,"additive":0,"value":0,"metadata":0}}"#
    )
  }

  /// Kinds and keys with control characters are printed as JSON strings, on one line.
  @Test func controlCharactersStayOnOneLine() throws {
    let old = [CatalogEntry(kind: "a\nb", category: "C", description: "D", payload: ["k\tey": 1])]
    let new = [CatalogEntry(kind: "a\nb", category: "C", description: "D", payload: ["k\tey": 2])]
    #expect(
      try CatalogDiff(old: old, new: new).text() == """
        ~ "a\\nb"
          "/payload/k\\tey": 1 → 2  [value: VALUE_CHANGED]

        """)
  }
}
