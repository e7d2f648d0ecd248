import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `export -o PATH` for every way of spelling a path: one character, a trailing slash, `.`,
/// `..`, absolute, `/`, a missing or read-only directory. A file is written where the path
/// leads, or the path is refused with a sentence that blames what is wrong (exit 74); none
/// traps, and nothing is left behind.
@Suite("export --output: paths")
struct ExportPathTests {
  let directory: TemporaryDirectory
  let expected: [UInt8]

  init() throws {
    directory = try TemporaryDirectory()
    try directory.write(
      "v1.json",
      #"[{"kind": "tile", "category": "Display", "description": "d", "payload": {"t": 1}}]"#)
    let result = try CatalogProcess.run(["import", "v1.json"], in: directory)
    try #require(result.status == 0, "\(result)")
    expected = try CatalogProcess.run(["export"], in: directory).stdoutBytes
  }

  @Test(arguments: [("s", "s"), ("./s", "s"), ("a/s", "a/s"), ("a//s", "a/s")])
  func aFile(spelling: String, written: String) throws {
    try FileManager.default.createDirectory(
      atPath: directory.path("a"), withIntermediateDirectories: true)
    let result = try CatalogProcess.run(["export", "-o", spelling], in: directory)
    #expect(result.status == 0, "\(spelling): \(result)")
    #expect(try directory.read(written) == expected)
  }

  @Test func anAbsolutePath() throws {
    let result = try CatalogProcess.run(
      ["export", "-o", directory.path("abs.json")], in: directory)
    #expect(result.status == 0, "\(result)")
    #expect(try directory.read("abs.json") == expected)
  }

  /// A path that can only name a directory is refused before anything is made.
  @Test(arguments: [".", "..", "/", "x/", "a/", "a/.", "a/..", "//"])
  func aDirectorysName(spelling: String) throws {
    try FileManager.default.createDirectory(
      atPath: directory.path("a"), withIntermediateDirectories: true)
    let before = try directory.fileNames()
    let result = try CatalogProcess.run(["export", "-o", spelling], in: directory)
    #expect(result.status == 74, "\(spelling): \(result)")
    #expect(result.stderr == "catalog: error: \(spelling): names a directory, not a file\n")
    #expect(try directory.fileNames() == before)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path("a")) == [])
  }

  /// An existing directory by its plain name: the same refusal, in the OS's words.
  @Test func anExistingDirectory() throws {
    try FileManager.default.createDirectory(
      atPath: directory.path("a"), withIntermediateDirectories: true)
    let result = try CatalogProcess.run(["export", "-o", "a"], in: directory)
    #expect(result.status == 74, "\(result)")
    #expect(result.stderr == "catalog: error: a: is a directory\n")
  }

  /// `build/components.json` with no `build/`: the message says the directory is missing.
  @Test(arguments: [
    ("build/components.json", "build"), ("build/deep/out.json", "build/deep"),
    ("/nonexistent-\(UUID().uuidString)/out.json", ""),
  ])
  func aMissingDirectory(spelling: String, missing: String) throws {
    let before = try directory.fileNames()
    let result = try CatalogProcess.run(["export", "-o", spelling], in: directory)
    let named = missing.isEmpty ? String(spelling.dropLast("/out.json".count)) : missing
    #expect(result.status == 74, "\(result)")
    #expect(
      result.stderr
        == "catalog: error: \(spelling): the directory '\(named)' does not exist\n")
    #expect(try directory.fileNames() == before)
  }

  /// A file in the way of a directory: `v1.json/out.json`.
  @Test func aFileWhereTheDirectoryShouldBe() throws {
    let result = try CatalogProcess.run(["export", "-o", "v1.json/out.json"], in: directory)
    #expect(result.status == 74, "\(result)")
    #expect(
      result.stderr == "catalog: error: v1.json/out.json: 'v1.json' is not a directory\n")
  }

  static let canDropWriteAccess =
    getuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")

  /// `ro-dir/out.json`: the directory is what cannot be written, so the message blames it.
  @Test(.enabled(if: canDropWriteAccess)) func aReadOnlyDirectory() throws {
    try FileManager.default.createDirectory(
      atPath: directory.path("ro-dir"), withIntermediateDirectories: true)
    chmod(directory.path("ro-dir"), 0o555)
    chmod(directory.url.path, 0o777)
    chmod(directory.path("components.sqlite"), 0o666)
    defer {
      chmod(directory.path("ro-dir"), 0o755)
      chmod(directory.url.path, 0o755)
    }
    let arguments = ["export", "-o", "ro-dir/out.json"]
    let result: CatalogProcess.Result
    if getuid() == 0 {
      result = try CatalogProcess.run(
        ["--reuid=nobody", "--regid=nogroup", "--clear-groups", CatalogProcess.executable.path]
          + arguments, in: directory, executable: URL(fileURLWithPath: "/usr/bin/setpriv"))
    } else {
      result = try CatalogProcess.run(arguments, in: directory)
    }
    #expect(result.status == 74, "\(result)")
    #expect(
      result.stderr
        == "catalog: error: ro-dir/out.json: cannot create a file in the directory 'ro-dir': permission denied\n"
    )
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path("ro-dir")) == [])
  }
}
