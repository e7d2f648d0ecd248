import Foundation
import TestSupport
import Testing

/// Standard input that cannot be read (`-` with stdin closed, or redirected from a
/// directory) is refused as a named file that cannot be read is: exit status 66 and the
/// system's reason, before anything is created; not as an empty or invalid document.
@Suite struct UnreadableStandardInputTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  /// Runs `catalog arguments` with `redirection` applied to it by the shell.
  func run(_ arguments: String, _ redirection: String) throws -> CatalogProcess.Result {
    try CatalogProcess.shell("\"$CATALOG\" \(arguments) \(redirection)", in: directory)
  }

  /// Each command reading `-`, with its status for an unreadable file (66, `diff` too).
  /// `-` second too: its check comes before any operand is opened, and the number of a closed
  /// stdin stays reserved (`CatalogMain.openClosedStandardDescriptors`), so the first file
  /// can never be read again as `-`.
  static let commands: [(String, Int32)] = [
    ("import -", 66), ("patch -", 66), ("check -", 66), ("diff - components.json", 66),
    ("diff components.json -", 66),
  ]

  /// Standard input from a directory, and closed, with the reason the system gives for each.
  static let inputs: [(redirection: String, reason: String)] = [
    ("< /", "is a directory"), ("<&-", "bad file descriptor"),
  ]

  @Test(arguments: commands, inputs)
  func anUnreadableStandardInput(
    command: (String, Int32), input: (redirection: String, reason: String)
  ) throws {
    try directory.write("components.json", #"{"components": []}"#)
    let result = try run("-d c.sqlite " + command.0, input.redirection)
    #expect(result.status == command.1, "\(result)")
    #expect(result.stderr == "catalog: error: -: \(input.reason)\n", "\(result)")
    #expect(!FileManager.default.fileExists(atPath: directory.path("c.sqlite")))
  }

  /// A read that fails once the file is open (`/proc/self/mem` gives EIO at offset 0, as a
  /// failing disk gives it partway) is an I/O error, exit status 74 (`diff` too, by the CI gate's table in docs/cli.md), located
  /// where reading stopped: not invalid data (65), which would send the user to fix a
  /// document that is fine.
  @Test(arguments: [
    ("import /proc/self/mem", "/proc/self/mem", 74), ("check /proc/self/mem", "/proc/self/mem", 74),
    ("patch /proc/self/mem", "/proc/self/mem", 74), ("import -", "-", 74),
    ("diff /proc/self/mem components.json", "/proc/self/mem", 74),
  ])
  func aReadThatFails(command: String, name: String, status: Int32) throws {
    try directory.write("components.json", #"{"components": []}"#)
    let result = try run("-d c.sqlite " + command, "< /proc/self/mem")
    #expect(result.status == status, "\(result)")
    #expect(result.stderr == "\(name):1:1: error: read error: input/output error\n", "\(result)")
    #expect(!FileManager.default.fileExists(atPath: directory.path("c.sqlite")))
  }

  /// The same words and status as for a named directory.
  @Test func theSameAsForANamedFile() throws {
    let named = try run("import /", "")
    #expect(named.status == 66)
    #expect(named.stderr == "catalog: error: /: is a directory\n")
  }
}
