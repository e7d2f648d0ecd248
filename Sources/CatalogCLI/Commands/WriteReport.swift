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
    printNotes(kept: result.kept, keptDeprecations: result.keptDeprecations, to: console)
  }

  /// The notes of an import (or of a diff that shows one): kinds kept although the file lacks
  /// them, and deprecations kept although the file does not mention them.
  static func printNotes(
    kept: [String], keptDeprecations: [String], conditional: Bool = false, to console: Console
  ) {
    let verb = conditional ? "would be" : "was"
    let verbs = conditional ? "would be" : "were"
    if !kept.isEmpty {
      let shown = kept.prefix(10).joined(separator: ", ")
      let more = kept.count > 10 ? ", … and \(kept.count - 10) more" : ""
      let one = kept.count == 1
      console.error(
        "note: \(kept.count) kind\(one ? " is" : "s are") in the catalog but not in the file, "
          + "and \(one ? verb : verbs) kept (--prune removes them): \(shown)\(more)")
    }
    if !keptDeprecations.isEmpty {
      let shown = keptDeprecations.prefix(10).joined(separator: ", ")
      let more = keptDeprecations.count > 10 ? ", … and \(keptDeprecations.count - 10) more" : ""
      let one = keptDeprecations.count == 1
      console.error(
        "note: \(keptDeprecations.count) kind\(one ? " is" : "s are") deprecated in the catalog "
          + "and the file does not say \"deprecated\", so \(one ? "it" : "they") \(one ? "stays" : "stay") "
          + "deprecated (\"deprecated\": false or 'catalog undeprecate' clears it): \(shown)\(more)"
      )
    }
  }

  static func counts(_ counts: ChangeCounts) -> String {
    var text = "\(counts.added) added, \(counts.changed) changed, \(counts.removed) removed"
    if counts.moved > 0 { text += ", \(counts.moved) moved" }
    return text
  }
}
