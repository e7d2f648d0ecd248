import CatalogDiff
import CatalogSite
import CatalogStorage
import CatalogStore
import Components

/// The `--format json` results of the commands that report (docs/cli.md, "JSON results"):
/// one object on stdout, with field names that stay stable for scripts.
enum ResultJSON {
  /// One located problem: `file`, `line`, `column`, `pointer` and `message`; `line`, `column`
  /// and `pointer` are `null` for a problem that is not in the file's text (a file that cannot
  /// be read).
  struct Problem {
    var file: String
    var line: Int?
    var column: Int?
    var pointer: String?
    var message: String

    init(file: String, _ diagnostic: JSONDiagnostic) {
      self.file = file
      line = diagnostic.position.line
      column = diagnostic.position.column
      pointer = diagnostic.pointer.description
      switch diagnostic.category {
      case .invalidJSON: message = "invalid JSON: \(diagnostic.message)"
      case .invalidDocument, .readFailure: message = diagnostic.message
      }
    }

    init(file: String, message: String) {
      self.file = file
      self.message = message
    }

    init(_ problem: DocumentProblem) {
      file = problem.file
      line = problem.position?.line
      column = problem.position?.column
      pointer = problem.pointer?.description
      message = problem.message
    }

    var json: JSONValue {
      object([
        ("file", .string(file)), ("line", line.map(number) ?? .null),
        ("column", column.map(number) ?? .null),
        ("pointer", pointer.map(JSONValue.string) ?? .null),
        ("message", .string(message)),
      ])
    }
  }

  /// What a writing command did:
  /// `{"command", "revision", "head", "dryRun", "counts", "frameChanged", "kinds", "notes",
  /// "problems"}`.
  static func write(_ result: WriteResult, command: String) -> JSONValue {
    let counts = result.counts
    return object([
      ("command", .string(command)),
      ("revision", result.revision.map { number(Int($0.id)) } ?? .null),
      ("head", number(Int(result.head))),
      ("dryRun", .bool(result.dryRun)),
      (
        "counts",
        object([
          ("added", number(counts.added)), ("changed", number(counts.changed)),
          ("removed", number(counts.removed)), ("moved", number(counts.moved)),
        ])
      ),
      ("frameChanged", .bool(result.changedFrame)),
      (
        "kinds",
        object([
          ("added", strings(result.added)), ("changed", strings(result.changed)),
          ("removed", strings(result.removed)), ("moved", strings(result.moved)),
        ])
      ),
      notes(kept: result.kept, keptDeprecations: result.keptDeprecations),
      ("problems", .array([])),
    ])
  }

  /// A writing command that found problems in its input and wrote nothing.
  static func rejected(command: String, problems: [Problem]) -> JSONValue {
    object([
      ("command", .string(command)), ("revision", .null), ("head", .null),
      ("dryRun", .null), ("counts", .null), ("frameChanged", .null), ("kinds", .null),
      notes(kept: [], keptDeprecations: []),
      ("problems", .array(problems.map(\.json))),
    ])
  }

