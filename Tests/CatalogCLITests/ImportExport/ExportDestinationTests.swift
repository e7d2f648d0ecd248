import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `export --output PATH` never destroys what PATH names: not the catalog (every revision),
/// not a device, a named pipe or a symbolic link, not a file's permissions.
@Suite("export --output and what the path names")
struct ExportDestinationTests {
  let directory: TemporaryDirectory
  let document: [UInt8]

  init() throws {
    directory = try TemporaryDirectory()
    document = try Fixtures.bytes("generated-300.json")
    try directory.write("ok.json", document)
    let result = try CatalogProcess.run(["import", "ok.json"], in: directory)
    try #require(result.status == 0, "\(result)")
  }

  func fileType(_ name: String) -> mode_t {
    var info = stat()
    guard lstat(directory.path(name), &info) == 0 else { return 0 }
    return info.st_mode & S_IFMT
  }

  /// `export -o components.sqlite` replaced the whole catalog with a JSON file, exit 0.
  @Test(arguments: ["components.sqlite", "./components.sqlite", "components.sqlite-shm"])
  func theCatalogsOwnFilesAreRefused(output: String) throws {
    let before = try directory.catalogState()
    let result = try CatalogProcess.run(["export", "-o", output], in: directory)
    #expect(result.status == 65, "\(result)")
    #expect(
      result.stderr
        == "catalog: error: \(output) is a catalog database (or its -wal, -shm or -journal "
        + "file); export would replace it: choose another --output\n")
    #expect(try directory.catalogState() == before)
  }

  /// The catalog's -journal file before it exists, named directly or through a symbolic link
  /// to its directory: refused by path, for `export` and `policy export`. Written, it was
  /// taken by SQLite for a hot journal, and every later read failed with 74 until a write.
  @Test(arguments: [
    "components.sqlite-journal", "./components.sqlite-journal",
    "linked/components.sqlite-journal",
  ])
  func theCatalogsJournalIsRefusedBeforeItExists(output: String) throws {
    try FileManager.default.createSymbolicLink(
      atPath: directory.path("linked"), withDestinationPath: ".")
    #expect(!FileManager.default.fileExists(atPath: directory.path("components.sqlite-journal")))
    let before = try directory.catalogState()
    for command in [["export", "-o", output], ["policy", "export", "-o", output]] {
      let result = try CatalogProcess.run(command, in: directory)
      #expect(result.status == 65, "\(command): \(result)")
      #expect(
        result.stderr
          == "catalog: error: \(output) is a catalog database (or its -wal, -shm or -journal "
          + "file); export would replace it: choose another --output\n", "\(command)")
      #expect(
        !FileManager.default.fileExists(atPath: directory.path("components.sqlite-journal")))
    }
    #expect(try directory.catalogState() == before)
    let log = try CatalogProcess.run(["log"], in: directory)
    #expect(log.status == 0, "\(log)")
  }

  /// Another catalog database, through a symbolic link too.
  @Test func anotherCatalogIsRefused() throws {
    #expect(
      try CatalogProcess.run(["-d", "b.sqlite", "import", "ok.json"], in: directory).status == 0)
    try FileManager.default.createSymbolicLink(
      atPath: directory.path("link"), withDestinationPath: "b.sqlite")
    for output in ["b.sqlite", "link"] {
      let result = try CatalogProcess.run(["export", "-o", output], in: directory)
      #expect(result.status == 65, "\(result)")
    }
    #expect(try directory.catalogState("b.sqlite").head == 1)
  }

  /// A link is followed to its target, and stays a link.
  @Test func aSymbolicLinkIsFollowed() throws {
    try FileManager.default.createDirectory(
      atPath: directory.path("real"), withIntermediateDirectories: false)
    try directory.write("real/out.json", "old")
    try FileManager.default.createSymbolicLink(
      atPath: directory.path("out.json"), withDestinationPath: "real/out.json")
    let result = try CatalogProcess.run(["export", "-o", "out.json"], in: directory)
    #expect(result.status == 0, "\(result)")
    #expect(fileType("out.json") == S_IFLNK)
    #expect(try directory.read("real/out.json") == document)
    // A dangling link: its target is created.
    try FileManager.default.createSymbolicLink(
      atPath: directory.path("dangling.json"), withDestinationPath: "real/new.json")
    #expect(try CatalogProcess.run(["export", "-o", "dangling.json"], in: directory).status == 0)
    #expect(fileType("dangling.json") == S_IFLNK)
    #expect(try directory.read("real/new.json") == document)
  }

  /// A 0600 file stays 0600 (it was widened to 0644).
  @Test func anExistingFileKeepsItsMode() throws {
    try directory.write("secret.json", "old")
    chmod(directory.path("secret.json"), 0o600)
    #expect(try CatalogProcess.run(["export", "-o", "secret.json"], in: directory).status == 0)
    var info = stat()
    #expect(stat(directory.path("secret.json"), &info) == 0)
    #expect(info.st_mode & 0o7777 == 0o600)
    #expect(try directory.read("secret.json") == document)
  }

  /// A device is written into, never replaced: /dev/null through a link stays /dev/null,
  /// and /dev/full reports its error.
  @Test func aDeviceIsWrittenInto() throws {
    try FileManager.default.createSymbolicLink(
      atPath: directory.path("null"), withDestinationPath: "/dev/null")
    let null = try CatalogProcess.run(["export", "-o", "null"], in: directory)
    #expect(null.status == 0, "\(null)")
    #expect(fileType("null") == S_IFLNK)
    var info = stat()
    #expect(stat("/dev/null", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
    let full = try CatalogProcess.run(["export", "-o", "/dev/full"], in: directory)
    #expect(full.status == 74, "\(full)")
    #expect(full.stderr == "catalog: error: /dev/full: no space left on device\n")
    #expect(stat("/dev/full", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
  }

  /// A named pipe is written into: its reader gets the document, and the pipe stays a pipe.
  @Test func aNamedPipeIsWrittenInto() throws {
    #expect(mkfifo(directory.path("pipe"), 0o644) == 0)
    let result = try CatalogProcess.shell(
      "cat pipe > got.json & \"$CATALOG\" export -o pipe; status=$?; wait; exit $status",
      in: directory)
    #expect(result.status == 0, "\(result)")
    #expect(try directory.read("got.json") == document)
    #expect(fileType("pipe") == S_IFIFO)
  }

  /// A named pipe as the input of import is opened once: the writer's data arrives.
  @Test func aNamedPipeAsInput() throws {
    #expect(mkfifo(directory.path("in.json"), 0o644) == 0)
    try directory.write("mutated.json", try Fixtures.bytes("generated-300-mutated.json"))
    let result = try CatalogProcess.shell(
      "cat mutated.json > in.json & \"$CATALOG\" import in.json; status=$?; wait; exit $status",
      in: directory)
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout.hasPrefix("revision 2: "), "\(result)")
  }
}
