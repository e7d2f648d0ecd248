// The help text of every command, compared with the committed files in Help/ (one per
// command, `catalog.txt` for the root), and the man page with docs/catalog.1, so that a change to any help text is a failing test
// until the files are regenerated and the change is reviewed in the diff.
//
// Regenerate after adding or changing an option or a help text:
//
//   CATALOG_UPDATE_GOLDEN=1 swift test --filter HelpGolden
//
// then review `git diff Tests/CatalogCLITests/Help docs/catalog.1` and commit the files with the change.
// docs/maintainers/testing.md says the same, with the other golden files.

import CatalogCLI
import Foundation
import TestSupport
import Testing

@Suite struct HelpGoldenTests {
  // Help/ is beside the folders of the suites, at the top of the target.
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Help")
  static let updating = ProcessInfo.processInfo.environment["CATALOG_UPDATE_GOLDEN"] == "1"
  static let commands = CatalogCommandTable.root.allCommands.map(\.name)

  /// `catalog help X`, `catalog X --help` and `catalog X -h` print exactly `Help/X.txt`.
  @Test(arguments: commands)
  func commandHelpMatchesItsFile(_ command: String) throws {
    let directory = try TemporaryDirectory()
    let forms = [["help", command], [command, "--help"], [command, "-h"]]
    let results = try forms.map { try CatalogProcess.run($0, in: directory) }
    for (form, result) in zip(forms, results) {
      #expect(result.status == 0 && result.stderr.isEmpty, "\(form): \(result)")
      #expect(result.stdout == results[0].stdout, "\(form) differs from 'catalog help \(command)'")
    }
    try compare(results[0].stdout, with: "\(command).txt")
  }

  /// `catalog --help`, `catalog help` and `catalog -h` print exactly `Help/catalog.txt`.
  @Test func rootHelpMatchesItsFile() throws {
    let directory = try TemporaryDirectory()
    let results = try [["--help"], ["help"], ["-h"]].map {
      try CatalogProcess.run($0, in: directory)
    }
    for result in results {
      #expect(result.status == 0 && result.stdout == results[0].stdout, "\(result)")
    }
    try compare(results[0].stdout, with: "catalog.txt")
  }

  /// `catalog help --man` prints exactly docs/catalog.1, the committed man page.
  @Test func manPageMatchesDocs() throws {
    let page = try CatalogProcess.run(["help", "--man"], in: try TemporaryDirectory())
    #expect(page.status == 0 && page.stderr.isEmpty, "\(page)")
    try compare(page.stdout, with: "../../../docs/catalog.1")
  }

  /// Every file in Help/ belongs to a command: a removed command's file goes too.
  @Test func everyFileHasACommand() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path)
      .filter { $0.hasSuffix(".txt") }
    let expected = Set(Self.commands.map { "\($0).txt" } + ["catalog.txt"])
    if Self.updating {
      // The other tests write the files meanwhile; only a removed command's file goes.
      for file in Set(files).subtracting(expected) {
        try FileManager.default.removeItem(at: Self.directory.appendingPathComponent(file))
      }
      return
    }
    #expect(Set(files) == expected)
  }

  private func compare(
    _ text: String, with file: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let url = Self.directory.appendingPathComponent(file)
    if Self.updating {
      try FileManager.default.createDirectory(
        at: Self.directory, withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
      return
    }
    let expected = try String(contentsOf: url, encoding: .utf8)
    #expect(
      text == expected,
      "\(file) differs; regenerate with CATALOG_UPDATE_GOLDEN=1 swift test --filter HelpGolden",
      sourceLocation: sourceLocation)
  }
}
