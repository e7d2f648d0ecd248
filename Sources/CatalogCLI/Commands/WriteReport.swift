import CatalogStore

/// How every writing command reports what it did.
enum WriteReport {
  /// `revision 7: 2 added, 5 changed, 0 removed` (`, 1 moved` when entries only moved), or
  /// `no changes (head is revision 6)`; a dry run says what it would have written.
  static func print(_ result: WriteResult, to console: Console) {
    if result.isUnchanged {
      console.print("no changes (head is revision \(result.head))")
    } else if result.dryRun {
      console.print("dry run: would write revision \(result.head + 1): \(counts(result.counts))")
      let groups = [
        ("+", result.added), ("~", result.changed), ("-", result.removed), (">", result.moved),
      ]
      for (sign, kinds) in groups {
        for kind in kinds { console.print("  \(sign) \(kind)") }
      }
    } else {
      console.print("revision \(result.head): \(counts(result.counts))")
    }
    if !result.kept.isEmpty {
      let shown = result.kept.prefix(10).joined(separator: ", ")
      let more = result.kept.count > 10 ? ", … and \(result.kept.count - 10) more" : ""
      let one = result.kept.count == 1
      console.error(
        "note: \(result.kept.count) kind\(one ? " is" : "s are") in the catalog but not in the file, "
          + "and \(one ? "was" : "were") kept (--prune removes them): \(shown)\(more)")
    }
  }

  static func counts(_ counts: ChangeCounts) -> String {
    var text = "\(counts.added) added, \(counts.changed) changed, \(counts.removed) removed"
    if counts.moved > 0 { text += ", \(counts.moved) moved" }
    return text
  }
}
