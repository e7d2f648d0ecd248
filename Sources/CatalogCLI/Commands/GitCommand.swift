import CatalogDiff
import CatalogStore
import Components
import Foundation

/// `catalog git install|check|uninstall`, and the drivers git runs (`diff`, `textconv`).
enum GitCommand: CatalogCommand {
  static let spec = CommandSpec.gitCommand

  enum Action: String, CaseIterable {
    case install, check, uninstall, diff, textconv
  }

  static func run(_ context: CommandContext) throws -> ExitStatus {
    let arguments = context.arguments
    let action = try arguments.choice("action", as: Action.self) ?? .check
    let operands = arguments.positionals("arguments")
    switch action {
    case .diff:
      guard operands.count >= 7 else {
        throw UsageError.invalidArguments(
          "'catalog git diff' takes git's external diff arguments: path old-file old-hex "
            + "old-mode new-file new-hex new-mode")
      }
      return externalDiff(path: operands[0], old: operands[1], new: operands[4], context)
    case .textconv:
      guard operands.count == 1 else {
        throw UsageError.invalidArguments("'catalog git textconv' takes one file")
      }
      return try textconv(operands[0], context)
    case .install, .check, .uninstall:
      guard operands.isEmpty else {
        throw UsageError.invalidArguments("'catalog git \(action.rawValue)' takes no file")
      }
    }

    let setup: GitSetup
    do {
      setup = GitSetup(
        repository: try GitRepository(), path: arguments.string("path") ?? "components.json")
      switch action {
      case .install:
        let done = try setup.install()
        for line in done { context.console.print(line) }
        if done.isEmpty { context.console.print("already installed: nothing to do") }
        if !Self.catalogIsOnPath(context.environment) {
          context.console.error(
            "catalog: note: git runs 'catalog' from PATH, and none is on PATH here")
        }
        return .success
      case .uninstall:
        let done = try setup.uninstall()
        for line in done { context.console.print(line) }
        if done.isEmpty { context.console.print("not installed: nothing to do") }
        return .success
      default:
        let status = try setup.status()
        if status.isInstalled {
          context.console.print(
            "ok: \(setup.path) is merged and diffed by catalog (.gitattributes and .git/config)")
          return .success
        }
        if !status.hasAttributes {
          context.console.print("missing: '\(setup.attributesLine)' in .gitattributes")
        }
        for (key, found) in status.wrongConfig {
          context.console.print(
            "missing: \(key) in .git/config" + (found.map { " (it is '\($0)')" } ?? ""))
        }
        context.console.print("run 'catalog git install' to set the repository up")
        return .differences
      }
    } catch let failure as GitRepository.Failure {
      context.console.error("catalog: error: \(failure)")
      if case .notARepository = failure { return .dataError }
      return .ioError
    } catch let error as CocoaError {
      context.console.error("catalog: error: .gitattributes: \(error.localizedDescription)")
      return .ioError
    }
  }

  /// git's external diff: catalog's structural diff of the two versions, always exit 0 (git
  /// stops at a driver that fails). A version that is not a valid catalog is named, with its
  /// problems, instead.
  static func externalDiff(path: String, old: String, new: String, _ context: CommandContext)
    -> ExitStatus
  {
    context.console.print("catalog diff a/\(path) b/\(path)")
    func read(_ file: String) -> [CatalogEntry]? {
      if file == "/dev/null" { return [] }
      do {
        return try DocumentSource.file(file).readEntries()
      } catch {
        context.console.print("\(path): not a valid catalog, compared as text is not shown:")
        context.console.print("\(error)")
        return nil
      }
    }
    guard let oldEntries = read(old), let newEntries = read(new) else { return .success }
    do {
      let diff = try CatalogDiff(old: oldEntries, new: newEntries)
      let text = diff.text()
      context.console.write(
        Array((text.isEmpty ? "(the same entries; only the layout differs)\n" : text).utf8))
    } catch {
      context.console.print("\(path): \(error)")
    }
    return .success
  }

  /// git's textconv: the file in the canonical export format, or as it is when it is not a
  /// valid catalog (a file with conflict markers, for example).
  static func textconv(_ file: String, _ context: CommandContext) throws -> ExitStatus {
    if let entries = try? DocumentSource.file(file).readEntries() {
      context.console.write(CatalogDocumentWriter.document(entries))
    } else {
      context.console.write(Array(try Data(contentsOf: URL(fileURLWithPath: file))))
    }
    return .success
  }

  /// Whether an executable named `catalog` is on PATH, where git's drivers look for it.
  static func catalogIsOnPath(_ environment: [String: String]) -> Bool {
    (environment["PATH"] ?? "").split(separator: ":").contains {
      FileManager.default.isExecutableFile(atPath: "\($0)/catalog")
    }
  }
}
