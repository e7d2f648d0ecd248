import Foundation
import TestSupport
import Testing

/// `import -` reads and validates standard input before it takes the writer's lock: a slow
/// producer (`generator | catalog import -`) used to hold the lock, on PostgreSQL as a
/// session idle in transaction, while every other writer waited or timed out.
///
/// No timing is involved: the producer writes more than a pipe holds (4 MiB of whitespace
/// inside the document), and that write returns only once the importer has read most of
/// it, so the importer is provably reading its input when the second writer runs, and the
/// second writer is given no time to wait (`--busy-timeout 0`).
@Suite("import -: standard input is read before the lock")
struct SlowStandardInputTests {
  @Test(arguments: TestEngine.allCases)
  func aConcurrentWriterNeverWaitsForASlowProducer(engine: TestEngine) throws {
    let location = try engine.makeLocation()
    let directory = location.directory
    try directory.write(
      "a.json", #"[{"kind": "a", "category": "c", "description": "d", "payload": {"v": 1}}]"#)
    try directory.write(
      "b.json",
      #"[{"kind": "a", "category": "c", "description": "d", "payload": {"v": 1}}, "#
        + #"{"kind": "b", "category": "c", "description": "d", "payload": {"v": 2}}]"#)
    let first = try CatalogProcess.run(["-d", location.text, "import", "a.json"], in: directory)
    try #require(first.status == 0, "\(first)")

    let input = Pipe()
    let slow = try RunningCatalog(
      ["-d", location.text, "--busy-timeout", "0", "import", "-", "-m", "slow"], in: directory,
      stdin: input)
    let writer = input.fileHandleForWriting
    try writer.write(contentsOf: Data(#"[{"kind": "c", "category": "c","#.utf8))
    // Returns once the importer has read all but a pipe's worth of it.
    try writer.write(contentsOf: Data(repeating: UInt8(ascii: " "), count: 4 << 20))

    let other = try CatalogProcess.run(
      ["-d", location.text, "--busy-timeout", "0", "import", "b.json", "-m", "meanwhile"],
      in: directory)
    #expect(other.status == 0, "\(other)")
    #expect(other.stdout.hasPrefix("revision 2: 1 added"), "\(other)")

    try writer.write(contentsOf: Data(#""description": "d", "payload": {"v": 3}}]"#.utf8))
    try writer.close()
    let result = slow.wait()
    #expect(result.status == 0, "\(result)")
    // Written after the other writer's revision, as the import of what it finally read.
    #expect(result.stdout.hasPrefix("revision 3: 1 added"), "\(result)")
    let log = try CatalogProcess.run(["-d", location.text, "kinds"], in: directory)
    #expect(log.stdout.split(separator: "\n").count == 3, "\(log)")
  }

  /// A document with problems on standard input is refused (exit 65, located) without the
  /// catalog ever being opened for the write: nothing is created at a new location.
  @Test(arguments: TestEngine.allCases)
  func aBadDocumentNeverReachesTheCatalog(engine: TestEngine) throws {
    let location = try engine.makeLocation()
    let result = try CatalogProcess.run(
      ["-d", location.text, "import", "-"], in: location.directory,
      stdin: Array(#"[{"kind": "a", "category": "c"}]"#.utf8))
    #expect(result.status == 65, "\(result)")
    #expect(result.stderr.hasPrefix("-:1:2: error: "), "\(result)")
    let export = try CatalogProcess.run(["-d", location.text, "export"], in: location.directory)
    #expect(export.status == 66, "\(export)")
    #expect(try location.directory.fileNames() == [])
  }
}
