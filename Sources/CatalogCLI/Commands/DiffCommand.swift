import CatalogDiff
import CatalogStore
import Components

/// `catalog diff OLD NEW`: compare two catalogs entry by entry.
enum DiffCommand: CatalogCommand {
  static let spec = CommandSpec.diffCommand

  enum Format: String, CaseIterable {
    case text
    case json
    case jsonPatch = "json-patch"
  }

  enum Color: String, CaseIterable {
    case auto
    case always
    case never
  }

  enum FailOn: String, CaseIterable {
    case breaking
    case any
  }

  static func run(_ context: CommandContext) throws -> ExitStatus {
    let arguments = context.arguments
    let operands = [arguments.positional("old") ?? "", arguments.positional("new") ?? ""]
    if operands.allSatisfy({ $0 == "-" }) {
      throw UsageError.invalidArguments("at most one operand may be '-' (standard input)")
    }
    let format = try arguments.choice("format", as: Format.self) ?? .text
    let failOn = try arguments.choice("fail-on", as: FailOn.self) ?? .any
    let color: Bool
    switch try arguments.choice("color", as: Color.self) ?? .auto {
    case .always: color = true
    case .never: color = false
    case .auto:
      color = context.console.stdoutIsTerminal && (context.environment["NO_COLOR"] ?? "").isEmpty
    }

    let limits = try context.documentLimits()
    var catalog: Catalog?
    /// An operand's entries, and where they are in its document as given (a revision is
    /// `{"components": [...]}`, as export writes it).
    func entries(_ operand: String) throws -> ([CatalogEntry], JSONPointer) {
      if operand.hasPrefix("@") {
        let opened = try catalog ?? context.openCatalog(forWriting: false)
        catalog = opened
        let reference = RevisionReference(parsing: String(operand.dropFirst()))
        return (try opened.entries(at: reference), JSONPointer(["components"]))
      }
      let source = operand == "-" ? DocumentSource.standardInput : .file(operand)
      let document = try source.readDocument(maxDepth: limits.maxDepth, maxSize: limits.maxSize)
      return (document.entries, document.entriesPointer)
    }
    let (old, oldEntriesPointer) = try entries(operands[0])
    let (new, _) = try entries(operands[1])

    let diff: CatalogDiff
    do {
      diff = try CatalogDiff(old: old, new: new)
      if arguments.flag("stat") {
        context.console.write(Array(diff.stat(color: color).utf8))
      } else {
        switch format {
        case .text: context.console.write(Array(diff.text(color: color).utf8))
        case .json: context.console.write(Array(diff.jsonSummary().utf8))
        case .jsonPatch:
          // The patch applies to <old> as given: `/0/...` for a bare array.
          let patch = try diff.jsonPatch(
            withTests: arguments.flag("with-tests"), components: oldEntriesPointer)
          context.console.write(JSONWriter.indentedBytes(patch.jsonValue) + [0x0A])
        }
      }
    } catch {
      context.console.error("catalog: error: \(error)")
      return .trouble
    }
    switch failOn {
    case .any: return diff.isEmpty ? .success : .differences
    case .breaking: return diff.hasChanges(ofClass: .breaking) ? .differences : .success
    }
  }
}
