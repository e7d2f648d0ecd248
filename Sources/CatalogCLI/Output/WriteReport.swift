import CatalogStore
import Components

/// How every writing command reports what it did.
enum WriteReport {
  /// `revision 7: 2 added, 5 changed, 0 removed` (`, 1 moved` when entries only moved), or
  /// `no changes (head is revision 6)`; a dry run says what it would have written.
  /// Reports `result` in the command's `--format`: the text below, or one JSON object
  /// (`ResultJSON.write`) on stdout; the notes go to stderr either way.
  static func report(_ result: WriteResult, _ context: CommandContext) {
    if !result.dryRun && !result.isUnchanged { context.console.writtenRevision = result.head }
    guard context.wantsJSON else { return print(result, to: context.console) }
    ResultJSON.print(ResultJSON.write(result, command: context.command.name), to: context.console)
    printWaiver(result, to: context.console)
    printNotes(
      kept: result.kept, keptDeprecations: result.keptDeprecations,
      conditional: result.dryRun, to: context.console)
  }

  /// Runs `body`; when it rejects its input with located problems and the command was asked
  /// for JSON, prints the problems as a JSON result before they reach stderr as usual.
  static func reportingProblems<T>(_ context: CommandContext, _ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch CatalogError.invalidDocument(let source, let diagnostics) where context.wantsJSON {
      let problems = diagnostics.diagnostics.map { ResultJSON.Problem(file: source, $0) }
      ResultJSON.print(
        ResultJSON.rejected(command: context.command.name, problems: problems),
        to: context.console)
      throw CatalogError.invalidDocument(source: source, diagnostics)
    }
  }

  static func print(_ result: WriteResult, to console: Console) {
    if result.isUnchanged {
      console.print("no changes (head is revision \(result.head))")
    } else if result.dryRun {
      console.print("dry run: would write revision \(result.head + 1): \(summary(result))")
      let groups = [
        ("+", Array(result.added)), ("~", result.changed), ("-", result.removed),
        (">", result.moved),
      ]
      for (sign, kinds) in groups {
        for kind in kinds { console.print("  \(sign) \(kind)") }
      }
    } else {
      console.print("revision \(result.head): \(summary(result))")
    }
    printWaiver(result, to: console)
    printNotes(
      kept: result.kept, keptDeprecations: result.keptDeprecations,
      conditional: result.dryRun, to: console)
  }

  /// The notes of an import (or of a diff that shows one): kinds kept although the file lacks
  /// them, and deprecations kept although the file does not mention them.
  static func printNotes(
    kept: [String], keptDeprecations: [String], conditional: Bool = false, to console: Console
  ) {
    let verb = conditional ? "would be" : "was"
    let verbs = conditional ? "would be" : "were"
    if !kept.isEmpty {
      let one = kept.count == 1
      console.error(
        "note: \(kept.count) kind\(one ? " is" : "s are") in the catalog but not in the file, "
          + "and \(one ? verb : verbs) kept (--prune removes them): \(listed(kept))")
    }
    if !keptDeprecations.isEmpty {
      let one = keptDeprecations.count == 1
      console.error(
        "note: \(keptDeprecations.count) kind\(one ? " is" : "s are") deprecated in the catalog "
          + "and the file does not say \"deprecated\", so \(one ? "it stays" : "they stay") "
          + "deprecated (\"deprecated\": false or 'catalog undeprecate' clears it): "
          + listed(keptDeprecations))
    }
  }

  /// The file's entries under names the catalog renamed, on stderr, one note each: what the
  /// write did with them (`formerNames`), or for a preview (`conditional`) what an import
  /// would do.
  static func printFormerNames(
    _ uses: [FormerName], file: String, _ formerNames: FormerNames, conditional: Bool = false,
    to console: Console
  ) {
    for use in uses {
      let place = use.position.map { "\(file):\($0.line):\($0.column)" } ?? file
      let current = JSONValue.string(use.currentKind).canonicalText
      let outcome: String
      switch formerNames {
      case .refuse:
        outcome =
          "import refuses it (--follow-renames applies the entry to \(current), "
          + "--allow-former-names adds it as a new component, or rename it in the file)"
      case .follow:
        outcome =
          "the entry \(conditional ? "would be" : "was") applied to \(current) (--follow-renames)"
      case .addAsNew:
        outcome =
          "it \(conditional ? "would be" : "was") added as a new component (--allow-former-names)"
      }
      console.error(
        "note: \(place): \(use.description); the file still uses the old name: \(outcome)")
    }
  }

  /// The waiver a write recorded with `--allow-breaking`: what it let through, on stderr.
  static func printWaiver(_ result: WriteResult, to console: Console) {
    guard let waiver = result.waiver else { return }
    let count = result.waivedViolations.count
    console.error(
      "note: --allow-breaking let \(count.counting("refused change")) through; "
        + "the waiver is recorded on revision \(waiver.revision) ('catalog log --waivers'):")
    for violation in result.waivedViolations {
      console.error("  " + Finding(violation, file: nil).message)
    }
  }

  /// The first ten kinds, and how many more: `a, b, … and 3 more`.
  private static func listed(_ kinds: [String]) -> String {
    kinds.prefix(10).joined(separator: ", ")
      + (kinds.count > 10 ? ", … and \(kinds.count - 10) more" : "")
  }

  /// The counts, and `, document frame changed` when the write changed the document's form
  /// or top-level members.
  static func summary(_ result: WriteResult) -> String {
    counts(result.counts) + (result.changedFrame ? ", document frame changed" : "")
  }

  static func counts(_ counts: ChangeCounts) -> String {
    var text = "\(counts.added) added, \(counts.changed) changed, \(counts.removed) removed"
    if counts.moved > 0 { text += ", \(counts.moved) moved" }
    return text
  }
}
