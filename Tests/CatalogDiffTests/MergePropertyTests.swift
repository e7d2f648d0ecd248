import CatalogDiff
import Components
import Foundation
import TestSupport
import Testing

/// The merge against ``MergeModel``: for random BASE catalogs and two random edit scripts,
/// disjoint edits are all applied (byte for byte, order included) and overlapping ones give
/// exactly the model's conflicts, while every kind without a conflict still carries both
/// sides' edits. Either side of a conflicted document, cut out of the markers by text, is
/// valid and is that side's resolution.
///
/// The normal run takes 2,000 seeds; `MERGE_PROPERTY_CASES=200000 swift test --filter
/// MergePropertyTests` is the longer run (docs/reliability.md).
@Suite("Three-way merge against a model")
struct MergePropertyTests {
  static var caseCount: Int {
    ProcessInfo.processInfo.environment["MERGE_PROPERTY_CASES"].flatMap(Int.init) ?? 2000
  }

  @Test func randomEditScriptsMergeAsTheModelSays() throws {
    var clean = 0
    var conflicted = 0
    for seed in 0..<UInt64(Self.caseCount) {
      let scenario = MergeScenario(seed: seed)
      let model = MergeModel(scenario)
      let merge = try CatalogMerge(
        base: try Self.entries(scenario.base), ours: try Self.entries(scenario.ours),
        theirs: try Self.entries(scenario.theirs))
      let found = Set(
        merge.conflicts.map {
          MergeModel.Place(kind: $0.kind, pointer: MergeModel.cut($0.entryPointer.description))
        })
      try #require(found == model.conflicts, "seed \(seed)")

      let expected = try Self.entries(model.mergedEntries())
      if model.conflicts.isEmpty {
        clean += 1
        try #require(merge.entries == expected, "seed \(seed)")
        try #require(merge.document == CatalogDocumentWriter.document(expected), "seed \(seed)")
        continue
      }
      conflicted += 1
      // No edit outside a conflict is lost: kinds without a conflict are as the model says.
      let conflictedKinds = Set(model.conflicts.map(\.kind))
      for side in [CatalogMerge.ConflictSide.ours, .theirs] {
        let resolved = try merge.resolved(side)
        let byKind = Dictionary(resolved.map { ($0.kind, $0) }) { a, _ in a }
        for entry in expected where !conflictedKinds.contains(entry.kind) {
          try #require(byKind[entry.kind] == entry, "seed \(seed): \(entry.kind)")
        }
        // The document, cut to one side by its markers, is that side's resolution.
        let text = try Self.cut(merge.document, keeping: side)
        let read = try CatalogDocumentReader(JSONReader(bytes: text)).readAll()
        try #require(read == resolved, "seed \(seed)")
        // Byte for byte, except that a side with no entry left reads "[\n  ]", not "[]".
        if !read.isEmpty {
          try #require(text == CatalogDocumentWriter.document(read), "seed \(seed)")
        }
      }
      #expect(throws: JSONDiagnostic.self) { try JSONValue(parsing: merge.document) }
    }
    // Both outcomes are exercised in quantity.
    #expect(
      clean > Self.caseCount / 5 && conflicted > Self.caseCount / 10, "\(clean) \(conflicted)")
  }

  /// The same random merges with each side's file in a style of its own (indentation, line
  /// ending, final newline), as the merge driver meets them: the entries read from the styled
  /// files are the canonical ones, and the result is OURS' style applied to the export-format
  /// result byte for byte, whether it is spliced from OURS' bytes (clean) or marked (conflicts).
  @Test func randomEditScriptsMergeInTheStyleOfOurs() throws {
    let styles = [
      DocumentStyle.canonical,
      DocumentStyle(indent: Array("    ".utf8), lineEnding: [0x0A], finalNewline: true),
      DocumentStyle(indent: [0x09], lineEnding: [0x0D, 0x0A], finalNewline: true),
      DocumentStyle(indent: Array("  ".utf8), lineEnding: [0x0D, 0x0A], finalNewline: false),
      DocumentStyle(indent: Array("   ".utf8), lineEnding: [0x0A], finalNewline: false),
    ]
    var styledClean = 0
    var styledConflicted = 0
    for seed in 0..<UInt64(Self.caseCount / 4) {
      let scenario = MergeScenario(seed: seed)
      var rng = SplitMix64(seed: seed &+ 0x5EED)
      var sides: [CatalogMerge.SideText] = []
      var oursStyle = DocumentStyle.canonical
      for (index, values) in [scenario.base, scenario.ours, scenario.theirs].enumerated() {
        let style = styles[rng.below(styles.count)]
        if index == 1 { oursStyle = style }
        let bytes = style.apply(
          toCanonical: CatalogDocumentWriter.document(try Self.entries(values)))
        let reader = CatalogDocumentReader(JSONReader(bytes: bytes))
        var entries: [CatalogEntry] = []
        var starts: [Int] = []
        while let located = try reader.next() {
          entries.append(located.entry)
          starts.append(located.position.offset)
        }
        try #require(entries == (try Self.entries(values)), "seed \(seed): side \(index)")
        sides.append(
          CatalogMerge.SideText(
            bytes: bytes, entries: entries, entryStarts: starts, frame: reader.frame))
      }
      let frames = FrameMerge(base: sides[0].frame, ours: sides[1].frame, theirs: sides[2].frame)
      let merge = try CatalogMerge(
        base: sides[0].entries, ours: sides[1].entries, theirs: sides[2].entries,
        frame: frames.frame ?? sides[1].frame)
      let styled = try merge.document(
        with: frames, frame: frames.frame ?? sides[1].frame, inStyleOf: sides[1])
      guard case .success(let detected) = DocumentStyle.detect(sides[1].bytes) else {
        // A file too small to show its style (an empty list) gets the export format.
        try #require(styled.style == nil && styled.unknownStyle != nil, "seed \(seed)")
        try #require(styled.document.bytes == merge.document, "seed \(seed)")
        continue
      }
      try #require(detected == oursStyle || sides[1].entries.count <= 1, "seed \(seed)")
      try #require(styled.style == detected, "seed \(seed)")
      try #require(
        styled.document.bytes == detected.apply(toCanonical: merge.document),
        "seed \(seed): \(merge.conflicts.isEmpty ? "clean" : "conflicted") in \(detected)")
      if merge.conflicts.isEmpty { styledClean += 1 } else { styledConflicted += 1 }
    }
    #expect(styledClean > Self.caseCount / 20 && styledConflicted > Self.caseCount / 40)
  }

  /// Entries from entry objects, members in written order.
  static func entries(_ values: [JSONValue]) throws -> [CatalogEntry] {
    let document = JSONValue.object(
      JSONObject([JSONObject.Member(key: "components", value: .array(values))]))
    return try CatalogDocumentReader(JSONReader(bytes: JSONWriter.canonicalBytes(document)))
      .readAll()
  }

  /// The lines of `document` outside the markers and inside `side`'s half of each.
  static func cut(_ document: [UInt8], keeping side: CatalogMerge.ConflictSide) throws -> [UInt8] {
    var kept: [Substring] = []
    var state = 0
    let text = String(decoding: document, as: UTF8.self)
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line == "<<<<<<< OURS" {
        state = 1
      } else if line == "=======" && state == 1 {
        state = 2
      } else if line == ">>>>>>> THEIRS" && state == 2 {
        state = 0
      } else if state == 0 || (state == 1) == (side == .ours) {
        kept.append(line)
      }
    }
    return Array(kept.joined(separator: "\n").utf8)
  }
}
