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
