import CatalogStore
import Components
import Foundation

/// The `catalog` executable: parse, run, map errors to messages and exit statuses.
package enum CatalogMain {
  /// The implementation of every command in the table, by name.
  static var commands: [String: any CatalogCommand.Type] {
    let all: [any CatalogCommand.Type] = [
      ImportCommand.self, ExportCommand.self, CheckCommand.self, LogCommand.self,
      ShowCommand.self, BlameCommand.self, TagCommand.self, RestoreCommand.self,
      RenameCommand.self, DeprecateCommand.self, UndeprecateCommand.self, DiffCommand.self,
      PatchCommand.self, MergeCommand.self, GitCommand.self, DoctorCommand.self,
    ]
    return Dictionary(uniqueKeysWithValues: all.map { ($0.spec.name, $0) })
  }

  /// Runs a command line and returns the exit status.
  package static func run(_ arguments: [String], environment: [String: String]) -> Int32 {
    let console = Console()
    defer { console.flush() }
    let parser = CatalogCommandTable.parser
    switch parser.parse(arguments) {
    case .help(let text), .version(let text):
      console.write(Array(text.utf8))
      return ExitStatus.success.rawValue
    case .usageError(let failure):
      console.progress(failure.text)
      return failure.exitStatus
    case .run(let command):
      guard let implementation = commands[command.name] else {
        console.error("catalog: error: '\(command.name)' is not implemented")
        return ExitStatus.internalError.rawValue
      }
      let context = CommandContext(command: command, console: console, environment: environment)
      do {
        return try implementation.run(context).rawValue
      } catch let error as UsageError {
        console.progress(parser.failure(error, command: command.name).text)
        return ExitStatus.usage.rawValue
      } catch {
        let status = report(error, console: console)
        // diff(1) reports every kind of trouble as 2, and so does merge.
        return ["diff", "merge"].contains(command.name)
          ? ExitStatus.trouble.rawValue : status.rawValue
      }
    }
  }

  /// Prints an error the way the user should read it and returns its exit status.
  static func report(_ error: any Error, console: Console) -> ExitStatus {
    switch error {
    case let error as CatalogError:
      switch error {
      case .invalidDocument:
        // Located diagnostics stand on their own: FILE:LINE:COLUMN: error: …
        console.error(error.description)
        return .dataError
      case .unknownRevision, .unknownKind, .invalidRequest:
        console.error("catalog: error: \(error)")
        return .dataError
      case .headMismatch:
        console.error("catalog: error: \(error)")
        return .headMismatch
      case .unreadable:
        console.error("catalog: error: \(error)")
        return .noInput
      case .unavailable:
        console.error("catalog: error: \(error)")
        return .unavailable
      case .database, .io:
        console.error("catalog: error: \(error)")
        return .ioError
      }
    default:
      console.error("catalog: internal error: \(error)")
      return .internalError
    }
  }
}
