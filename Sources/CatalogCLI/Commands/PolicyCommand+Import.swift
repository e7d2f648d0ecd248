import CatalogDiff
import CatalogStore
import Components
import Foundation

extension PolicyCommand {
  /// `policy import FILE`: the catalog's policies made exactly the file's.
  static func runImport(_ context: CommandContext) throws {
    let arguments = context.arguments
    let operand = arguments[Self.operand]
    guard let operand else {
      throw UsageError.invalidArguments("'policy import' needs a policy file, or '-' for stdin")
    }
    let source: DocumentSource = operand == "-" ? .standardInput : .file(operand)
    let bytes = try source.readBytes(maxSize: 1 << 20)
    let policy = try CatalogPolicy(document: bytes, name: source.name)
    let catalog = try context.openExistingCatalogForWriting()
    let records = try catalog.changePolicy(author: context.author) { $0 = policy }
    if isJSON(context) {
      printJSON(records, .import, context)
    } else if records.isEmpty {
      context.console.print("no change: the policies already match \(source.name)")
    } else {
      let first = records[0].id
      let last = records[records.count - 1].id
      let range = first == last ? "change \(first)" : "changes \(first)-\(last)"
      context.console.print(
        "policy \(range): \(records.count.counting("change")) from \(source.name)"
      )
    }
  }
}