  /// `check`, with and without `--against`: `{"command", "ok", "against", "files": [{"file",
  /// "components", "problems"}], "problems", "findings"}`. `against` is `null` without
  /// `--against`, else `{"reference", "revision", "commit", "counts"}` (`commit` for a git
  /// base; `revision` and `counts` `null` when the file or the reference could not be read); `findings` is `[]` without it.
  /// With `--clients`, the findings include the payloads the retained builds reject (mode
  /// `CLIENTS`) and a last member, `clients`, holds the client matrix of the file.
  static func check(
    _ results: [CheckCommand.FileResult], against: CheckCommand.AgainstResult?,
    report: FindingReport? = nil, clients: JSONValue? = nil
  ) -> JSONValue {
    let problems = results.flatMap(\.problems).map { Problem($0).json }
    let fails = report?.findings.contains(where: \.fails) ?? false
    var members: [(String, JSONValue)] = [
      ("command", .string("check")),
      ("ok", .bool(problems.isEmpty && !fails)),
      (
        "against",
        against.map { against in
          object([
            ("reference", .string(against.reference)),
            ("revision", against.revision.map { number(Int($0)) } ?? .null),
            ("commit", against.commit.map(JSONValue.string) ?? .null),
            (
              "counts",
              against.counts.map { counts in
                object([
                  ("added", number(counts.added)), ("changed", number(counts.changed)),
                  ("removed", number(counts.removed)),
                ])
              } ?? .null
            ),
          ])
        } ?? .null
      ),
      (
        "files",
        .array(
          results.map { result in
            object([
              ("file", .string(result.file)),
              ("components", result.components.map(number) ?? .null),
              ("problems", .array(result.problems.map { Problem($0).json })),
            ])
          })
      ),
      ("problems", .array(problems)),
      ("findings", .array(report?.findingValues() ?? [])),
    ]
    // `check --clients`: the client matrix of the file, as `clients FILE` prints it.
    if let clients { members.append(("clients", clients)) }
    return object(members)
  }

  /// `tag`: `{"command", "action", "tag", "previousRevision", "revision"}`, `action` being
  /// `created`, `moved`, `annotated`, `unchanged` or `deleted`; `previousRevision` is the
  /// revision a moved tag named before, else `null`.
  static func tag(_ tag: Tag, action: String, previousRevision: Int64? = nil) -> JSONValue {
    object([
      ("command", .string("tag")), ("action", .string(action)),
      ("tag", tagObject(tag, record: nil, moves: nil)),
      ("previousRevision", previousRevision.map { number(Int($0)) } ?? .null),
      ("revision", .null),
    ])
  }

  /// `tag --list`: `{"command", "tags": [{"name", "revision", "time", "author", "message",
  /// "digest", "lastMoved": {"time", "author", "from"} or null, "moves": [{"from", "to",
  /// "time", "author"}]}]}`: `time` and `author` are the tagger's (null where a catalog made
  /// before tag events did not record them), `moves` the tag's moves since it was made.
  static func tags(_ records: [TagRecord], events: [TagEvent]) -> JSONValue {
    let byName = Dictionary(grouping: events) { BytewiseString($0.name) }
    return object([
      ("command", .string("tag")),
      (
        "tags",
        .array(
          records.map { record in
            let own = byName[BytewiseString(record.tag.name)] ?? []
            let since = own.filter { $0.id >= (record.created?.id ?? 0) }
            return tagObject(
              record.tag, record: record, moves: since.filter { $0.operation == .move })
          })
      ),
    ])
  }

  /// `tag --history`: `{"command", "events": [{"id", "name", "operation", "from", "to",
  /// "time", "author", "message", "carried", "digest", "eventDigest"}]}`, oldest first.
  static func tagHistory(_ events: [TagEvent]) -> JSONValue {
    object([
      ("command", .string("tag")),
      (
        "events",
        .array(
          events.map { event in
            object([
              ("id", number(Int(event.id))), ("name", .string(event.name)),
              ("operation", .string(event.operation.rawValue)),
              ("from", event.fromRevision.map { number(Int($0)) } ?? .null),
              ("to", event.toRevision.map { number(Int($0)) } ?? .null),
              ("time", event.storedTime.map(JSONValue.string) ?? .null),
              ("author", event.author.map(JSONValue.string) ?? .null),
              ("message", .string(event.message)), ("carried", .bool(event.carried)),
              ("digest", event.exportDigest.map { .string($0.description) } ?? .null),
              ("eventDigest", event.digest.map { .string($0.description) } ?? .null),
            ])
          })
      ),
    ])
  }

