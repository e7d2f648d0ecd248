import CatalogDiff
import CatalogStore
import Components

/// `catalog log [KIND | A..B]`: revisions newest first, or the history of one kind.
enum LogCommand: CatalogCommand {
  static let kind: ArgumentKey<String?> = .positional(
    "kind", arity: .optional,
    help: "List only the revisions that touched this kind, or those of a range A..B."
  ).completing(.kind)
  static let limit: ArgumentKey<Int?> = .option(
    "limit", short: "n", valueName: "n", minimum: 1,
    help: "List at most <n> revisions (-n <n>, as in git).")
  static let patch: ArgumentKey<Bool> = .flag(
    "patch", short: "p", help: "Show each revision's changes, as 'catalog diff' does.")
  static let stat: ArgumentKey<Bool> = .flag(
    "stat", help: "Show one line per changed kind, as 'catalog diff --stat' does.")
  static let oneline: ArgumentKey<Bool> = .flag(
    "oneline", help: "One line per revision: number, tags, and message or source.")
  static let reverse: ArgumentKey<Bool> = .flag("reverse", help: "Oldest first.")
  static let waivers: ArgumentKey<Bool> = .flag(
    "waivers",
    help:
      "List the waivers (--allow-breaking): each revision's reason, author and the refused "
      + "changes it let through.")
  static let author: ArgumentKey<[String]> = .repeatableOption(
    "author", valueName: "name",
    help: "Only revisions whose author contains <name>; repeated, any of them.")
  static let grep: ArgumentKey<[String]> = .repeatableOption(
    "grep", valueName: "text",
    help: "Only revisions whose message contains <text>; repeated, any of them.")
  static let since: ArgumentKey<String?> = .option(
    "since", valueName: "time", help: "Only revisions written at or after <time> (ISO-8601).")
  static let until: ArgumentKey<String?> = .option(
    "until", valueName: "time", help: "Only revisions written at or before <time> (ISO-8601).")
  static let path: ArgumentKey<String?> = .option(
    "path", valueName: "pointer",
    help: "Only revisions that changed something at <pointer> (such as /payload/title).")

  static let spec = CommandSpec(
    name: "log",
    abstract: "List revisions, newest first.",
    discussion: """
      Shows each revision's number, time, author, message, source file, counts of kinds \
      added, changed and removed, and its tags.

      With <kind>, lists only the revisions that touched that kind, each with what \
      changed: added, removed, renamed, deprecated, or the changed fields as JSON \
      Pointers (array elements aligned as diff aligns them). The history of a renamed kind \
      is followed back through its old names. With a range A..B, lists the revisions after \
      A up to and including B (A.. means up to head, ..B from the first revision).

      -p adds each revision's changes as 'catalog diff' prints them, --stat a line per kind \
      (both: the lines, then the changes, as git log -p --stat); they compare the revision \
      with the one before it, by component identity. Filters combine: --author (a substring \
      of the author; repeated, any of them), --grep (a substring of the message; repeated, \
      any of them), --since and --until (ISO-8601 times, \
      inclusive), --path (revisions that changed something at that JSON Pointer inside an \
      entry, in any kind). --limit (-n) counts the revisions kept; --reverse prints them \
      oldest first. --oneline is text only: with --format json it is a usage error, as is \
      any option a format would ignore.

      A revision written with --allow-breaking shows its waiver (the reason, who, and each \
      refused change it let through); --waivers lists only the waivers. Changes to the \
      compatibility policies ('catalog policy') are shown between the revisions they were \
      made after, unless a filter (--author, --since, --until, --path, <kind>) is given.

      On a terminal the log goes through a pager ($CATALOG_PAGER, else $PAGER, else less \
      -FRX; --no-pager writes directly), is coloured (--color) and shows times in the local \
      time zone with its offset (--utc for UTC). Elsewhere, and with --format json, it is \
      plain text with UTC times, as stored.
      """,
    arguments: [
      kind.spec, limit.spec, CommonArguments.listFormat.spec, patch.spec, stat.spec,
      oneline.spec, reverse.spec, waivers.spec, author.spec, grep.spec, since.spec, until.spec,
      path.spec,
      CommonArguments.noPager.spec, CommonArguments.color.spec, CommonArguments.utc.spec,
    ],
    constraints: [
      .mutuallyExclusive(oneline, patch), .mutuallyExclusive(oneline, stat),
      // --waivers lists the waivers, not revisions: the revision filters and layouts would
      // be ignored, so they are refused.
      .mutuallyExclusive(waivers, kind), .mutuallyExclusive(waivers, limit),
      .mutuallyExclusive(waivers, patch), .mutuallyExclusive(waivers, stat),
      .mutuallyExclusive(waivers, oneline), .mutuallyExclusive(waivers, reverse),
      .mutuallyExclusive(waivers, author), .mutuallyExclusive(waivers, grep),
      .mutuallyExclusive(waivers, since),
      .mutuallyExclusive(waivers, until), .mutuallyExclusive(waivers, path),
    ],
    examples: [
      Example("The last five revisions:", "catalog log --limit 5"),
      Example("Every change to one kind:", "catalog log tile-preview"),
      Example("What changed between two releases, with the changes:", "catalog log -p v1..v2"),
      Example("Who touched a field, oldest first:", "catalog log --path /payload/title --reverse"),
      Example(
        "One line each, by one author this month:",
        "catalog log --oneline --author ann --since 2026-11-01"),
      Example("The history for a script:", "catalog log --format json"),
      Example("Every deliberate break, with its reason:", "catalog log --waivers"),
      Example("On a terminal, without the pager, in UTC:", "catalog log --no-pager --utc"),
    ],
    seeAlso: ["show", "blame", "tag", "diff"])

