import CatalogDiff
import CatalogStore
import Components

/// `catalog merge BASE OURS THEIRS`: a three-way merge of components.json files.
enum MergeCommand: CatalogCommand {
  static let spec = CommandSpec.mergeCommand

  enum Format: String, CaseIterable {
    case text
    case json
  }

  static func run(_ context: CommandContext) throws -> ExitStatus {
    let arguments = context.arguments
    let operands = ["base", "ours", "theirs"].map { arguments.positional($0) ?? "" }
    if operands.count(where: { $0 == "-" }) > 1 {
      throw UsageError.invalidArguments("at most one operand may be '-' (standard input)")
    }
    let format = try arguments.choice("format", as: Format.self) ?? .text
    let output = arguments.string("output")

    let merge: CatalogMerge
    do {
      let entries = try operands.map { operand in
        try (operand == "-" ? DocumentSource.standardInput : .file(operand)).readEntries()
      }
      merge = try CatalogMerge(base: entries[0], ours: entries[1], theirs: entries[2])
    } catch let error as CatalogMergeError {
      context.console.error("catalog: error: \(error)")
      return .trouble
    }

    if let output, output != "-" {
      try DocumentFile.write(merge.document, to: output)
    } else if format == .text {
      context.console.write(merge.document)
    }
    if format == .json { context.console.write(Array(merge.jsonReport().utf8)) }

    let file = arguments.string("name") ?? output ?? "-"
    for conflict in merge.conflicts {
      context.console.error(
        "\(file):\(conflict.line): conflict: \(conflict.pointer): ours \(shown(conflict.ours)), "
          + "theirs \(shown(conflict.theirs))")
    }
    return merge.isClean ? .success : .differences
  }

  /// A value as a message shows it: compact JSON, cut at 60 characters, or `(removed)`.
  static func shown(_ value: JSONValue?) -> String {
    guard let value else { return "(removed)" }
    let text = String(decoding: JSONWriter.canonicalBytes(value), as: UTF8.self)
    return text.count > 60 ? text.prefix(59) + "…" : text
  }
}
