import Foundation

/// The regular files below a directory, read whole: what tests compare when a command writes
/// a tree (a site).
public enum FileTree {
  /// Every regular file below `root` (hidden ones too), by its path relative to `root`.
  public static func files(in root: String) throws -> [String: [UInt8]] {
    var files: [String: [UInt8]] = [:]
    let enumerator = FileManager.default.enumerator(atPath: root)
    while let relative = enumerator?.nextObject() as? String {
      var isDirectory: ObjCBool = false
      let path = "\(root)/\(relative)"
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
        !isDirectory.boolValue
      else { continue }
      files[relative] = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }
    return files
  }

  /// The paths where two trees differ: a file in one only, or with other bytes; sorted, empty
  /// when every byte is the same.
  public static func differences(_ written: [String: [UInt8]], _ expected: [String: [UInt8]])
    -> [String]
  {
    Set(written.keys).union(expected.keys).filter { written[$0] != expected[$0] }.sorted()
  }
}
