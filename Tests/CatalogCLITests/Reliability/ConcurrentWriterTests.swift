import CatalogStore
import Components
import Foundation
import TestSupport
import Testing

/// Several processes at once on one catalog: writers queue behind each other's lock (up to
/// the busy timeout) instead of failing, `--expect-head` turns a lost race into a clear
/// conflict, and readers always see one whole revision. The races run on both engines: a
/// SQLite file, and a database of a real PostgreSQL server.
@Suite("Concurrent writers and readers", .serialized)
struct ConcurrentWriterTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  /// The catalog a test races on: `components.sqlite` in the test's directory, or a fresh
  /// PostgreSQL database, given to every command through `CATALOG_DATABASE`.
  struct Target {
    /// As `--database` takes it and messages show it.
    let location: String
    let environment: [String: String]
    private let database: PostgreSQLTestDatabase?

    init(_ engine: TestEngine) throws {
      switch engine {
      case .sqlite:
        location = "components.sqlite"
        database = nil
      case .postgresql:
        let database = try PostgreSQLTestDatabase()
        location = database.url
        self.database = database
      }
      environment = ["CATALOG_DATABASE": location]
    }

    func run(_ arguments: [String], in directory: TemporaryDirectory) throws
      -> CatalogProcess.Result
    {
      try CatalogProcess.run(arguments, in: directory, environment: environment)
    }

    func state(in directory: TemporaryDirectory) throws -> CatalogState {
      try CatalogState.read(database == nil ? directory.path(location) : location)
    }
  }

  /// Outcomes gathered from several threads.
  final class Outcomes: @unchecked Sendable {
    // @unchecked: every access holds the lock.
    private let lock = NSLock()
    private var items: [(file: String, result: CatalogProcess.Result)] = []
    private var failures: [String] = []

    func add(_ file: String, _ result: CatalogProcess.Result) {
      lock.lock()
      items.append((file, result))
      lock.unlock()
    }

    func fail(_ message: String) {
      lock.lock()
      failures.append(message)
      lock.unlock()
    }

    var all: [(file: String, result: CatalogProcess.Result)] {
      lock.lock()
      defer { lock.unlock() }
      return items
    }

    var problems: [String] {
      lock.lock()
      defer { lock.unlock() }
      return failures
    }
  }

  /// A flag one thread sets and others read.
  final class Flag: @unchecked Sendable {
    // @unchecked: every access holds the lock.
    private let lock = NSLock()
    private var value = false
    var isSet: Bool {
      lock.lock()
      defer { lock.unlock() }
      return value
    }
    func set() {
      lock.lock()
      value = true
      lock.unlock()
    }
  }

  /// Writes `count` distinct documents for `writer` and returns their names and bytes.
  func documents(writer: Int, count: Int) throws -> [(name: String, bytes: [UInt8])] {
    let base = try CatalogDocumentReader(JSONReader(bytes: Fixtures.bytes("generated-300.json")))
      .readAll()
    return try (0..<count).map { index in
      let entries = base.map { entry -> CatalogEntry in
        var entry = entry
        entry.description += " (writer \(writer), import \(index))"
        return entry
      }
      let name = "w\(writer)-\(index).json"
      let bytes = GeneratedCatalog.document(entries)
      try directory.write(name, bytes)
      return (name, bytes)
    }
  }

  /// Two processes import twenty different files each, at once, into a catalog neither has
  /// created yet, while a third keeps exporting and listing the log. Every import lands as
  /// its own revision, the revisions are 1…40 without a gap, the final export is the file of
  /// revision 40, and every export the reader saw was one of the imported files, whole.
  @Test(arguments: TestEngine.allCases)
  func twoWritersTwentyImportsEachWithAReader(_ engine: TestEngine) throws {
    let target = try Target(engine)
    let files = try documents(writer: 0, count: 20) + documents(writer: 1, count: 20)
    let byName = Dictionary(uniqueKeysWithValues: files.map { ($0.name, $0.bytes) })
    // A reader may also see the catalog after the first writer created it and before its
    // first revision committed: an empty catalog, which is a consistent state too.
    let allowed = Set(files.map(\.bytes) + [Array("{\n  \"components\": []\n}\n".utf8)])
    let outcomes = Outcomes()
    let done = Flag()
    let directory = self.directory
    let writers = DispatchGroup()
    for writer in 0..<2 {
      let mine = files.filter { $0.name.hasPrefix("w\(writer)-") }.map(\.name)
      DispatchQueue.global().async(group: writers) {
        for name in mine {
          do {
            // What is tested is that every write lands whole and in order, not how long one
            // waits: under a load of 10 a writer once waited more than the default 5 s for
            // the other's commit, so the timeout is generous.
            outcomes.add(
              name,
              try target.run(
                ["--busy-timeout", "120", "import", name, "-m", name], in: directory))
          } catch {
            outcomes.fail("\(name): \(error)")
          }
        }
      }
    }
    let reader = DispatchGroup()
    nonisolated(unsafe) var reads = 0
    DispatchQueue.global().async(group: reader) {
      while !done.isSet {
        do {
          let export = try target.run(["export"], in: directory)
          if export.status == 66 {
            // Nobody has created the catalog yet.
            if export.stderr != "catalog: error: \(target.location): no catalog database here; "
              + "'catalog import FILE' creates one\n"
            {
              outcomes.fail("export before the first import: \(export)")
            }
            continue
          }
          if export.status != 0 || !allowed.contains(export.stdoutBytes) {
            outcomes.fail(
              "export saw something else: exit \(export.status), \(export.stderr)"
                + String(export.stdout.prefix(200)))
          }
          let log = try target.run(["log", "--format", "json"], in: directory)
          let ids = try JSONValue(parsing: log.stdoutBytes).arrayValue?.compactMap {
            $0[["revision"]].flatMap { Int($0.canonicalText) }
          }
          if let ids, !ids.isEmpty, ids != Array((1...ids.count).reversed()) {
            outcomes.fail("log saw revisions \(ids)")
          }
          reads += 1
        } catch {
          outcomes.fail("reader: \(error)")
        }
      }
    }
    writers.wait()
    done.set()
    reader.wait()

    #expect(outcomes.problems == [])
    #expect(reads > 0)
    var landed: [Int: String] = [:]
    for (name, result) in outcomes.all {
      #expect(result.status == 0, "\(name): \(result)")
      #expect(!result.stderr.contains("locked"), "\(name): \(result.stderr)")
      let words = result.stdout.split(separator: " ")
      guard words.first == "revision",
        let number = words.dropFirst().first.flatMap({ Int($0.dropLast()) })
      else {
        Issue.record("\(name): \(result.stdout)")
        continue
      }
      #expect(landed[number] == nil, "revision \(number) reported twice")
      landed[number] = name
    }
    #expect(landed.keys.sorted() == Array(1...40))
    let state = try target.state(in: directory)
    #expect(state.head == 40)
    #expect(state.export == landed[40].flatMap { byName[$0] })
    let log = try JSONValue(
      parsing: try target.run(["log", "--format", "json"], in: directory).stdoutBytes)
    for (number, name) in landed {
      let entry = log.arrayValue?.first { $0[["revision"]]?.canonicalText == "\(number)" }
      #expect(entry?[["source"]] == .string(name), "revision \(number)")
      #expect(
        try target.run(["export", "--at", "\(number)"], in: directory).stdoutBytes
          == byName[name])
    }
    try directory.expectHealthy(target.location)
  }

  /// Writers that all use `--expect-head`: each import either lands as the revision after the
  /// one its writer saw, or is refused with exit 75 and the conflict sentence.
  @Test(arguments: TestEngine.allCases)
  func expectHeadTurnsARaceIntoAClearConflict(_ engine: TestEngine) throws {
    let target = try Target(engine)
    let files = try documents(writer: 0, count: 8) + documents(writer: 1, count: 8)
    #expect(try target.run(["import", files[0].name], in: directory).status == 0)
    let outcomes = Outcomes()
    let directory = self.directory
    let group = DispatchGroup()
    for writer in 0..<2 {
      let mine = files.filter { $0.name.hasPrefix("w\(writer)-") }.map(\.name).dropFirst()
      DispatchQueue.global().async(group: group) {
        for name in mine {
          do {
            let head = try target.state(in: directory).head
            let result = try target.run(
              ["import", name, "--expect-head", "\(head)"], in: directory)
            outcomes.add("\(head) \(name)", result)
          } catch {
            outcomes.fail("\(name): \(error)")
          }
        }
      }
    }
    group.wait()
    #expect(outcomes.problems == [])
    var landed: [Int64] = []
    for (label, result) in outcomes.all {
      let expected = Int64(label.split(separator: " ")[0]) ?? -1
      if result.status == 0 {
        #expect(result.stdout.hasPrefix("revision \(expected + 1): "), "\(label): \(result)")
        landed.append(expected + 1)
      } else {
        #expect(result.status == 75, "\(label): \(result)")
        let prefix = "catalog: error: head is revision "
        let suffix = ", expected \(expected)\n"
        #expect(
          result.stderr.hasPrefix(prefix) && result.stderr.hasSuffix(suffix),
          "\(label): \(result.stderr)")
        let seen = Int64(result.stderr.dropFirst(prefix.count).dropLast(suffix.count)) ?? -1
        #expect(seen > expected, "\(label)")
      }
    }
    let head = try target.state(in: directory).head
    #expect(landed.sorted() == Array(2...head))
  }

  /// `--expect-head` on every command that writes: a stale head writes nothing and exits 75;
  /// the right head writes.
  @Test(arguments: TestEngine.allCases)
  func expectHeadOnEveryWritingCommand(_ engine: TestEngine) throws {
    let target = try Target(engine)
    try directory.write("a.json", try Fixtures.bytes("generated-300.json"))
    try directory.write("b.json", try Fixtures.bytes("generated-300-mutated.json"))
    #expect(try target.run(["import", "a.json"], in: directory).status == 0)
    #expect(try target.run(["import", "b.json"], in: directory).status == 0)
    try directory.write(
      "p.json", #"[{"op": "replace", "path": "/components/0/description", "value": "patched"}]"#)
    let commands: [[String]] = [
      ["import", "a.json"], ["import", "b.json", "--dry-run"], ["restore", "1"],
      ["rename", "cell-grid-0", "cell-grid-zero"], ["deprecate", "cell-grid-zero"],
      ["undeprecate", "cell-grid-zero"], ["patch", "p.json"],
    ]
    for command in commands {
      let before = try target.state(in: directory)
      let stale = try target.run(command + ["--expect-head", "\(before.head - 1)"], in: directory)
      #expect(stale.status == 75, "\(command): \(stale)")
      #expect(
        stale.stderr
          == "catalog: error: head is revision \(before.head), expected \(before.head - 1)\n",
        "\(command)")
      #expect(stale.stdout.isEmpty)
      #expect(try target.state(in: directory) == before, "\(command)")
      let current = try target.run(command + ["--expect-head", "\(before.head)"], in: directory)
      #expect(current.status == 0, "\(command): \(current)")
      let expectedHead = command.contains("--dry-run") ? before.head : before.head + 1
      #expect(try target.state(in: directory).head == expectedHead, "\(command)")
    }
    guard engine == .sqlite else { return }
    // An empty catalog is at revision 0.
    let fresh = try CatalogProcess.run(
      ["-d", "fresh.sqlite", "import", "a.json", "--expect-head", "0"], in: directory)
    #expect(fresh.stdout == "revision 1: 300 added, 0 changed, 0 removed\n", "\(fresh)")
    let missing = try CatalogProcess.run(
      ["-d", "new.sqlite", "import", "a.json", "--expect-head", "3"], in: directory)
    #expect(missing.status == 75)
    #expect(missing.stderr == "catalog: error: head is revision 0, expected 3\n")
    #expect(!FileManager.default.fileExists(atPath: directory.path("new.sqlite")))
  }

  /// Another connection holds the write lock: a writer waits up to `--busy-timeout` and then
  /// gives up with a sentence (never SQLite's "database is locked"); a reader does not wait;
  /// and a writer whose wait outlasts the lock succeeds.
  @Test func busyTimeout() throws {
    try directory.write("a.json", try Fixtures.bytes("generated-300.json"))
    try directory.write("b.json", try Fixtures.bytes("generated-300-mutated.json"))
    #expect(try CatalogProcess.run(["import", "a.json"], in: directory).status == 0)
    let before = try directory.catalogState()
    let lock = try RawSQLite(path: directory.path("components.sqlite"))
    try lock.execute("BEGIN IMMEDIATE")

    let start = monotonicSeconds()
    let refused = try CatalogProcess.run(
      ["--busy-timeout", "0.5", "import", "b.json"], in: directory)
    let waited = monotonicSeconds() - start
    #expect(refused.status == 75, "EX_TEMPFAIL: retrying can succeed")
    #expect(
      refused.stderr
        == "catalog: error: components.sqlite: another writer held the catalog for longer than the "
        + "busy timeout (0.5 s); try again or raise --busy-timeout\n")
    #expect(waited >= 0.5, "gave up after \(waited) s")

    let read = try CatalogProcess.run(["export"], in: directory)
    #expect(read.status == 0)
    #expect(read.stdoutBytes == before.export)

    // The default timeout (5 s) outlasts a lock held for 1 s.
    let writer = try RunningCatalog(["import", "b.json"], in: directory)
    usleep(1_000_000)
    try lock.execute("ROLLBACK")
    let result = writer.wait()
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout.hasPrefix("revision 2: "))
    #expect(monotonicSeconds() - start >= 1.5)
  }
}
