import CatalogDiff
import CatalogStore
import Components

/// `catalog merge BASE OURS THEIRS`: a three-way merge of components.json files.
enum MergeCommand: CatalogCommand {
  static let base: ArgumentKey<String?> = .positional(
    "base", help: "The common ancestor: a file, or '-' for stdin."
  ).completing(.file)
  static let ours: ArgumentKey<String?> = .positional("ours", help: "Our version: a file, or '-'.")
    .completing(.file)
  static let theirs: ArgumentKey<String?> = .positional(
    "theirs", help: "Their version: a file, or '-'."
  ).completing(.file)
  static let output: ArgumentKey<String?> = .option(
    "output", short: "o", valueName: "file",
    help: "Write the result to <file> instead of stdout ('-' is stdout); may be <ours>."
  ).completing(.file)
  static let name: ArgumentKey<String?> = .option(
    "name", valueName: "file",
    help: "The file name messages give the result (git passes the real path, %P).")
  static let format: ArgumentKey<CommonArguments.ResultFormat?> = .choice(
    "format", valueName: "format", of: CommonArguments.ResultFormat.self,
    help: "text writes the result; json prints the merge report (the result goes to --output).")

  static let spec = CommandSpec(
    name: "merge",
    abstract: "Merge two components.json files made from a common base.",
    discussion: """
      A three-way merge, as git's merge driver (see 'catalog git install'): entries are \
      matched by kind and values merged down to JSON Pointers. A change made on one side \
      is taken, the same change made on both sides is taken once, and arrays are lined up \
      as 'catalog diff' lines them up, so insertions at different places combine. Entry \
      and member order follow <ours>, with <theirs>' additions after their nearest \
      unchanged neighbour.

      Conflicts: different changes to one value; a change on one side where the other \
      removed the entry, member or element; two different new entries (or members) with \
      one name; different insertions at one place of an array. The result then has \
      conflict markers (<<<<<<< OURS, =======, >>>>>>> THEIRS) around the smallest \
      enclosing entry or member, so it is not valid JSON until resolved ('catalog check' \
      shows each marker left), and each conflict is printed on stderr as \
      FILE:LINE: conflict: POINTER: ours VALUE, theirs VALUE.

      The result is written in the canonical export format, to --output (which may be \
      <ours>, as git passes it) or stdout. With --format json the merge report goes to \
      stdout: every change taken and from which side, and every conflict with its \
      pointer, line and the three values.

      Top-level members other than "components" (a "$schema", a "version") merge the same \
      way, member by member; two different changes to one are a conflict, reported as \
      FILE:1: conflict: top-level member /version: …, and the result keeps ours.

      Exit status: 0 merged cleanly, 1 conflicts, 2 trouble (an operand missing or invalid).
      """,
    arguments: [
      base.spec, ours.spec, theirs.spec, output.spec, name.spec, format.spec,
    ],
    examples: [
      Example(
        "Merge as git does (this is the driver 'catalog git install' sets up):",
        "catalog merge base.json ours.json theirs.json --output ours.json"),
      Example(
        "Print the merge report:", "catalog merge base.json ours.json theirs.json --format json"),
    ],
    seeAlso: ["git", "diff", "check"])

  /// Like diff(1), every kind of trouble is 2.
  static var failureStatus: ExitStatus? { .trouble }

  static func run(_ context: CommandContext) throws -> ExitStatus {
    let arguments = context.arguments
    let operands = [base, ours, theirs].map { arguments[$0] ?? "" }
    if operands.count(where: { $0 == "-" }) > 1 {
      throw UsageError.invalidArguments("at most one operand may be '-' (standard input)")
    }
    let format = arguments[Self.format] ?? .text
    let output = arguments[Self.output]

    let merge: CatalogMerge
    let frames: FrameMerge
    let sides: [DocumentFrame]
    do {
      let documents = try operands.map { operand in
        try (operand == "-" ? DocumentSource.standardInput : .file(operand)).readDocument()
      }
      sides = documents.map(\.frame)
      // The top-level members merge as an entry's other members do; where they conflict the
      // result keeps OURS' and the conflict is reported (exit 1), never dropped.
      frames = FrameMerge(
        base: documents[0].frame, ours: documents[1].frame, theirs: documents[2].frame)
      merge = try CatalogMerge(
        base: documents[0].entries, ours: documents[1].entries, theirs: documents[2].entries,
        frame: frames.frame ?? documents[1].frame)
    } catch let error as CatalogMergeError {
      context.console.error("catalog: error: \(error)")
      return .trouble
    }

    if let output, output != "-" {
      try DocumentFile.write(merge.document, to: output)
    } else if format == .text {
      context.console.write(merge.document)
    }
    if format == .json {
      context.console.write(
        JSONWriter.indentedBytes(report(merge, frames: frames, sides: sides)) + [0x0A])
    }

    let file = arguments[name] ?? output ?? "-"
    for pointer in frames.conflicts {
      context.console.error(
        "\(file):1: conflict: "
          + (pointer.isRoot ? "the document's form" : "top-level member \(pointer)")
          + ": both sides changed it differently; the result keeps ours")
    }
    for conflict in merge.conflicts {
      context.console.error(
        "\(file):\(conflict.line): conflict: \(conflict.pointer): ours \(shown(conflict.ours)), "
          + "theirs \(shown(conflict.theirs))")
    }
    return merge.isClean && frames.conflicts.isEmpty ? .success : .differences
  }

  /// A value as a message shows it: compact JSON, cut at 60 characters, or `(removed)`.
  /// The merge report, with the conflicts of top-level members (`"kind": null`, line 1, the
  /// form as `"object"` or `"array"`) after the entries' and counted with them.
  static func report(_ merge: CatalogMerge, frames: FrameMerge, sides: [DocumentFrame])
    -> JSONValue
  {
    guard case .object(var report) = merge.reportValue, !frames.conflicts.isEmpty,
      case .array(var conflicts) = report["conflicts"],
      case .object(var counts) = report["counts"]
    else { return merge.reportValue }
    for pointer in frames.conflicts {
      var conflict = JSONObject()
      conflict["kind"] = .null
      conflict["path"] = .string(pointer.description)
      conflict["line"] = .number(JSONNumber(1))
      conflict["reason"] = .string(CatalogMerge.Conflict.Reason.bothChanged.rawValue)
      for (name, side) in zip(["base", "ours", "theirs"], sides) {
        if pointer.isRoot {
          conflict[name] = .string(side.form.rawValue)
        } else if let key = pointer.tokens.first, let text = side[member: key],
          let value = try? text.value()
        {
          conflict[name] = value
        }
      }
      conflicts.append(.object(conflict))
    }
    report["clean"] = .bool(false)
    report["conflicts"] = .array(conflicts)
    counts["conflicts"] = .number(JSONNumber(conflicts.count))
    report["counts"] = .object(counts)
    return .object(report)
  }

  static func shown(_ value: JSONValue?) -> String {
    guard let value else { return "(removed)" }
    let text = String(decoding: JSONWriter.canonicalBytes(value), as: UTF8.self)
    return text.count > 60 ? text.prefix(59) + "…" : text
  }
}
