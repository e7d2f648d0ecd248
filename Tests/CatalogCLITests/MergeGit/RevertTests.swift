import Foundation
import TestSupport
import Testing

/// `catalog revert REV` is the three-way merge of `catalog merge` (head as OURS, REV's parent
/// as THEIRS, REV as BASE), with entries matched by component: what a later revision changed
/// elsewhere stays, arrays are lined up as the diff lines them up, and only a real overlap
/// is a conflict.
@Suite("revert: the three-way merge, by component")
struct RevertTests {
  let session: CatalogSession

  init() throws {
    session = try CatalogSession(
      importing: """
        {"components": [
          {"kind": "tile", "category": "Display", "description": "A tile",
           "payload": {"title": "Hero", "items": ["a", "b", "c"]}},
          {"kind": "badge", "category": "Badges", "description": "A badge", "payload": {"n": 1}}
        ]}
        """)
  }

  /// Revision 2 changes the second element; revision 3 inserts one at the front. Undoing 2
  /// finds the element where it moved to, instead of calling the shifted array a conflict.
  @Test func anArrayShiftedLaterIsLinedUp() throws {
    try session.patch(
      #"[{"op": "replace", "path": "/components/0/payload/items/1", "value": "B"}]"#)
    try session.patch(
      #"[{"op": "add", "path": "/components/0/payload/items/0", "value": "z"}]"#)
    let reverted = try session.run(["revert", "2"]).stdout
    #expect(reverted == "revision 4: 0 added, 1 changed, 0 removed\n")
    let export = String(decoding: try session.export(at: "head"), as: UTF8.self)
    let items = ["z", "a", "b", "c"].map { "          \"\($0)\"" }.joined(separator: ",\n")
    #expect(export.contains("\"items\": [\n\(items)\n        ]"), "\(export)")
  }

  /// What a later revision changed in another member of the same entry is kept.
  @Test func laterChangesElsewhereInTheEntryStay() throws {
    try session.patch(
      #"[{"op": "replace", "path": "/components/0/payload/title", "value": "Hero v2"}]"#)
    try session.patch(
      #"[{"op": "replace", "path": "/components/0/description", "value": "A bigger tile"}]"#)
    #expect(try session.run(["revert", "2"]).stdout.hasPrefix("revision 4: "))
    let export = String(decoding: try session.export(at: "head"), as: UTF8.self)
    #expect(export.contains(#""title": "Hero""#) && export.contains("A bigger tile"))
  }

  /// A move is a change too: reverting it puts the entry back where it was, as the merge
  /// takes a reorder made on one side only.
  @Test func aMoveIsUndone() throws {
    try session.patch(#"[{"op": "move", "from": "/components/1", "path": "/components/0"}]"#)
    #expect(try session.run(["kinds"]).stdout == "badge  Badges\ntile   Display\n")
    #expect(try session.run(["revert", "2"]).stdout.hasPrefix("revision 3: "))
    #expect(try session.run(["kinds"]).stdout == "tile   Display\nbadge  Badges\n")
  }

  /// A kind the revision removed comes back only if head has not given it to another
  /// component meanwhile: otherwise nothing is written and the whole entry is the conflict.
  @Test func aRemovedKindTakenByAnotherComponentConflicts() throws {
    try session.patch(#"[{"op": "remove", "path": "/components/1"}]"#)
    try session.patch(
      """
      [{"op": "add", "path": "/components/-", "value":
        {"kind": "badge", "category": "Badges", "description": "A new badge", "payload": {}}}]
      """)
    let conflict = try session.run(["revert", "2"], expect: 65)
    #expect(
      conflict.stderr
        == "catalog: error: cannot revert revision 2: later revisions changed the same places, "
        + "so nothing was written:\n  badge: the whole entry\n")
    #expect(try session.run(["log", "--limit", "1", "--oneline"]).stdout.hasPrefix("3 "))
  }

  /// A later rename does not hide the component from the revert, and the conflict names the
  /// kind as head has it.
  @Test func aConflictNamesTheKindAsHeadHasIt() throws {
    try session.patch(
      #"[{"op": "replace", "path": "/components/1/payload/n", "value": 2}]"#)
    try session.run(["rename", "badge", "pill"])
    try session.patch(
      #"[{"op": "replace", "path": "/components/1/payload/n", "value": 3}]"#)
    let conflict = try session.run(["revert", "2"], expect: 65)
    #expect(conflict.stderr.hasSuffix("so nothing was written:\n  pill: /payload/n\n"))
    // Reverting the rename alone works, on the same component.
    #expect(try session.run(["revert", "3"]).stdout.hasPrefix("revision 5: "))
    #expect(try session.run(["kinds"]).stdout == "tile   Display\nbadge  Badges\n")
  }
}
