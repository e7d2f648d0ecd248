import Foundation

/// A fresh directory under the system's temporary directory, removed when the value goes away.
public final class TemporaryDirectory: @unchecked Sendable {
  // @unchecked: the only stored property is an immutable URL.
  public let url: URL

  public init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("catalog-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }

  /// The path of `name` inside the directory.
  public func path(_ name: String) -> String {
    url.appendingPathComponent(name).path
  }

  /// Writes `text` to `name` and returns its path.
  @discardableResult
  public func write(_ name: String, _ text: String) throws -> String {
    try write(name, Array(text.utf8))
  }

  /// Writes `bytes` to `name` and returns its path.
  @discardableResult
  public func write(_ name: String, _ bytes: [UInt8]) throws -> String {
    let path = self.path(name)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// The names in the directory, sorted (dot-files too).
  public func fileNames() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
  }

  /// The bytes of `name`.
  public func read(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: url.appendingPathComponent(name)))
  }
}

/// Calls `body` with the path of `name` in a fresh temporary directory, which is removed
/// afterwards with everything in it.
public func withTemporaryDatabasePath<R>(
  named name: String = "catalog.sqlite",
  _ body: (String) throws -> R
) throws -> R {
  let directory = try TemporaryDirectory()
  return try withExtendedLifetime(directory) { try body(directory.path(name)) }
}

/// The bytes of the file at `path`, or nil when there is no such file.
public func fileBytes(_ path: String) -> Data? {
  FileManager.default.contents(atPath: path)
}
