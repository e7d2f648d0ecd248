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

  /// Each command reading `-`, with its status for an unreadable file (`diff`'s trouble is 2).
  /// `-` second too: its check comes before any operand is opened, and the number of a closed
  /// stdin stays reserved (`CatalogMain.openClosedStandardDescriptors`), so the first file
  /// can never be read again as `-`.
  static let commands: [(String, Int32)] = [
    ("import -", 66), ("patch -", 66), ("check -", 66), ("diff - components.json", 2),
    ("diff components.json -", 2),
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

  /// The same words and status as for a named directory.
  @Test func theSameAsForANamedFile() throws {
    let named = try run("import /", "")
    #expect(named.status == 66)
    #expect(named.stderr == "catalog: error: /: is a directory\n")
  }
}
