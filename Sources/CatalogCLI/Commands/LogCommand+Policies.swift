import CatalogStore
import Components

/// What `log` shows of the compatibility policies: waivers under their revisions, policy
/// changes between the revisions they came after, and `log --waivers`.
extension LogCommand {
  /// `log --waivers`: every waiver, newest first, with what it let through.
  static func printWaivers(
    _ catalog: Catalog, json: Bool, _ terminal: TerminalOptions, to console: Console
  ) throws {
    let waivers = Array(try catalog.waivers().reversed())
    if json {
      HistoryFormat.printJSON(.array(waivers.map { .object(HistoryJSON.waiver($0)) }), to: console)
      return
    }
    for (i, waiver) in waivers.enumerated() {
      try console.checkOutput()
      if i > 0 { console.print() }
      console.print(styled: terminal.palette(.revision, "revision \(waiver.revision)"))
      printWaiver(waiver, terminal, to: console)
    }
  }

  /// The waiver lines under a revision's header.
  static func printWaiver(_ waiver: Waiver, _ terminal: TerminalOptions, to console: Console) {
    let paint = terminal.palette
    console.print(
      styled:
        "\(paint(.waiver, "Waiver:"))  \(waiver.reason) (by \(paint(.author, waiver.author)), "
        + "\(paint(.time, terminal.times.text(waiver.time))))")
    for change in waiver.changes {
      console.print(
        "         \(change.rule) \(change.pointer.isEmpty ? "\"\"" : change.pointer) in \(change.kind) (\(change.mode))"
      )
    }
  }

  /// A policy change as `log` prints it, between the revisions it came after and before.
  static func printPolicyChange(
    _ record: PolicyRecord, oneline: Bool, _ terminal: TerminalOptions, to console: Console
  ) {
    let paint = terminal.palette
    if oneline {
      console.print(
        styled: "\(paint(.policy, "policy \(record.id)")) \(PolicyCommand.describe(record))")
      return
    }
    console.print(
      styled: paint(
        .policy, "policy change \(record.id) (after revision \(record.afterRevision))"))
    console.print(styled: "Author:  \(paint(.author, record.author))")
    console.print(styled: "Date:    \(paint(.time, terminal.times.text(record.time)))")
    console.print("Change:  \(PolicyCommand.describe(record))")
  }

  /// Whether the log lists every revision in a span, so that policy changes can be placed
  /// between them: no filter but a range.
  static func showsPolicyChanges(_ filter: RevisionFilter) -> Bool {
    filter.authors.isEmpty && filter.messages.isEmpty && filter.since == nil && filter.until == nil
      && filter.path == nil
  }
}

extension LogCommand {
  /// A line of the log: a revision, or a policy change.
  enum TimelineItem {
    case revision(Revision)
    case policy(PolicyRecord)
  }

  /// The revisions, with the policy changes made between them (a change made after
  /// revision N sits above N, newest first); changes outside the span shown are left out.
  static func timeline(
    _ revisions: [Revision], reversed: Bool, policyChanges: [PolicyRecord], head: Int64
  ) -> [TimelineItem] {
    let newestFirst = reversed ? Array(revisions.reversed()) : revisions
    var records = policyChanges.sorted { $0.id > $1.id }
    if let newest = newestFirst.first, let oldest = newestFirst.last {
      let lower = oldest.id == 1 ? 0 : oldest.id
      let upper = newest.id == head ? head : newest.id - 1
      records = records.filter { $0.afterRevision >= lower && $0.afterRevision <= upper }
    }
    var items: [TimelineItem] = []
    var next = 0
    for revision in newestFirst {
      while next < records.count, records[next].afterRevision >= revision.id {
        items.append(.policy(records[next]))
        next += 1
      }
      items.append(.revision(revision))
    }
    items += records[next...].map { .policy($0) }
    return reversed ? items.reversed() : items
  }
}
