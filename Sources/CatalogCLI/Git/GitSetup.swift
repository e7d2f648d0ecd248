import Foundation

/// What `catalog git install` adds to a repository, and how `check` and `uninstall` find it:
/// one `.gitattributes` line, and the merge and diff drivers in the repository's config.
///
/// ```text
/// .gitattributes:  components.json merge=catalog diff=catalog
/// .git/config:     merge.catalog.name    = catalog: three-way merge of components.json …
///                  merge.catalog.driver  = catalog merge %O %A %B --output %A --name %P
///                                          --marker-size %L --ours-label %X --theirs-label %Y
///                  diff.catalog.command  = catalog git diff
///                  diff.catalog.textconv = catalog git textconv
/// ```
///
/// Install adds only what is missing and keeps everything else; uninstall removes exactly
/// those lines and keys (a key someone changed since is left alone), and a `.gitattributes`
/// that is empty afterwards.
struct GitSetup {
  let repository: GitRepository
  /// The catalog file's pattern in `.gitattributes`, relative to the repository's top.
  let path: String

  /// The config keys and the values install sets, in order.
  static let config: [(key: String, value: String)] = [
    ("merge.catalog.name", "catalog: three-way merge of components.json by kind and JSON Pointer"),
    ("merge.catalog.driver", GitSetup.driver),
    ("diff.catalog.command", "catalog git diff"),
    ("diff.catalog.textconv", "catalog git textconv"),
  ]

  /// The merge driver: git's path (`%P`) for messages, its marker size (`%L`) and its labels
  /// (`%X`, `%Y`: git 2.44 and later; an older git passes them as they are, which `catalog
  /// merge` reads as no label).
  static let driver =
    "catalog merge %O %A %B --output %A --name %P --marker-size %L --ours-label %X "
    + "--theirs-label %Y"

  /// Driver lines earlier versions installed: they still work, so `check` accepts them and
  /// `install` replaces them, and `uninstall` removes them.
  static let formerDrivers = ["catalog merge %O %A %B --output %A --name %P"]

  var attributesLine: String { "\(path) merge=catalog diff=catalog" }
  var attributesPath: String { repository.root + "/.gitattributes" }

  /// What is in place and what is missing.
  struct Status {
    var hasAttributes: Bool
    /// Keys that are unset or set to another value, with the value found.
    var wrongConfig: [(key: String, found: String?)]
    var isInstalled: Bool { hasAttributes && wrongConfig.isEmpty }
  }

  func status() throws -> Status {
    var wrong: [(String, String?)] = []
    for (key, value) in Self.config {
      let found = try repository.config(key)
      if found != value && !Self.isFormer(key, found) { wrong.append((key, found)) }
    }
    return Status(hasAttributes: try attributesLines().contains(attributesLine), wrongConfig: wrong)
  }

  /// Adds what is missing; returns one sentence per change made.
  func install() throws -> [String] {
    var done: [String] = []
    let lines = try attributesLines()
    if !lines.contains(attributesLine) {
      var text = (try? String(contentsOfFile: attributesPath, encoding: .utf8)) ?? ""
      if !text.isEmpty && !text.hasSuffix("\n") { text += "\n" }
      text += attributesLine + "\n"
      try write(text)
      done.append("added '\(attributesLine)' to .gitattributes")
    }
    for (key, value) in Self.config {
      let found = try repository.config(key)
      guard found != value else { continue }
      try repository.setConfig(key, value)
      done.append(
        "set \(key) = \(value)" + (found.map { " (it was '\($0)')" } ?? ""))
    }
    return done
  }

  /// Removes what install adds; returns one sentence per change made.
  func uninstall() throws -> [String] {
    var done: [String] = []
    if FileManager.default.fileExists(atPath: attributesPath) {
      let text = try String(contentsOfFile: attributesPath, encoding: .utf8)
      var lines = text.components(separatedBy: "\n")
      let before = lines.count
      lines.removeAll { $0.trimmingCharacters(in: .whitespaces) == attributesLine }
      if lines.count != before {
        let rest = lines.joined(separator: "\n")
        if rest.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
          try FileManager.default.removeItem(atPath: attributesPath)
          done.append("removed .gitattributes (it held only '\(attributesLine)')")
        } else {
          try write(rest)
          done.append("removed '\(attributesLine)' from .gitattributes")
        }
      }
    }
    for (key, value) in Self.config {
      let found = try repository.config(key)
      guard found == value || Self.isFormer(key, found) else { continue }
      try repository.unsetConfig(key)
      done.append("unset \(key)")
    }
    return done
  }

  /// Whether `value` is what an earlier version installed under `key`.
  static func isFormer(_ key: String, _ value: String?) -> Bool {
    key == "merge.catalog.driver" && value.map(formerDrivers.contains) == true
  }

  /// The lines of `.gitattributes`, trimmed; none when there is no such file.
  private func attributesLines() throws -> [String] {
    guard FileManager.default.fileExists(atPath: attributesPath) else { return [] }
    return try String(contentsOfFile: attributesPath, encoding: .utf8)
      .components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
  }

  private func write(_ text: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: attributesPath), options: .atomic)
  }
}