  static func run(_ context: CommandContext) throws -> ExitStatus {
    let catalog = try context.openCatalogWithRevisions()
    let arguments = context.arguments
    let limit = arguments[Self.limit]
    let format = arguments[CommonArguments.listFormat] ?? .text
    let console = context.console
    let terminal = context.pagedTerminal(json: format == .json)
    let paint = terminal.palette
    var filter = try self.filter(arguments)
    var kind = arguments[Self.kind]
    if let operand = kind, let range = try range(operand, catalog: catalog) {
      (filter.after, filter.upTo) = range
      kind = nil
    }
    let detail = Detail(patch: arguments[patch], stat: arguments[stat])
    let oneline = arguments[Self.oneline]
    if format == .json, oneline {
      throw UsageError.invalidArguments(
        "'--oneline' cannot be used with '--format json' (it shapes the text format)")
    }
    if arguments[Self.waivers] {
      try printWaivers(catalog, json: format == .json, terminal, to: console)
      return .success
    }
    if let kind {
      var items = try catalog.history(of: kind, matching: filter, limit: limit)
      if arguments[reverse] { items.reverse() }
      switch format {
      case .json:
        HistoryFormat.printJSON(
          .array(
            try items.map { item in
              var object = HistoryJSON.kindHistoryItem(item)
              if detail != .none {
                object["diff"] = try changes(of: item, in: catalog, path: filter.path)
                  .summaryValue
              }
              return .object(object)
            }), to: console)
      case .text:
        for (i, item) in items.enumerated() {
          try console.checkOutput()
          if oneline {
            console.print(
              styled: "\(HistoryFormat.oneline(item.revision, paint))  \(describe(item))")
            continue
          }
          if i > 0 { console.print() }
          HistoryFormat.printRevision(item.revision, terminal, to: console)
          console.print(styled: "Change:  \(describe(item))")
          try printDetail(
            detail, changes(of: item, in: catalog, path: filter.path), blank: true,
            color: terminal.color, to: console)
        }
      }
    } else {
      var revisions = try catalog.revisions(matching: filter, limit: limit)
      if arguments[reverse] { revisions.reverse() }
      switch format {
      case .json:
        let waivers = try catalog.waivers()
        HistoryFormat.printJSON(
          .array(
            try revisions.map { revision in
              var object = HistoryJSON.revision(revision)
              if let waiver = waivers.first(where: { $0.revision == revision.id }) {
                object["waiver"] = .object(HistoryJSON.waiver(waiver))
              }
              if detail != .none {
                let changes = try catalog.changes(in: .number(revision.id)).1
                object["diff"] =
                  (filter.path.map { changes.restricted(toPath: $0) } ?? changes).summaryValue
              }
              return .object(object)
            }), to: console)
      case .text:
        let waivers = try catalog.waivers()
        let items = try timeline(
          revisions, reversed: arguments[reverse],
          policyChanges: showsPolicyChanges(filter) ? catalog.policyHistory() : [],
          head: catalog.head()?.id ?? 0)
        for (i, item) in items.enumerated() {
          try console.checkOutput()
          guard case .revision(let revision) = item else {
            if case .policy(let record) = item {
              if i > 0 && !oneline { console.print() }
              printPolicyChange(record, oneline: oneline, terminal, to: console)
            }
            continue
          }
          let waiver = waivers.first { $0.revision == revision.id }
          if oneline {
            // With --path, the kinds that changed there, as a kind's log names what happened.
            let kinds = try filter.path.map {
              try catalog.changes(in: .number(revision.id)).1.kinds(touching: $0)
            }
            let touched: StyledText = kinds.map { "  \($0.joined(separator: ", "))" } ?? ""
            console.print(
              styled: HistoryFormat.oneline(revision, paint)
                + (waiver.map { paint(.waiver, " (waiver: \($0.reason))") } ?? "") + touched)
            continue
          }
          if i > 0 { console.print() }
          var blank = !HistoryFormat.printRevision(revision, terminal, to: console)
          if let waiver {
            printWaiver(waiver, terminal, to: console)
            blank = true
          }
          if detail != .none {
            // With --path, only the changes there, as `git log -p -- PATH`.
            let changes = try catalog.changes(in: .number(revision.id)).1
            try printDetail(
              detail, filter.path.map { changes.restricted(toPath: $0) } ?? changes,
              blank: blank, color: terminal.color, to: console)
          }
        }
      }
    }
    return .success
  }

