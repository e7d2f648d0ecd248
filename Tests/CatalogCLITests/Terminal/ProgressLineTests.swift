import Foundation
import TestSupport
import Testing

/// Long work (`import`, `export`, `copy`, `site` of 4,096 entries or files and more) shows a
/// progress line on a terminal's stderr, redrawn in place (`\r`, the text, erase to the end
/// of the line) and erased at the end; nothing when stderr is not a terminal, with
/// `--quiet`, or for an export to stdout on the same terminal.
@Suite("progress lines")
struct ProgressLineTests {
  static let erase = "\r\u{1B}[K"

  /// What the terminal received from `catalog arguments`, run under `script` with stderr
  /// on the pseudo-terminal and stdout, unless `stdoutOnTerminal`, sent to `stdout.txt`.
  static func onTerminal(
    _ arguments: [String], in runner: CatalogRunner, stdoutOnTerminal: Bool = false,
    database: Bool = true
  ) throws -> CatalogProcess.Result {
    let leading = database ? runner.leadingArguments : []
    let command =
      ([CatalogProcess.executable.path] + leading + arguments).map(
        TerminalOutputTests.shellQuoted
      ).joined(separator: " ") + (stdoutOnTerminal ? "" : " >stdout.txt")
    return try CatalogProcess.run(
      ["script", "--quiet", "--return", "--command", command, "/dev/null"], in: runner.directory,
      executable: URL(fileURLWithPath: "/usr/bin/env"), environment: ["TERM": "xterm-256color"])
  }

  /// The progress texts a terminal was sent: each redraw's text, between its `\r` and the
  /// erase to the end of the line (an empty one, the final erase, left out).
  static func lines(_ output: String) -> [String] {
    output.components(separatedBy: "\u{1B}[K").dropLast().compactMap { piece in
      piece.components(separatedBy: "\r").last
    }.filter { !$0.isEmpty }
  }

  static func bigCatalog(_ engine: TestEngine) throws -> (CatalogRunner, TestLocation) {
    let location = try engine.makeLocation()
    let runner = CatalogRunner(location: location)
    var entries: [String] = []
    for i in 0..<4200 {
      entries.append(
        #"{"kind": "k\#(i)", "category": "C", "description": "d", "payload": {"n": \#(i)}}"#)
    }
    try runner.directory.write(
      "big.json", "{\"components\": [\n" + entries.joined(separator: ",\n") + "\n]}\n")
    return (runner, location)
  }

  @Test(arguments: TestEngine.allCases)
  func longWorkShowsAProgressLineOnATerminal(_ engine: TestEngine) throws {
    let (runner, location) = try Self.bigCatalog(engine)
    let imported = try Self.onTerminal(["import", "big.json"], in: runner)
    #expect(imported.status == 0, "\(imported)")
    #expect(
      Self.lines(imported.stdout).contains {
        $0.hasPrefix("importing big.json:") && $0.hasSuffix(" 4096 entries")
      }, "\(imported)")

    let exported = try Self.onTerminal(["export", "-o", "out.json"], in: runner)
    #expect(exported.status == 0, "\(exported)")
    #expect(Self.lines(exported.stdout) == ["exporting: 4096 entries"], "\(exported)")
    #expect(exported.stdout.hasSuffix(Self.erase), "the line is erased: \(exported)")
    let piped = try Self.onTerminal(["export"], in: runner)
    #expect(Self.lines(piped.stdout) == ["exporting: 4096 entries"], "\(piped)")
    #expect(
      try runner.directory.read("stdout.txt") == runner.directory.read("out.json"),
      "the export itself is untouched")

    let copy = try location.sibling(fileName: "copy.sqlite")
    let copied = try Self.onTerminal(["copy", location.text, copy], in: runner, database: false)
    #expect(copied.status == 0, "\(copied)")
    #expect(Self.lines(copied.stdout) == ["copying: 4096 entry versions"], "\(copied)")
    #expect(copied.stdout.hasSuffix(Self.erase), "the line is erased: \(copied)")

    let site = try Self.onTerminal(["site", "-o", "public"], in: runner)
    #expect(site.status == 0, "\(site)")
    let drawn = Self.lines(site.stdout)
    // 4,200 kind pages and 8 other files: drawn at 4,096 files.
    #expect(drawn == ["writing public: 4096 files"], "\(site)")
    #expect(site.stdout.contains(Self.erase + "wrote public: revision 1, 4200 kinds"), "\(site)")
  }

  @Test(arguments: TestEngine.allCases)
  func nothingWhenNotATerminalOrQuiet(_ engine: TestEngine) throws {
    let (runner, location) = try Self.bigCatalog(engine)
    let imported = try runner.run(["import", "big.json"])
    #expect(imported.stderr == "", "\(imported)")
    let copy = try location.sibling(fileName: "copy.sqlite")
    for arguments in [["export", "-o", "out.json"], ["site", "-o", "public"]] {
      let result = try runner.run(arguments)
      #expect(!result.stderr.contains("\r") && !result.stderr.contains("\u{1B}"), "\(result)")
      #expect(!result.stderr.contains("4096"), "\(result)")
    }
    let copied = try CatalogProcess.run(["copy", location.text, copy], in: runner.directory)
    #expect(copied.status == 0 && copied.stderr == "", "\(copied)")
    // On a terminal with --quiet, and an export to stdout on the same terminal.
    let again = try location.sibling(fileName: "again.sqlite")
    for arguments in [
      ["export", "-o", "quiet.json", "--quiet"], ["copy", location.text, again, "--quiet"],
      ["site", "-o", "quiet", "--quiet"],
    ] {
      let result = try Self.onTerminal(arguments, in: runner, database: arguments[0] != "copy")
      #expect(result.status == 0, "\(result)")
      #expect(Self.lines(result.stdout) == [], "\(arguments): \(result)")
    }
    let quietImport = CatalogRunner(location: try engine.makeLocation())
    try quietImport.directory.write("big.json", try runner.directory.read("big.json"))
    let result = try Self.onTerminal(["import", "big.json", "--quiet"], in: quietImport)
    #expect(result.status == 0 && Self.lines(result.stdout) == [], "\(result)")
    let shared = try Self.onTerminal(["export"], in: runner, stdoutOnTerminal: true)
    #expect(!shared.stdout.contains("exporting"), "\(shared.stdout.prefix(200))")
  }
}
