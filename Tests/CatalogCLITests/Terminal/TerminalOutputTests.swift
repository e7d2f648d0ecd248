import Foundation
import TestSupport
import Testing

/// What `catalog` does when its output is a terminal, run under `script`, which gives it a
/// pseudo-terminal (in the tests stdout and stderr are pipes otherwise).
@Suite struct TerminalOutputTests {
  /// Runs `catalog arguments` on a pseudo-terminal and returns what the terminal received
  /// (stdout and stderr together, with the terminal's CR LF line ends).
  static func onTerminal(
    _ arguments: [String], in runner: CatalogRunner, environment: [String: String] = [:]
  ) throws -> CatalogProcess.Result {
    let command = ([CatalogProcess.executable.path] + arguments).map(shellQuoted).joined(
      separator: " ")
    var env = ["TERM": "xterm-256color"]
    env.merge(environment) { $1 }
    return try CatalogProcess.run(
      ["script", "--quiet", "--return", "--command", command, "/dev/null"], in: runner.directory,
      executable: URL(fileURLWithPath: "/usr/bin/env"), environment: env)
  }

  static func shellQuoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  /// A long import shows a progress line on the terminal; a problem found at the end is
  /// printed on a cleared line, not onto the end of the progress.
  @Test func anErrorClearsTheProgressLineFirst() throws {
    let runner = try CatalogRunner()
    var entries: [String] = []
    for i in 0..<5000 {
      entries.append(
        #"{"kind": "k\#(i)", "category": "C", "description": "d", "payload": {}}"#)
    }
    // The last entry repeats the first kind: found after the progress line was drawn.
    entries.append(#"{"kind": "k0", "category": "C", "description": "d", "payload": {}}"#)
    try runner.directory.write(
      "big.json", "{\"components\": [\n" + entries.joined(separator: ",\n") + "\n]}\n")
    let result = try Self.onTerminal(["import", "big.json"], in: runner)
    #expect(result.status == 65, "\(result)")
    #expect(result.stdout.contains("importing big.json:"), "no progress line: \(result)")
    // The progress line is erased (CR, erase to end of line) right before the message.
    #expect(result.stdout.contains("\r\u{1B}[Kbig.json:5002:"), "\(result)")
  }
}
