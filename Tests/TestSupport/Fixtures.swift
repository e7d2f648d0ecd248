import Foundation

/// The shared test fixtures in `Tests/Fixtures`, found from this file's path so that the
/// tests need no resource bundle.
public enum Fixtures {
  public static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

  public static func url(_ relativePath: String) -> URL {
    directory.appendingPathComponent(relativePath)
  }

  public static func bytes(_ relativePath: String) throws -> [UInt8] {
    Array(try Data(contentsOf: url(relativePath)))
  }

  /// The JSONTestSuite parsing cases whose names start with `prefix` (`y_`, `n_`, `i_`).
  public static func jsonTestSuite(_ prefix: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: url("JSONTestSuite/test_parsing").path)
      .filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }
      .sorted()
  }
}
