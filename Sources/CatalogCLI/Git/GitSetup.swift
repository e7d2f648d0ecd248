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
/// The line spells the path as git reads patterns (``GitAttributesLine``), and `check` asks
/// git (`git check-attr`) whether it applies the drivers to the path, instead of reading the
/// file. Install adds only what is missing and keeps everything else; uninstall removes the
/// lines install wrote and the keys that still hold install's values (a key someone changed
/// since is left alone), and a `.gitattributes` that is empty afterwards; a driver's keys stay
/// while a line of any attributes file of the repository still names the driver, so that no
/// pattern is left pointing at a driver that is gone (git would merge the file as text).
struct GitSetup {
  let repository: GitRepository
  /// The catalog file's line in `.gitattributes`.
  let line: GitAttributesLine

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

  /// The file, relative to the top of the work tree.
  var path: String { line.path }
  var attributesLine: String { line.text }
  var attributesPath: String { repository.root + "/.gitattributes" }
  /// The line earlier versions wrote for the path, unquoted (wrong for a path git must read
  /// quoted or escaped): install replaces it and uninstall removes it.
  var formerLine: String { line.path + " " + GitAttributesLine.attributes }

  /// What is in place and what is missing.
  struct Status {
    /// Whether `.gitattributes` at the top holds install's line.
    var hasLine: Bool
    /// What git applies to the path: the values of `merge` and `diff`.
    var merge: String
    var diff: String
    /// Keys that are unset or set to another value, with the value found.
    var wrongConfig: [(key: String, found: String?)]
    /// Whether git merges and diffs the path with catalog's drivers.
    var isApplied: Bool { merge == "catalog" && diff == "catalog" }
    var isInstalled: Bool { isApplied && wrongConfig.isEmpty }
    /// What git applies, for messages: `merge is 'unspecified', diff is 'catalog'`.
    var applied: String { "merge is '\(merge)', diff is '\(diff)'" }
  }

  func status() throws -> Status {
    var wrong: [(String, String?)] = []
    for (key, value) in Self.config {
      let found = try repository.config(key)
      if found != value && !Self.isFormer(key, found) { wrong.append((key, found)) }
    }
    let values = try repository.attributes(["merge", "diff"], of: path)
    return Status(
      hasLine: try attributesLines().contains(attributesLine),
      merge: values["merge"] ?? "unspecified", diff: values["diff"] ?? "unspecified",
      wrongConfig: wrong)
  }

  /// Adds what is missing; returns one sentence per change made.
  func install() throws -> [String] {
    var done: [String] = []
    if try !attributesLines().contains(attributesLine) {
      var lines = try attributesText().map { $0.components(separatedBy: "\n") } ?? []
      if lines.last == "" { lines.removeLast() }
      if formerLine != attributesLine {
        let before = lines.count
        lines.removeAll { $0.trimmingCharacters(in: .whitespacesAndNewlines) == formerLine }
        if lines.count != before {
          done.append(
            "removed '\(formerLine)' from .gitattributes (git does not read it as \(path))")
        }
      }
      lines.append(attributesLine)
      try write(lines.joined(separator: "\n") + "\n")
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
  ///
  /// - Parameter all: remove the line of every path install wrote one for (`uninstall`
  ///   without `--path`), not only this path's.
  func uninstall(all: Bool) throws -> [String] {
    var done: [String] = []
    if let text = try attributesText() {
      var lines = text.components(separatedBy: "\n")
      var removed: [String] = []
      lines.removeAll { candidate in
        let trimmed = candidate.trimmingCharacters(in: .whitespacesAndNewlines)
        let ours =
          trimmed == attributesLine || trimmed == formerLine
          || (all && GitAttributesLine.installedPath(in: trimmed) != nil)
        if ours { removed.append(trimmed) }
        return ours
      }
      if !removed.isEmpty {
        let rest = lines.joined(separator: "\n")
        if rest.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
          try FileManager.default.removeItem(atPath: attributesPath)
        } else {
          try write(rest)
        }
        for line in removed { done.append("removed '\(line)' from .gitattributes") }
        if rest.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
          done.append("removed .gitattributes (nothing else was in it)")
        }
      }
    }
    let users = try driverUsers()
    for driver in ["merge", "diff"] {
      let keys = Self.config.filter { $0.key.hasPrefix(driver + ".") }
      let installed = try keys.filter { key, value in
        let found = try repository.config(key)
        return found == value || Self.isFormer(key, found)
      }
      guard !installed.isEmpty else { continue }
      if let user = users[driver] {
        done.append(
          "kept \(installed.map(\.key).joined(separator: " and ")): \(user.file):\(user.number) "
            + "('\(user.text)') still uses \(driver)=catalog")
        continue
      }
      for (key, _) in installed {
        try repository.unsetConfig(key)
        done.append("unset \(key)")
      }
    }
    return done
  }

  /// The first line of the repository's attributes files that names each driver
  /// (`merge=catalog`, `diff=catalog`), by driver.
  private func driverUsers() throws -> [String: (file: String, number: Int, text: String)] {
    var users: [String: (file: String, number: Int, text: String)] = [:]
    for file in try repository.attributesFiles() {
      let full = file.hasPrefix("/") ? file : repository.root + "/" + file
      guard let data = FileManager.default.contents(atPath: full) else { continue }
      for (index, line) in String(decoding: data, as: UTF8.self)
        .components(separatedBy: "\n").enumerated()
      {
        let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.hasPrefix("#") else { continue }
        // A token, as git splits a line at blanks; a quoted pattern holding the text is
        // counted too, which keeps a driver that might be needed rather than drop one.
        let tokens = Set(trimmed.split(whereSeparator: { $0 == " " || $0 == "\t" }))
        for driver in ["merge", "diff"]
        where users[driver] == nil && tokens.contains(Substring(driver + "=catalog")) {
          users[driver] = (file, index + 1, trimmed)
        }
      }
    }
    return users
  }

  /// Whether `value` is what an earlier version installed under `key`.
  static func isFormer(_ key: String, _ value: String?) -> Bool {
    key == "merge.catalog.driver" && value.map(formerDrivers.contains) == true
  }

  /// The text of `.gitattributes` at the top, or nil when there is no such file.
  private func attributesText() throws -> String? {
    guard FileManager.default.fileExists(atPath: attributesPath) else { return nil }
    return try String(contentsOfFile: attributesPath, encoding: .utf8)
  }

  /// The lines of `.gitattributes`, trimmed; none when there is no such file.
  private func attributesLines() throws -> [String] {
    (try attributesText() ?? "").components(separatedBy: "\n")
      .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
  }

  private func write(_ text: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: attributesPath), options: .atomic)
  }
}