  /// What `-p` and `--stat` add under each revision: with both, the stat lines, a blank
  /// line, then the changes, as `git log -p --stat` prints them.
  struct Detail: Equatable {
    var patch: Bool
    var stat: Bool

    static let none = Detail(patch: false, stat: false)
  }

  static func printDetail(
    _ detail: Detail, _ diff: @autoclosure () throws -> CatalogDiff, blank: Bool, color: Bool,
    to console: Console
  ) throws {
    guard detail != .none else { return }
    if blank { console.print() }
    let computed = try diff()
    if detail.stat { console.write(Array(computed.stat(color: color).utf8)) }
    if detail.stat && detail.patch { console.print() }
    if detail.patch { console.write(Array(computed.text(color: color).utf8)) }
  }

  /// The revision's changes to the one kind an item is about.
  static func changes(of item: KindHistoryItem, in catalog: Catalog, path: JSONPointer? = nil)
    throws -> CatalogDiff
  {
    let changes = try catalog.changes(in: .number(item.revision.id)).1.restricted(
      to: [item.kind])
    return path.map { changes.restricted(toPath: $0) } ?? changes
  }

  /// The filter options.
  static func filter(_ arguments: ParsedArguments) throws -> RevisionFilter {
    var filter = RevisionFilter()
    filter.authors = arguments[author]
    filter.messages = arguments[grep]
    for key in [since, until] {
      guard let text = arguments[key] else { continue }
      guard let date = Timestamp.parse(text) else {
        throw UsageError.invalidArguments(
          "invalid value '\(text)' for '--\(key.spec.name) <time>': expected an ISO-8601 time "
            + "such as 2026-11-29 or 2026-11-29T14:03:00Z")
      }
      if key.spec == since.spec { filter.since = date } else { filter.until = date }
    }
    if let text = arguments[path] {
      do {
        filter.path = try JSONPointer(parsing: text)
      } catch {
        throw UsageError.invalidArguments(
          "invalid value '\(text)' for '--path <pointer>': \(error.reason)")
      }
    }
    return filter
  }

  /// `A..B`, `A..` or `..B` as a range of revisions, unless a kind has that name.
  static func range(_ operand: String, catalog: Catalog) throws -> (
    RevisionReference?, RevisionReference?
  )? {
    guard let dots = operand.range(of: "..") else { return nil }
    if (try? catalog.history(of: operand, limit: 1)) != nil { return nil }
    let lower = operand[..<dots.lowerBound]
    let upper = operand[dots.upperBound...]
    return (
      lower.isEmpty ? nil : RevisionReference(parsing: String(lower)),
      upper.isEmpty ? nil : RevisionReference(parsing: String(upper))
    )
  }

  static func describe(_ item: KindHistoryItem) -> String {
    switch item.change {
    case .added: return "added as \(item.kind)"
    case .removed: return "removed"
    case .moved: return "moved"
    case .renamed, .changed:
      var parts: [String] = []
      if let previous = item.previousKind {
        parts.append("renamed from \(previous) to \(item.kind)")
      }
      if let deprecated = item.deprecation {
        parts.append(deprecated ? "deprecated" : "undeprecated")
      }
      let fields = item.changes.filter {
        $0.pointer.tokens.first != "kind" && $0.pointer.tokens.first != "deprecated"
          && $0.rule != .membersReordered
      }
      if !fields.isEmpty {
        parts.append("changed " + fields.map(\.pointer.description).joined(separator: ", "))
      }
      let reordered = item.changes.filter { $0.rule == .membersReordered }
      if !reordered.isEmpty {
        parts.append(
          "reordered the members of "
            + reordered.map { $0.pointer.tokens.isEmpty ? "the entry" : $0.pointer.description }
            .joined(separator: ", "))
      }
      return parts.isEmpty ? "changed" : parts.joined(separator: "; ")
    }
  }
}
