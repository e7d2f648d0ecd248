import TestSupport
import Testing

/// A fresh temporary directory and the built `catalog` run in it, checking each exit status:
/// the command-line suites' common setup.
struct CatalogRunner {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  /// Runs `catalog arguments` and records an issue, with the whole result, unless it exits
  /// with `status`.
  @discardableResult
  func run(
    _ arguments: [String], expect status: Int32, stdin: [UInt8]? = nil,
    environment: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> CatalogProcess.Result {
    let result = try CatalogProcess.run(
      arguments, in: directory, stdin: stdin, environment: environment)
    #expect(result.status == status, "\(arguments): \(result)", sourceLocation: sourceLocation)
    return result
  }
}
