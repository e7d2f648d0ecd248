import TestSupport
import Testing

/// A fresh temporary directory (or a test location's catalog) and the built `catalog` run in
/// it, checking each exit status: the command-line suites' common setup.
struct CatalogRunner {
  let directory: TemporaryDirectory
  /// Put before every command's arguments: `-d LOCATION` for a runner on a test location.
  let leadingArguments: [String]
  /// Set for every command, under the environment a call passes.
  let environment: [String: String]

  init(environment: [String: String] = [:]) throws {
    directory = try TemporaryDirectory()
    leadingArguments = []
    self.environment = environment
  }

  /// A runner on `location`'s catalog (SQLite or PostgreSQL), in its directory.
  init(location: TestLocation, environment: [String: String] = [:]) {
    directory = location.directory
    leadingArguments = ["-d", location.text]
    self.environment = environment
  }

  /// Runs `catalog arguments` and records an issue, with the whole result, unless it exits
  /// with `status`.
  @discardableResult
  func run(
    _ arguments: [String], expect status: Int32 = 0, stdin: [UInt8]? = nil,
    environment: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> CatalogProcess.Result {
    let result = try CatalogProcess.run(
      leadingArguments + arguments, in: directory, stdin: stdin,
      environment: self.environment.merging(environment) { $1 })
    #expect(result.status == status, "\(arguments): \(result)", sourceLocation: sourceLocation)
    return result
  }
}
