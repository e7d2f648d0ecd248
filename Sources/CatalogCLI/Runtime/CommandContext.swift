import CatalogStore
import Components
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a command runs with: its parsed arguments, the console, and the environment.
package struct CommandContext {
  package let command: ParsedCommand
  package let console: Console
  package let environment: [String: String]

  package init(command: ParsedCommand, console: Console, environment: [String: String]) {
    self.command = command
    self.console = console
    self.environment = environment
  }

  package var arguments: ParsedArguments { command.arguments }

  /// Whether the command takes the argument `name` (tag takes no --author, for example).
  package func declares(_ name: String) -> Bool {
    command.spec.arguments.contains { $0.name == name }
  }

  /// `--database`, else `$CATALOG_DATABASE`, else `components.sqlite`: a SQLite file's path
  /// or a PostgreSQL connection (``CatalogLocation/init(_:)``).
  package var databasePath: String {
    arguments.string("database") ?? environment["CATALOG_DATABASE"].flatMap {
      $0.isEmpty ? nil : $0
    }
      ?? "components.sqlite"
  }

  /// `--author`, else `$CATALOG_AUTHOR`, else the user name.
  package var author: String {
    if declares("author"), let author = arguments.string("author") { return author }
    if let author = environment["CATALOG_AUTHOR"], !author.isEmpty { return author }
    if let user = environment["USER"] ?? environment["LOGNAME"], !user.isEmpty { return user }
    if let entry = getpwuid(getuid()), let name = entry.pointee.pw_name {
      return String(cString: name)
    }
    return "unknown"
  }

  /// Opens the catalog: read-only for commands that only read, so that they never create,
  /// migrate or lock it.
  package func openCatalog(forWriting: Bool) throws -> Catalog {
    let timeout = try arguments.double("busy-timeout") ?? 5
    // A catalog that does not exist yet is at revision 0: refuse a stale --expect-head before
    // creating the file, so that "nothing is written" holds for the file too.
    if forWriting, declares("expect-head"), let expected = try arguments.int("expect-head"),
      expected != 0, case .sqlite(let path) = CatalogLocation(databasePath),
      !FileManager.default.fileExists(atPath: path)
    {
      throw CatalogError.headMismatch(head: 0, expected: Int64(expected))
    }
    return try Catalog(
      path: databasePath,
      options: Catalog.Options(busyTimeout: timeout, readOnly: !forWriting, create: forWriting))
  }

  /// The `--message`, `--author` and `--expect-head` of a writing command.
  package func writeOptions(dryRun: Bool = false) throws -> WriteOptions {
    var allowBreaking: String?
    if declares("allow-breaking"), let reason = arguments.string("allow-breaking") {
      guard reason.contains(where: { !$0.isWhitespace }) else {
        throw UsageError.invalidArguments(
          "'--allow-breaking' needs a reason: say why the break is deliberate")
      }
      allowBreaking = reason
    }
    return WriteOptions(
      author: author, message: arguments.string("message") ?? "",
      expectHead: try arguments.int("expect-head").map(Int64.init), dryRun: dryRun,
      allowBreaking: allowBreaking)
  }

  /// `--max-depth` and `--max-size` of a command that reads a document.
  package func documentLimits() throws -> DocumentLimits {
    DocumentLimits(
      maxDepth: try arguments.int("max-depth") ?? JSONReader.defaultMaxDepth,
      maxSize: try arguments.int("max-size") ?? JSONReader.defaultMaxSize)
  }

  /// The revision named by `--at` (head when absent).
  package var atReference: RevisionReference {
    RevisionReference(parsing: arguments.string("at") ?? "head")
  }
}

/// One subcommand's behaviour: it calls the library and formats the result.
package protocol CatalogCommand {
  static var spec: CommandSpec { get }
  static func run(_ context: CommandContext) throws -> ExitStatus
}