  /// A policy change (`policy set`, `unset`, `ignore`, `unignore`, `import`):
  /// `{"command": "policy", "action", "changes": [{"id", "afterRevision", "time", "author",
  /// "action", "scope", "name", "mode", "rule", "pointer"}], "revision": null}`; `changes` is
  /// empty when the policies already were as asked.
  static func policy(_ records: [PolicyRecord], action: String) -> JSONValue {
    object([
      ("command", .string("policy")), ("action", .string(action)),
      (
        "changes",
        .array(
          records.map { record in
            object([
              ("id", number(Int(record.id))), ("afterRevision", number(Int(record.afterRevision))),
              ("time", .string(Timestamp.string(record.time))), ("author", .string(record.author)),
              ("action", .string(record.action.rawValue)),
              ("scope", .string(record.scope.rawValue)),
              ("name", .string(record.name)), ("mode", record.mode.map(JSONValue.string) ?? .null),
              ("rule", record.rule.map(JSONValue.string) ?? .null),
              ("pointer", record.pointer.map(JSONValue.string) ?? .null),
            ])
          })
      ),
      ("revision", .null),
    ])
  }

  /// `doctor`: `{"command", "ok", "revision", "counts", "notes", "problems"}`.
  /// `counts` is `null` when the catalog's schema could not be read.
  static func doctor(_ report: DoctorReport?, notes: [String], problems: [String]) -> JSONValue {
    object([
      ("command", .string("doctor")), ("ok", .bool(problems.isEmpty)), ("revision", .null),
      (
        "counts",
        report.map { report in
          object([
            ("revisions", number(Int(report.revisions))),
            ("entryVersions", number(report.entryVersions)),
            ("components", number(report.components)),
            ("tagEvents", number(report.tagEvents)),
          ])
        } ?? .null
      ),
      ("headDigest", report?.headDigest.map { .string($0.description) } ?? .null),
      ("notes", strings(notes)),
      ("problems", .array(problems.map { object([("message", .string($0))]) })),
    ])
  }

  /// `copy`: `{"command", "from", "to", "revisions", "entryVersions", "tags"}`, the
  /// locations as messages show them (a connection string's password redacted).
  static func copy(_ summary: CopySummary, from: String, to: String) -> JSONValue {
    object([
      ("command", .string("copy")), ("from", .string(from)), ("to", .string(to)),
      ("revisions", number(summary.revisions)), ("entryVersions", number(summary.entryVersions)),
      ("tags", number(summary.tags)),
    ])
  }

  /// `site`: `{"command", "output", "revision", "kinds", "revisions", "releases", "files"}`.
  static func site(_ summary: CatalogSite.Summary, output: String) -> JSONValue {
    object([
      ("command", .string("site")), ("output", .string(output)),
      ("revision", number(Int(summary.revision))), ("kinds", number(summary.kinds)),
      ("revisions", number(summary.revisions)), ("releases", number(summary.releases)),
      ("files", number(summary.files)),
    ])
  }

  /// `git install` / `git uninstall`: `{"command": "git", "action", "path", "changes"}`,
  /// `changes` the lines the text format prints (`[]`: nothing to do).
  static func gitChange(_ done: [String], action: String, path: String) -> JSONValue {
    object([
      ("command", .string("git")), ("action", .string(action)), ("path", .string(path)),
      ("changes", strings(done)),
    ])
  }

  /// `git check`: `{"command": "git", "action": "check", "path", "installed", "missing":
  /// [{"file", "setting", "found"}]}`, `file` `.gitattributes` (`setting` the line) or
  /// `.git/config` (`setting` the key, `found` its value or `null`).
  static func gitCheck(path: String, missing: [(file: String, setting: String, found: String?)])
    -> JSONValue
  {
    object([
      ("command", .string("git")), ("action", .string("check")), ("path", .string(path)),
      ("installed", .bool(missing.isEmpty)),
      (
        "missing",
        .array(
          missing.map {
            object([
              ("file", .string($0.file)), ("setting", .string($0.setting)),
              ("found", $0.found.map(JSONValue.string) ?? .null),
            ])
          })
      ),
    ])
  }

