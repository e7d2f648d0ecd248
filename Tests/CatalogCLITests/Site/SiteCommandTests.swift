import Foundation
import TestSupport
import Testing

@Suite("catalog site")
struct SiteCommandTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
    try directory.write(
      "v1.json",
      """
      {"components": [
        {"kind": "tile", "category": "Display", "description": "A <tile>",
         "payload": {"title": "Hero"}}
      ]}
      """)
    let result = try CatalogProcess.run(["import", "v1.json", "-m", "first"], in: directory)
    #expect(result.status == 0, "\(result)")
  }

  @Test func writesASiteAndSaysWhat() throws {
    let result = try CatalogProcess.run(
      ["site", "--output", "public", "--title", "Our <UI>"], in: directory)
    #expect(result.status == 0)
    #expect(result.stdout == "")
    #expect(
      result.stderr
        == "wrote public: revision 1, 1 kind, 1 revision, 0 releases, 10 files\n")
    let index = String(decoding: try directory.read("public/index.html"), as: UTF8.self)
    #expect(index.contains("<h1>Our &lt;UI&gt;</h1>"))
    #expect(index.contains("A &lt;tile&gt;"))
  }

  @Test func outputIsRequired() throws {
    let result = try CatalogProcess.run(["site"], in: directory)
    #expect(result.status == 64)
    #expect(
      result.stderr.hasPrefix("catalog: error: missing '--output <dir>'\n"), "\(result)")
  }

  /// An empty output (an unset shell variable) names no directory: a usage error, not an
  /// output that could not be written.
  @Test func anEmptyOutputIsAUsageError() throws {
    let result = try CatalogProcess.run(["site", "-o", ""], in: directory)
    #expect(result.status == 64, "\(result)")
    #expect(
      result.stderr.hasPrefix(
        "catalog: error: invalid value '' for '-o <dir>': expected a directory path\n"),
      "\(result)")
  }

  /// An output in a directory that does not exist: exit 74, the OS reason in lowercase.
  @Test func aMissingParentDirectoryIsAnIOError() throws {
    try directory.write(
      "a.json", #"[{"kind": "k", "category": "c", "description": "d", "payload": {}}]"#)
    #expect(try CatalogProcess.run(["import", "a.json"], in: directory).status == 0)
    let result = try CatalogProcess.run(["site", "-o", "no-such-dir/site"], in: directory)
    #expect(result.status == 74, "\(result)")
    #expect(
      result.stderr
        == "catalog: error: cannot write 'no-such-dir/site': no such file or directory\n")
  }

  @Test func refusesToReplaceOtherFiles() throws {
    try directory.write("keep.txt", "mine")
    let result = try CatalogProcess.run(["site", "-o", "."], in: directory)
    #expect(result.status == 65)
    #expect(
      result.stderr
        == "catalog: error: '.' exists and is not a site written by catalog site (no .catalog-site file in it); choose an empty or new directory\n"
    )
    #expect(String(decoding: try directory.read("keep.txt"), as: UTF8.self) == "mine")
  }

  /// Kinds and texts with C0 (U+0001; U+0000 is refused at input), ESC and C1 controls: no
  /// page holds a control character other than HTML's whitespace; U+FFFD shows where one was.
  @Test func controlCharactersNeverReachAPage() throws {
    try directory.write(
      "odd.json",
      #"""
      {"components": [
        {"kind": "nul\u0001esc\u001b[31m", "category": "c\u0085", "description": "d\u007f",
         "payload": {"k\u0001": "v\u0002"}}
      ]}
      """#)
    #expect(try CatalogProcess.run(["import", "odd.json"], in: directory).status == 0)
    let result = try CatalogProcess.run(["site", "-o", "public"], in: directory)
    #expect(result.status == 0, "\(result)")
    let pages = try FileManager.default.subpathsOfDirectory(atPath: directory.path("public"))
      .filter { $0.hasSuffix(".html") || $0.hasSuffix(".js") }
    #expect(!pages.isEmpty)
    for page in pages {
      let text = String(decoding: try directory.read("public/" + page), as: UTF8.self)
      let controls = text.unicodeScalars.filter {
        ($0.value < 0x20 && !["\t", "\n", "\r", "\u{C}"].contains($0))
          || (0x7F...0x9F).contains($0.value)
      }
      #expect(controls.isEmpty, "\(page): \(controls.map(\.value))")
    }
    let index = String(decoding: try directory.read("public/index.html"), as: UTF8.self)
    #expect(index.contains("nul\u{FFFD}esc\u{FFFD}[31m"))
  }

  @Test func anUnknownRevisionIsADataError() throws {
    let result = try CatalogProcess.run(["site", "-o", "public", "--at", "7"], in: directory)
    #expect(result.status == 65)
    #expect(!FileManager.default.fileExists(atPath: directory.path("public")))
  }
}
