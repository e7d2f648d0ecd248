import Foundation
import Testing

/// Real git in a test's directory: no configuration from the machine or the user, a fixed
/// identity, no pager, and the built `catalog` first on PATH (as `$CATALOG` too). One
/// environment for every test that runs git, so that a test cannot pass only because of
/// how the machine running it is set up.
public struct GitSandbox: Sendable {
  public let directory: TemporaryDirectory

  /// Extra variables for every command (e.g. `CATALOG_AUTHOR`).
  public var extraEnvironment: [String: String]

  public init(directory: TemporaryDirectory, environment: [String: String] = [:]) {
    self.directory = directory
    self.extraEnvironment = environment
  }

  public var environment: [String: String] {
    [
      "PATH": CatalogProcess.executable.deletingLastPathComponent().path + ":/usr/bin:/bin",
      "HOME": directory.url.path, "GIT_CONFIG_NOSYSTEM": "1", "GIT_AUTHOR_NAME": "Tester",
      "GIT_AUTHOR_EMAIL": "tester@example.com", "GIT_COMMITTER_NAME": "Tester",
      "GIT_COMMITTER_EMAIL": "tester@example.com", "GIT_PAGER": "cat", "LANG": "C.UTF-8",
    ].merging(extraEnvironment) { $1 }
  }

  /// Runs `git arguments` in the directory; checks its status when `status` is given.
  @discardableResult
  public func git(
    _ arguments: [String], expect status: Int32? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> CatalogProcess.Result {
    let result = try CatalogProcess.run(
      arguments, in: directory, executable: URL(fileURLWithPath: "/usr/bin/git"),
      environment: environment)
    if let status {
      #expect(
        result.status == status, "git \(arguments): \(result)", sourceLocation: sourceLocation)
    }
    return result
  }

  /// Runs the built `catalog` with `arguments` in the directory and checks its status.
  @discardableResult
  public func catalog(
    _ arguments: [String], expect status: Int32, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> CatalogProcess.Result {
    let result = try CatalogProcess.run(arguments, in: directory, environment: environment)
    #expect(
      result.status == status, "catalog \(arguments): \(result)", sourceLocation: sourceLocation)
    return result
  }

  /// Runs `script` with `/bin/sh -e` in the directory, with no catalog database named by the
  /// environment, and checks its status.
  @discardableResult
  public func sh(
    _ script: String, expect status: Int32 = 0, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> CatalogProcess.Result {
    let result = try CatalogProcess.shell(
      "unset CATALOG_DATABASE; set -e; " + script, in: directory, environment: environment)
    #expect(result.status == status, "\(script): \(result)", sourceLocation: sourceLocation)
    return result
  }
}