  /// The merge report, with the conflicts of top-level members (`"kind": null`, line 1, the
  /// form as `"object"` or `"array"`) after the entries' and counted with them.
  static func merge(
    _ merge: CatalogMerge, frames: FrameMerge, sides: [DocumentFrame],
    marked: CatalogMerge.MarkedDocument
  ) -> JSONValue {
    guard case .object(var report) = merge.reportValue, !frames.conflicts.isEmpty,
      case .array(var conflicts) = report["conflicts"],
      case .object(var counts) = report["counts"]
    else { return merge.reportValue }
    // The entries' markers moved by the top-level members' ones.
    for (index, line) in zip(conflicts.indices, marked.lines) {
      guard case .object(var conflict) = conflicts[index] else { continue }
      conflict["line"] = .number(JSONNumber(line))
      conflicts[index] = .object(conflict)
    }
    let lookups = sides.map(\.memberLookup)
    for (pointer, line) in zip(frames.conflicts, marked.frameLines) {
      var conflict = JSONObject()
      conflict["kind"] = .null
      conflict["path"] = .string(pointer.description)
      conflict["line"] = .number(JSONNumber(line))
      conflict["reason"] = .string(CatalogMerge.Conflict.Reason.bothChanged.rawValue)
      for (name, (side, lookup)) in zip(["base", "ours", "theirs"], zip(sides, lookups)) {
        if let value = MergeCommand.frameValue(side, lookup, at: pointer) { conflict[name] = value }
      }
      conflicts.append(.object(conflict))
    }
    report["clean"] = .bool(false)
    report["conflicts"] = .array(conflicts)
    counts["conflicts"] = .number(JSONNumber(conflicts.count))
    report["counts"] = .object(counts)
    return .object(report)
  }

  static func print(_ value: JSONValue, to console: Console) {
    console.write(JSONWriter.indentedBytes(value) + [0x0A])
  }

  /// A tag; with its record and `moves` (in `tag --list`), its tagger, digest, last move
  /// and recorded moves, oldest first.
  private static func tagObject(_ tag: Tag, record: TagRecord?, moves: [TagEvent]?) -> JSONValue {
    guard let record, let moves else {
      return object([
        ("name", .string(tag.name)), ("revision", number(Int(tag.revision))),
        ("time", .string(Timestamp.string(tag.time))), ("author", .string(tag.author)),
        ("message", .string(tag.message)),
      ])
    }
    func move(_ event: TagEvent, to: Bool) -> JSONValue {
      object(
        [("from", number(Int(event.fromRevision ?? 0)))]
          + (to ? [("to", number(Int(event.toRevision ?? 0)))] : [])
          + [
            ("time", event.storedTime.map(JSONValue.string) ?? .null),
            ("author", event.author.map(JSONValue.string) ?? .null),
          ])
    }
    return object([
      ("name", .string(tag.name)), ("revision", number(Int(tag.revision))),
      ("time", record.created?.storedTime.map(JSONValue.string) ?? .null),
      ("author", record.created?.author.map(JSONValue.string) ?? .null),
      ("message", .string(tag.message)),
      ("digest", record.exportDigest.map { .string($0.description) } ?? .null),
      ("lastMoved", record.lastMove.map { move($0, to: false) } ?? .null),
      ("moves", .array(moves.map { move($0, to: true) })),
    ])
  }

  private static func notes(kept: [String], keptDeprecations: [String]) -> (String, JSONValue) {
    (
      "notes",
      object([("keptKinds", strings(kept)), ("keptDeprecations", strings(keptDeprecations))])
    )
  }

  static func object(_ members: [(String, JSONValue)]) -> JSONValue {
    .object(JSONObject(members.map { JSONObject.Member(key: $0.0, value: $0.1) }))
  }

  static func number(_ value: Int) -> JSONValue { .number(JSONNumber(value)) }

  static func strings(_ values: some Sequence<String>) -> JSONValue {
    .array(values.map(JSONValue.string))
  }
}
