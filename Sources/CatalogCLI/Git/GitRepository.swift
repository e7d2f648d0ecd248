import Foundation

/// The git repository around the current directory, reached through the `git` command, as a
/// user's own git would see it.
struct GitRepository {
  /// The top of the work tree.
  let root: String

  /// Why git could not be asked.
  enum Failure: Error, CustomStringConvertible {
    case gitMissing
    case notARepository(String)
    case failed(command: String, message: String)

    var description: String {
      switch self {
      case .gitMissing:
        return "git is not installed (or not on PATH)"
      case .notARepository(let message):
        return "not inside a git repository (run this in a clone of the repository)"
          + (message.isEmpty ? "" : ": \(message)")
      case .failed(let command, let message):
        return "'\(command)' failed" + (message.isEmpty ? "" : ": \(message)")
      }
    }
  }

  /// Finds the repository that contains the current directory.
  init() throws(Failure) {
    let result = try Self.git(["rev-parse", "--show-toplevel"])
    guard result.status == 0 else { throw .notARepository(result.stderr) }
    root = result.stdout
  }

  /// The value of a key in the repository's own config (`.git/config`), or nil.
  func config(_ key: String) throws(Failure) -> String? {
    let result = try Self.git(["config", "--local", "--get", key])
    return result.status == 0 ? result.stdout : nil
  }

  /// Sets a key in the repository's own config.
  func setConfig(_ key: String, _ value: String) throws(Failure) {
    try Self.check(["config", "--local", key, value])
  }

  /// Removes a key from the repository's own config, and its section once empty.
  func unsetConfig(_ key: String) throws(Failure) {
    try Self.check(["config", "--local", "--unset", key])
    let section = key.split(separator: ".").dropLast().joined(separator: ".")
    let rest = try Self.git([
      "config", "--local", "--get-regexp",
      "^" + section.replacingOccurrences(of: ".", with: "\\.") + "\\.",
    ])
    if rest.status != 0 || rest.stdout.isEmpty {
      _ = try Self.git(["config", "--local", "--remove-section", section])
    }
  }

  /// The values git gives the attributes `names` for `path` (relative to the top), as
  /// `git check-attr` reports them: a value, `set`, `unset` or `unspecified`.
  ///
  /// git is asked, not the files parsed, so the answer is what git applies: every
  /// attributes file, their order and git's own quoting rules included.
  func attributes(_ names: [String], of path: String) throws(Failure) -> [String: String] {
    let arguments = ["-C", root, "check-attr", "-z"] + names + ["--", path]
    let result = try Self.gitBytes(arguments)
    guard result.status == 0 else {
      throw .failed(
        command: "git " + arguments.joined(separator: " "),
        message: String(decoding: result.stderr, as: UTF8.self)
          .trimmingCharacters(in: .newlines))
    }
    // `-z`: path NUL attribute NUL value NUL, for each attribute.
    let fields = result.stdout.split(separator: 0, omittingEmptySubsequences: false)
    var values: [String: String] = [:]
    var index = 0
    while index + 2 < fields.count {
      values[String(decoding: fields[index + 1], as: UTF8.self)] = String(
        decoding: fields[index + 2], as: UTF8.self)
      index += 3
    }
    return values
  }

  /// The attributes files of this repository that git reads: every `.gitattributes` in the
  /// work tree (tracked, or untracked and not ignored) and `$GIT_DIR/info/attributes`, as
  /// paths relative to the top (the last one as git names it).
  func attributesFiles() throws(Failure) -> [String] {
    let listed = try Self.gitBytes([
      "-C", root, "ls-files", "-z", "--cached", "--others", "--exclude-standard",
    ])
    guard listed.status == 0 else {
      throw .failed(
        command: "git ls-files", message: String(decoding: listed.stderr, as: UTF8.self))
    }
    var files = Set<String>()
    for field in listed.stdout.split(separator: 0) {
      let name = String(decoding: field, as: UTF8.self)
      if name == ".gitattributes" || name.hasSuffix("/.gitattributes") { files.insert(name) }
    }
    var result = files.sorted()
    let info = try Self.git(["-C", root, "rev-parse", "--git-path", "info/attributes"])
    if info.status == 0 && !info.stdout.isEmpty { result.append(info.stdout) }
    return result
  }

  struct Output {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  private static func check(_ arguments: [String]) throws(Failure) {
    let result = try git(arguments)
    guard result.status == 0 else {
      throw .failed(command: "git " + arguments.joined(separator: " "), message: result.stderr)
    }
  }

  /// Runs `git` (found on PATH) with `arguments`; output trimmed of its final newline.
  static func git(_ arguments: [String]) throws(Failure) -> Output {
    let result = try gitBytes(arguments)
    func trimmed(_ bytes: [UInt8]) -> String {
      String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .newlines)
    }
    return Output(
      status: result.status, stdout: trimmed(result.stdout), stderr: trimmed(result.stderr))
  }

  /// Runs `git` with `arguments` (no shell: each argument is one word, whatever it holds)
  /// and returns its status and output as bytes: a blob's bytes are the file's, exactly.
  ///
  /// stderr is read on a second thread while stdout is read to its end, so that neither
  /// pipe can fill and stall git, whatever the sizes.
  static func gitBytes(_ arguments: [String]) throws(Failure) -> (
    status: Int32, stdout: [UInt8], stderr: [UInt8]
  ) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git"] + arguments
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    process.standardInput = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      throw .gitMissing
    }
    let errorBox = DataBox()
    let reader = Thread { [errorBox] in
      errorBox.set(error.fileHandleForReading.readDataToEndOfFile())
    }
    reader.start()
    let outData = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let errData = errorBox.wait()
    if process.terminationStatus == 127 { throw .gitMissing }
    return (process.terminationStatus, Array(outData), Array(errData))
  }

  /// The stderr of a git process, handed from its reading thread.
  private final class DataBox: @unchecked Sendable {
    // @unchecked: `data` is only touched under `condition`'s lock.
    private let condition = NSCondition()
    private var data: Data?

    func set(_ value: Data) {
      condition.lock()
      data = value
      condition.signal()
      condition.unlock()
    }

    func wait() -> Data {
      condition.lock()
      defer { condition.unlock() }
      while data == nil { condition.wait() }
      return data ?? Data()
    }
  }
}
