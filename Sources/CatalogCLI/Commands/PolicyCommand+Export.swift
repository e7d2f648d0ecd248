import CatalogDiff
import CatalogStore
import Components
import Foundation

extension PolicyCommand {
  /// `policy export`: the policies as a small JSON file.
  static func runExport(_ context: CommandContext) throws {
    let arguments = context.arguments
    try requireNoOperand(.export, context)
    let catalog = try context.openCatalog(forWriting: false)
    let bytes = try catalog.policy().document()
    if let output = arguments[Self.output], output != "-" {
      try catalog.write(bytes, toFile: output)
    } else {
      context.console.write(bytes)
    }
  }
}
