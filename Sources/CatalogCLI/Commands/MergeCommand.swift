import CatalogDiff
import CatalogStore
import Components
import Foundation

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
  static let markerSize: ArgumentKey<Int?> = .option(
    "marker-size", valueName: "n", minimum: 1, maximum: 1024,
    help: "Conflict markers of <n> characters (git passes %L); at least 7 are written.")
  static let oursLabel: ArgumentKey<String?> = .option(
    "ours-label", valueName: "label",
    help: "Written after the <<<<<<< marker instead of OURS (git passes %X).")
  static let theirsLabel: ArgumentKey<String?> = .option(
    "theirs-label", valueName: "label",
    help: "Written after the >>>>>>> marker instead of THEIRS (git passes %Y).")
  static let baseLabel: ArgumentKey<String?> = .option(
    "base-label", valueName: "label",
    help: "The base's label (git passes %S); accepted for git, not written (no base section).")
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

      The result is written to --output (which may be <ours>, as git passes it) or \
      stdout, in the style of <ours> (its indentation, line endings and final newline; \
      entries the merge kept are <ours>' bytes), or in the canonical export format, with \
      a note, when <ours> has no one style. With --format json the merge report goes to \
      stdout: every change taken and from which side, and every conflict with its \
      pointer, line and the three values.

      Top-level members other than "components" (a "$schema", a "version") merge the same \
      way, member by member; two different changes to one are a conflict, marked as an \
      entry's is and reported as FILE:LINE: conflict: top-level member /version: ….

      An empty <base> (git's base when both branches added the file) is a catalog with no \
      entries: a two-way merge.

      Exit status: 0 merged cleanly, 1 conflicts, 2 trouble (an operand missing or invalid).
      """,
    arguments: [
      base.spec, ours.spec, theirs.spec, output.spec, name.spec, markerSize.spec, oursLabel.spec,
      theirsLabel.spec, baseLabel.spec, format.spec,
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
    var oursBytes: [UInt8]? = nil
    var oursText: CatalogMerge.SideText? = nil
    do {
      let sideNames = ["base", "ours", "theirs"]
      typealias Document = (
        entries: [CatalogEntry], entriesPointer: JSONPointer, frame: DocumentFrame,
        positions: [SourcePosition]
      )
      let documents = try operands.enumerated().map { index, operand throws -> Document in
        // git passes an empty BASE for an add/add conflict (both branches added the file):
        // that is a two-way merge, from a catalog with no entries.
        if index == 0 && operand != "-" && Self.isEmptyFile(operand) {
          return (
            entries: [], entriesPointer: JSONPointer(["components"]),
            frame: DocumentFrame.standard, positions: []
          )
        }
        let source: DocumentSource = operand == "-" ? .standardInput : .file(operand)
        // OURS is read whole, so that the result can be written in its style; with --name
        // (git's %P), a problem names the file and the side, not git's temporary file:
        // `components.json (theirs):3:7`.
        let name = arguments[Self.name].flatMap { operand == "-" ? nil : $0 }
        let bytes: [UInt8]?
        if index == 1 {
          bytes = try source.readBytes(maxSize: JSONReader.defaultMaxSize)
          oursBytes = bytes
        } else {
          bytes = name == nil ? nil : try source.readBytes(upTo: JSONReader.defaultMaxSize)
        }
        if let bytes {
          return try DocumentSource.bytes(
            bytes, name: name.map { "\($0) (\(sideNames[index]))" } ?? source.name
          ).readDocument()
        }
        return try source.readDocument()
      }
      sides = documents.map(\.frame)
      // The top-level members merge as an entry's other members do; where they conflict the
      // result keeps OURS' and the conflict is reported (exit 1), never dropped.
      frames = FrameMerge(
        base: documents[0].frame, ours: documents[1].frame, theirs: documents[2].frame)
      merge = try CatalogMerge(
        base: documents[0].entries, ours: documents[1].entries, theirs: documents[2].entries,
        frame: frames.frame ?? documents[1].frame, markers: Self.markers(arguments))
      if let oursBytes {
        oursText = CatalogMerge.SideText(
          bytes: oursBytes, entries: documents[1].entries,
          entryStarts: documents[1].positions.map(\.offset), frame: documents[1].frame)
      }
    } catch let error as CatalogMergeError {
      context.console.error("catalog: error: \(CatalogMain.words(error))")
      return .trouble
    }

    let file = arguments[name] ?? output ?? "-"
    let marked: CatalogMerge.MarkedDocument
    do {
      marked = try styled(merge, frames: frames, ours: oursText, file: file, context)
    } catch {
      context.console.error("catalog: error: \(CatalogMain.words(error))")
      return .trouble
    }
    if let output, output != "-" {
      try DocumentFile.write(marked.bytes, to: output)
    } else if format == .text {
      context.console.write(marked.bytes)
    }
    if format == .json {
      context.console.write(
        JSONWriter.indentedBytes(
          ResultJSON.merge(merge, frames: frames, sides: sides, marked: marked))
          + [0x0A])
    }

    let lookups = sides.map(\.memberLookup)
    for (pointer, line) in zip(frames.conflicts, marked.frameLines) {
      let values = zip(sides, lookups).map { Self.frameValue($0, $1, at: pointer) }
      context.console.error(
        "\(file):\(line): conflict: "
          + (pointer.isRoot ? "the document's form" : "top-level member \(pointer)")
          + ": ours \(shown(values[1])), theirs \(shown(values[2]))")
    }
    for (conflict, line) in zip(merge.conflicts, marked.lines) {
      context.console.error(
        "\(file):\(line): conflict: \(conflict.pointer): ours \(shown(conflict.ours)), "
          + "theirs \(shown(conflict.theirs))")
    }
    return merge.isClean && frames.conflicts.isEmpty ? .success : .differences
  }

  /// The merged document in the style of OURS' file (its indentation, line ending and final
  /// newline; a clean merge copies what it kept of OURS byte for byte), or in the export
  /// format with a note saying why when that style cannot be told or kept.
  ///
  /// A clean result is read back before it is used: it must be the same catalog as the
  /// export format's result (the same export bytes), or the export format is written.
  static func styled(
    _ merge: CatalogMerge, frames: FrameMerge, ours: CatalogMerge.SideText?, file: String,
    _ context: CommandContext
  ) throws -> CatalogMerge.MarkedDocument {
    guard let ours else { return try merge.document(with: frames) }
    let styled = try merge.document(
      with: frames, frame: frames.frame ?? ours.frame, inStyleOf: ours)
    let side = file == "-" ? "ours" : "\(file) (ours)"
    if let unknown = styled.unknownStyle {
      context.console.error(
        "catalog: note: the merge is written in the export format, not in the style of "
          + "\(side): \(unknown)")
      return styled.document
    }
    // A result with markers is not JSON to read back; its lines are the export format's.
    guard merge.isClean && frames.conflicts.isEmpty, styled.document.bytes != merge.document
    else { return styled.document }
    let reread = try? DocumentSource.bytes(styled.document.bytes, name: file).readDocument()
    if let reread,
      CatalogDocumentWriter.document(reread.entries, frame: reread.frame) == merge.document
    {
      return styled.document
    }
    context.console.error(
      "catalog: note: the merge is written in the export format, not in the style of "
        + "\(side): the result in that style did not read back as the merged catalog")
    return try merge.document(with: frames)
  }

  /// The markers' style from the options; a placeholder an older git left as it is (`%X`)
  /// is no label.
  static func markers(_ arguments: ParsedArguments) -> ConflictMarkerStyle {
    func label(_ key: ArgumentKey<String?>, _ standard: String) -> String {
      guard let value = arguments[key], !(value.count == 2 && value.hasPrefix("%")) else {
        return standard
      }
      return value
    }
    return ConflictMarkerStyle(
      size: arguments[markerSize] ?? ConflictMarkerStyle.minimumSize,
      ours: label(oursLabel, "OURS"), theirs: label(theirsLabel, "THEIRS"))
  }

  /// A top-level member's value on one side (nil: absent), or the form for the root;
  /// `members` is the side's ``DocumentFrame/memberLookup``, made once for all conflicts.
  static func frameValue(
    _ frame: DocumentFrame, _ members: CatalogEntry.MemberLookup, at pointer: JSONPointer
  ) -> JSONValue? {
    if pointer.isRoot { return .string(frame.form.rawValue) }
    guard let key = pointer.tokens.first, let text = members[key] else { return nil }
    return try? text.value()
  }

  /// Whether `path` names a regular file with nothing in it.
  static func isEmptyFile(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG && status.st_size == 0
  }

  /// A value as a message shows it: compact JSON, cut at 60 characters, or `(removed)`.
  static func shown(_ value: JSONValue?) -> String {
    value.map { HistoryFormat.short($0) } ?? "(removed)"
  }
}
