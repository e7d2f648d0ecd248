import CatalogAgents
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

  /// `--database`, else `$CATALOG_DATABASE`, else `components.sqlite`: a SQLite file's path
  /// or a PostgreSQL connection (``CatalogLocation/init(_:)``).
  package var databasePath: String {
    arguments[CommonArguments.database] ?? environment["CATALOG_DATABASE"].flatMap {
      $0.isEmpty ? nil : $0
    }
      ?? "components.sqlite"
  }

  /// `--author`, else `$CATALOG_AUTHOR`, else the user name.
  package var author: String {
    if arguments.declares(CommonArguments.author), let author = arguments[CommonArguments.author] {
      return author
    }
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
    let timeout = busyTimeout
    // A catalog that does not exist yet is at revision 0: refuse a stale --expect-head before
    // creating the file, so that "nothing is written" holds for the file too.
    if forWriting, arguments.declares(CommonArguments.expectHead),
      let expected = arguments[CommonArguments.expectHead],
      expected != 0, Catalog.isVacant(CatalogLocation(databasePath))
    {
      throw CatalogError.headMismatch(head: 0, expected: Int64(expected))
    }
    return try Catalog(
      path: databasePath,
      options: Catalog.Options(
        busyTimeout: timeout, readOnly: !forWriting, create: forWriting, clockSkew: clockSkew))
  }

  /// `CATALOG_TEST_CLOCK_SKEW`: seconds to add to this process's clock for the revisions it
  /// writes on SQLite, a test hook for a writer whose clock is wrong (docs/cli.md); 0 when
  /// unset, and when it is not a finite number of seconds within ±100 years.
  var clockSkew: Double {
    guard let text = environment["CATALOG_TEST_CLOCK_SKEW"], let seconds = Double(text),
      seconds.isFinite, abs(seconds) <= 100 * 366 * 86_400
    else { return 0 }
    return seconds
  }

  /// Opens an existing catalog to change its settings (the policies): a write, but never
  /// one that creates a catalog. A mistyped `-d` with `policy set` used to make a new
  /// catalog holding only the policy; now a missing catalog, or one with no revision yet,
  /// is refused as `export` refuses it (exit 66, with the hint to import first).
  package func openExistingCatalogForWriting() throws -> Catalog {
    let catalog = try Catalog(
      path: databasePath,
      options: Catalog.Options(busyTimeout: busyTimeout, readOnly: false, create: false))
    guard try catalog.head() != nil else {
      throw CatalogError.noCatalog(location: databasePath, .noRevision)
    }
    return catalog
  }

  /// Opens the catalog to read its revisions: a catalog without any (one that only has
  /// policies, say) is refused as `export` refuses it (exit 66, "the catalog has no revision
  /// yet"), rather than answered with an empty list.
  package func openCatalogWithRevisions() throws -> Catalog {
    let catalog = try openCatalog(forWriting: false)
    guard try catalog.head() != nil else {
      throw CatalogError.noCatalog(location: catalog.location.description, .noRevision)
    }
    return catalog
  }

  /// The `--message`, `--author` and `--expect-head` of a writing command.
  /// What a file's entries under names the catalog renamed become: `--follow-renames`,
  /// `--allow-former-names`, or refused (the default).
  ///
  /// - Throws: ``UsageError`` when both are given.
  func formerNames() throws -> FormerNames {
    switch (arguments[CommonArguments.followRenames], arguments[CommonArguments.allowFormerNames])
    {
    case (true, true):
      throw UsageError.invalidArguments(
        "'--allow-former-names' cannot be used with '--follow-renames'")
    case (true, false): return .follow
    case (false, true): return .addAsNew
    case (false, false): return .refuse
    }
  }

  package func writeOptions(dryRun: Bool = false) -> WriteOptions {
    WriteOptions(
      author: author, message: arguments[CommonArguments.message] ?? "",
      expectHead: arguments[CommonArguments.expectHead].map(Int64.init), dryRun: dryRun,
      allowBreaking: arguments[CommonArguments.allowBreaking])
  }

  /// `--max-depth` and `--max-size` of a command that reads a document.
  package var documentLimits: DocumentLimits {
    DocumentLimits(
      maxDepth: arguments[CommonArguments.maxDepth] ?? JSONReader.defaultMaxDepth,
      maxSize: arguments[CommonArguments.maxSize] ?? JSONReader.defaultMaxSize)
  }

  /// The catalog for agents at `--at`, as `--app APP@VERSION` decodes it when given
  /// (export --format, validate-ui), or at `reference` when given; `kinds` and `majors` as
  /// ``AgentCatalog/load(from:at:kinds:majors:)`` takes them.
  ///
  /// - Throws: ``UsageError`` for an `--app` that is not `APP@VERSION`;
  ///   ``RequestProblem/noSuchContract(build:revision:recorded:)`` (exit 65) for a build with no
  ///   recorded contract.
  package func agentCatalog(
    _ catalog: Catalog, at reference: RevisionReference? = nil,
    kinds: Set<BytewiseString>? = nil, majors: Bool = true
  ) throws -> AgentCatalog {
    let reference = reference ?? atReference
    guard let build = try appBuild() else {
      return try AgentCatalog.load(from: catalog, at: reference, kinds: kinds, majors: majors)
    }
    return try AgentCatalog.load(
      from: catalog, at: reference, app: build.app, version: build.version, kinds: kinds,
      majors: majors)
  }

  /// `--app APP@VERSION`; nil when absent.
  ///
  /// - Throws: ``UsageError`` for an `--app` that is not `APP@VERSION`.
  package func appBuild() throws -> AppBuild? {
    guard let text = arguments[CommonArguments.app] else { return nil }
    guard let build = AppBuild(parsing: text) else {
      throw UsageError.invalidArguments("'--app': expected APP@VERSION, found '\(text)'")
    }
    return build
  }

  /// The revision named by `--at` (head when absent).
  package var atReference: RevisionReference {
    RevisionReference(parsing: arguments[CommonArguments.at] ?? "head")
  }

  /// `--busy-timeout`, a global option (5 seconds when absent).
  package var busyTimeout: Double {
    arguments[CommonArguments.busyTimeout] ?? 5
  }

  /// Whether the command was given `--format json` for its result (the parser has checked
  /// the value).
  var wantsJSON: Bool {
    arguments.declares(CommonArguments.resultFormat)
      && arguments[CommonArguments.resultFormat] == .json
  }
}
