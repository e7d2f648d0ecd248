import TestSupport
import Testing

/// A ``CatalogRunner`` with a catalog in it, run with an author: what the suites that tell a
/// history through the CLI share.
struct CatalogSession {
  let runner: CatalogRunner
  var directory: TemporaryDirectory { runner.directory }

  /// Imports `document` (as `v1.json`) by `author`, and tags it `v1` when asked.
  init(importing document: String, author: String = "ann", tag: String? = nil) throws {
    runner = try CatalogRunner()
    try directory.write("v1.json", document)
    try run(["import", "v1.json", "-m", "first"], author: author)
    if let tag { try run(["tag", tag]) }
  }

  /// Runs `catalog` and expects `status`.
  @discardableResult
  func run(
    _ arguments: [String], expect status: Int32 = 0, author: String = "ann",
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> CatalogProcess.Result {
    try runner.run(
      arguments, expect: status, environment: ["CATALOG_AUTHOR": author],
      sourceLocation: sourceLocation)
  }

  /// Applies RFC 6902 `operations` to head with `catalog patch`.
  func patch(
    _ operations: String, author: String = "ann",
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    try directory.write("patch.json", operations)
    try run(["patch", "patch.json"], author: author, sourceLocation: sourceLocation)
  }

  /// `catalog export --at reference`, as bytes.
  func export(at reference: String) throws -> [UInt8] {
    try run(["export", "--at", reference]).stdoutBytes
  }
}
