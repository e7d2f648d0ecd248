import CatalogStore
import Foundation

/// Runs every benchmarked operation as a child process, the way a user runs `catalog`, and
/// reports the times and peak memory.
///
/// The child is this executable re-run as `catalog-bench exec-catalog ARGS`, which calls
/// `CatalogMain.run`, the very function the `catalog` binary's `main` calls, so the numbers
/// are end to end (process start, argument parsing, output) and always of this build's code;
/// `--catalog PATH` times another binary instead.
final class Bench {
  let options: BenchOptions
  let report = BenchReport()
  let work: String
  private let executable: String
  private let prefix: [String]
  /// This executable, which launches the timed children (see ``ChildProcess``).
  private let launcher: String

  init(options: BenchOptions) throws {
    self.options = options
    if let directory = options.work {
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
      work = directory
    } else {
      var template = Array("/tmp/catalog-bench.XXXXXX".utf8CString)
      guard let made = template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap(mkdtemp) })
      else {
        throw BenchError("cannot create a temporary directory")
      }
      work = String(cString: made)
    }
    launcher = Self.ownExecutable()
    if let catalog = options.catalog {
      executable = catalog
      prefix = []
    } else {
      executable = launcher
      prefix = ["exec-catalog"]
    }
  }

  /// Runs everything and prints the table.
  func run() throws {
    defer {
      if !options.keep && options.work == nil { try? FileManager.default.removeItem(atPath: work) }
    }
    print(Machine.current.summary)
    print("runs: \(options.runs) per row; times are wall clock, spawn to exit")
    print("")
    func runs(_ suite: String) -> Bool { options.only?.contains(suite) ?? true }
    if runs("sizes") {
      var medians: [Int: [String: Double]] = [:]
      for size in options.sizes {
        medians[size] = try sizeSuite(size)
      }
      growthRows(medians)
    }
    if runs("history") { try historySuite() }
    if runs("growth") { try storageGrowthSuite() }
    if runs("registry") { try registrySuite() }
    if runs("site") { try siteSuite() }
    if runs("diff-model") { try diffModelSuite() }
  }

  // MARK: - Import and export at each size

  /// Import, re-import, 1% import and export at `size` entries; returns the median CPU
  /// time of each operation that ``growthRows(_:)`` compares across sizes.
  private func sizeSuite(_ size: Int) throws -> [String: Double] {
    let base = "\(work)/components-\(size).json"
    let mutated = "\(work)/components-\(size)-mutated.json"
    let baseBytes = CatalogGenerator.document(CatalogGenerator.entries(count: size))
    try writeFile(base, baseBytes)
    try writeFile(
      mutated, CatalogGenerator.document(CatalogGenerator.entries(count: size, mutate: 1)))
    let database = "\(work)/catalog-\(size).sqlite"
    let saved = "\(work)/catalog-\(size)-imported.sqlite"

    var first = Measurement()
    for _ in 0..<options.runs {
      removeCatalog(database)
      first.record(
        try catalog(["-d", database, "import", base, "-m", "bench", "--author", "bench"]))
    }
    try checkpoint(database)
    removeCatalog(saved)
    try copyFile(database, saved)
    let fileBytes = baseBytes.count
    // The memory target is set at 100,000 entries; a small file is below the ~20 MiB any
    // Swift process with Foundation takes.
    let memoryVerdict: BenchReport.Verdict =
      size < 100_000 ? .info : (first.peakBytes ?? .max) <= fileBytes ? .met : .missed
    report.add(
      "import into an empty catalog", entries: size, first,
      target: "peak ≤ file (\(BenchReport.mebibytes(fileBytes))); time: compare-baselines.sh",
      verdict: memoryVerdict)

    var again = Measurement()
    var wrote = false
    for _ in 0..<options.runs {
      let before = [fileStamp(saved), fileStamp(saved + "-wal")]
      let run = try catalog(["-d", saved, "import", base, "--author", "bench"])
      guard run.stdoutText.hasPrefix("no changes") else {
        throw BenchError("re-import reported changes: \(run.stdoutText)")
      }
      if [fileStamp(saved), fileStamp(saved + "-wal")] != before { wrote = true }
      again.record(run)
    }
    let againRatio = again.median / first.median
    report.add(
      "re-import, unchanged", entries: size, again,
      target:
        "≤ 0.3× import: \(BenchReport.fixed(againRatio, 2))×, \(wrote ? "WROTE" : "wrote nothing")",
      verdict: againRatio <= 0.3 && !wrote ? .met : .missed)

    var changed = Measurement()
    for _ in 0..<options.runs {
      removeCatalog(database)
      try copyFile(saved, database)
      changed.record(
        try catalog(["-d", database, "import", "--prune", mutated, "-m", "1%", "--author", "bench"])
      )
    }
    let changedRatio = changed.median / first.median
    report.add(
      "import, 1% changed (--prune)", entries: size, changed,
      target: "≤ 0.4× import: \(BenchReport.fixed(changedRatio, 2))×",
      verdict: changedRatio <= 0.4 ? .met : .missed)

    // diff(1) exits 1 when there are differences, and so does catalog diff.
    var fileDiff = Measurement()
    var revisionDiff = Measurement()
    for _ in 0..<options.runs {
      fileDiff.record(try catalog(["diff", base, mutated], stdout: "/dev/null", allowing: [1]))
      revisionDiff.record(
        try catalog(["-d", database, "diff", "@1", "@2"], stdout: "/dev/null", allowing: [1]))
    }
    let bothFiles = fileBytes + fileSize(mutated)
    let diffMemoryVerdict: BenchReport.Verdict =
      size < 100_000 ? .info : (fileDiff.peakBytes ?? .max) <= bothFiles ? .met : .missed
    report.add(
      "diff two files, 1% changed", entries: size, fileDiff,
      target: "peak ≤ both files (\(BenchReport.mebibytes(bothFiles))); time: compare-baselines.sh",
      verdict: diffMemoryVerdict)
    report.add("diff two revisions (@1 @2), 1% changed", entries: size, revisionDiff)

    let exported = "\(work)/export-\(size).json"
    var export = Measurement()
    for _ in 0..<options.runs {
      export.record(try catalog(["-d", saved, "export"], stdout: exported))
    }
    guard try readFile(exported) == baseBytes else {
      throw BenchError("export of \(size) entries differs from the imported file")
    }
    report.add(
      "export head (to stdout)", entries: size, export,
      target: "byte-identical; time: compare-baselines.sh", verdict: .met)
    unlink(exported)
    return [
      "import": first.cpuMedian, "export": export.cpuMedian,
      "diff of two files": fileDiff.cpuMedian,
      "diff @1 @2": revisionDiff.cpuMedian,
    ]
  }

  /// CPU time per entry at the largest size against 10,000 (or the next smaller size), for
  /// import, export and both diffs. Issue 18 asks ≤ 1.1× from 100,000 to 1,000,000 entries
  /// (`--sizes 100000,1000000`); smaller steps keep the older ≤ 1.3×.
  private func growthRows(_ medians: [Int: [String: Double]]) {
    let sizes = medians.keys.sorted()
    guard let large = sizes.last,
      let small = sizes.contains(10_000) && large > 10_000 ? 10_000 : sizes.dropLast().last
    else { return }
    let limit = large >= 1_000_000 && small >= 100_000 ? 1.1 : 1.3
    for operation in ["import", "export", "diff of two files", "diff @1 @2"] {
      guard let largeTime = medians[large]?[operation], let smallTime = medians[small]?[operation],
        smallTime > 0
      else { continue }
      let ratio = (largeTime / Double(large)) / (smallTime / Double(small))
      report.add(
        "growth: \(operation) CPU time per entry, \(BenchReport.count(large)) vs \(BenchReport.count(small))",
        entries: nil, value: "\(BenchReport.fixed(ratio, 2))×",
        target: "≤ \(BenchReport.fixed(limit, 1))×", verdict: ratio <= limit ? .met : .missed)
    }
  }

  // MARK: - History

  /// A catalog with many revisions: the first import of `historySize` entries, then imports
  /// of small files that each change five payloads (one kind in every tenth revision).
  private func historySuite() throws {
    let size = options.historySize
    let revisions = options.revisions
    let start = monotonicSeconds()
    let (database, baseBytes, entries, smallImports) = try buildHistory(
      name: "history", size: size, revisions: revisions)
    report.add(
      "build: \(BenchReport.count(revisions)) revisions (1 import + \(BenchReport.count(revisions - 1)) of 5 changed entries), total \(BenchReport.seconds(monotonicSeconds() - start)); per small import:",
      entries: size, smallImports)

    let exported = "\(work)/history-export.json"
    var head = Measurement()
    for _ in 0..<options.runs {
      head.record(try catalog(["-d", database, "export"], stdout: exported))
    }
    guard try readFile(exported) == CatalogGenerator.document(entries) else {
      throw BenchError("export of the history catalog's head differs from its last state")
    }
    report.add(
      "export head, \(BenchReport.count(revisions)) revisions", entries: size, head,
      target: "byte-identical", verdict: .met)

    var old = Measurement()
    for _ in 0..<options.runs {
      old.record(try catalog(["-d", database, "export", "--at", "1"], stdout: exported))
    }
    guard try readFile(exported) == baseBytes else {
      throw BenchError("export --at 1 differs from the file imported as revision 1")
    }
    let ratio = old.median / head.median
    report.add(
      "export --at 1 (oldest), \(BenchReport.count(revisions)) revisions", entries: size, old,
      target: "≤ 1.5× head: \(BenchReport.fixed(ratio, 2))×, byte-identical",
      verdict: ratio <= 1.5 ? .met : .missed)
    unlink(exported)

    // Indexed look-ups cost about as much as opening the catalog and reading one row; a scan
    // of every revision's rows would cost about an export.
    let kind = entries[0].kind
    var open = Measurement()
    var log = Measurement()
    var show = Measurement()
    for _ in 0..<options.runs {
      open.record(try catalog(["-d", database, "log", "--limit", "1"]))
      log.record(try catalog(["-d", database, "log", kind]))
      show.record(try catalog(["-d", database, "show", kind, "--at", String(revisions / 2)]))
    }
    report.add("log --limit 1 (open the catalog, read one row)", entries: size, open)
    let limit = open.median + 0.05
    let target = "indexed: ≤ log --limit 1 + 50 ms"
    report.add(
      "log KIND (\(revisions / 10 + 1) revisions touch it)", entries: size, log, target: target,
      verdict: log.median <= limit ? .met : .missed)
    report.add(
      "show KIND --at \(revisions / 2)", entries: size, show, target: target,
      verdict: show.median <= limit ? .met : .missed)
  }

  /// A catalog of `size` generated entries and `revisions` revisions: one import, then
  /// imports that each change 5 payloads (and the first entry's every 10th revision).
  ///
  /// - Returns: the database, the first document's bytes, the last state's entries, and the
  ///   small imports' measurements.
  func buildHistory(name: String, size: Int, revisions: Int) throws -> (
    database: String, base: [UInt8], entries: [CatalogGenerator.Entry], imports: Measurement
  ) {
    var entries = CatalogGenerator.entries(count: size)
    let baseBytes = CatalogGenerator.document(entries)
    let base = "\(work)/\(name)-\(size).json"
    try writeFile(base, baseBytes)
    let database = "\(work)/\(name)-\(size).sqlite"
    removeCatalog(database)
    try catalog(["-d", database, "import", base, "-m", "base", "--author", "bench"])
    let small = "\(work)/\(name)-change.json"
    var smallImports = Measurement()
    for revision in stride(from: 2, through: revisions, by: 1) {
      var indices: Set<Int> = revision % 10 == 0 ? [0] : []
      var k = 1
      while indices.count < min(5, size) {
        indices.insert((revision * 7_919 + k * 104_729) % size)
        k += 1
      }
      // In file order, so that no entry moves: only the payloads change.
      let changed = indices.sorted().map { index -> CatalogGenerator.Entry in
        entries[index].payload.count += 1
        return entries[index]
      }
      try writeFile(small, CatalogGenerator.document(changed))
      smallImports.record(
        try catalog(["-d", database, "import", small, "-m", "r\(revision)", "--author", "bench"]))
    }
    try checkpoint(database)
    return (database, baseBytes, entries, smallImports)
  }

  // MARK: - Storage growth

  /// Imports that each change one payload must grow the file by less than 2 MiB per 500.
  private func storageGrowthSuite() throws {
    let size = options.growthSize
    let imports = options.growthImports
    var entries = CatalogGenerator.entries(count: size)
    let base = "\(work)/growth-\(size).json"
    try writeFile(base, CatalogGenerator.document(entries))
    let database = "\(work)/growth-\(size).sqlite"
    removeCatalog(database)
    try catalog(["-d", database, "import", base, "--author", "bench"])
    try checkpoint(database)
    let before = catalogSize(database)
    let small = "\(work)/growth-change.json"
    var timings = Measurement()
    for i in 0..<imports {
      let index = (i * 7_919) % size
      entries[index].payload.count += 1
      try writeFile(small, CatalogGenerator.document([entries[index]]))
      timings.record(try catalog(["-d", database, "import", small, "--author", "bench"]))
    }
    try checkpoint(database)
    let growth = catalogSize(database) - before
    let limit = 2 * 1_048_576 * imports / 500
    report.add(
      "\(imports) imports of one changed payload (per import)", entries: size, timings,
      target: "", verdict: .info)
    report.add(
      "storage growth over \(imports) one-payload imports (WAL checkpointed)", entries: size,
      value: "\(BenchReport.fixed(Double(growth) / 1024, 0)) KiB",
      target: "< \(BenchReport.mebibytes(limit))", verdict: growth < limit ? .met : .missed)
  }

  // MARK: - Registry

  /// `ComponentsRegistry.load(from:)` of a 10,000-entry catalog against Foundation's
  /// `JSONDecoder` decoding the same components.json into the same types, both in this
  /// process. The generated kinds have no registered types, so every entry loads as a
  /// `GenericComponent`, whose data is the payload as a `JSONValue`; the decoder decodes each
  /// payload into a `JSONValue` too.
  private func registrySuite() throws {
    let size = 10_000
    let bytes = CatalogGenerator.document(CatalogGenerator.entries(count: size))
    let file = "\(work)/registry-\(size).json"
    try writeFile(file, bytes)
    let database = "\(work)/registry-\(size).sqlite"
    removeCatalog(database)
    try catalog(["-d", database, "import", file, "--author", "bench"])
    try checkpoint(database)
    var load = Measurement()
    var decode = Measurement()
    for _ in 0..<options.runs {
      let loadStart = monotonicSeconds()
      let loaded = try RegistryBench.load(database)
      load.record(seconds: monotonicSeconds() - loadStart)
      let decodeStart = monotonicSeconds()
      let decoded = try RegistryBench.decode(file)
      decode.record(seconds: monotonicSeconds() - decodeStart)
      guard loaded == size, decoded == size else {
        throw BenchError("registry load found \(loaded) entries, JSONDecoder \(decoded)")
      }
    }
    report.add(
      "JSONDecoder: read components.json, decode into JSONValue payloads", entries: size, decode)
    let ratio = load.median / decode.median
    report.add(
      "registry load from the catalog (open, read, build generic components)", entries: size, load,
      target: "≤ 1.0× JSONDecoder: \(BenchReport.fixed(ratio, 2))×",
      verdict: ratio <= 1 ? .met : .missed)
  }

  // MARK: - The change model in this process

  /// `CatalogDiff` of two 100,000-entry catalogs (1% changed), its patch and formats, a
  /// reversed catalog, and a large JSON Patch, timed in this process (``DiffModelBench``). The
  /// bounds are the ones `DiffPerformanceTests` and `JSONPatchTests` asserted before timing left `swift test`: loose enough for a
  /// debug build beside other work; anything quadratic would take minutes.
  private func diffModelSuite() throws {
    let size = 100_000
    let old = try DiffModelBench.entries(count: size, mutate: 0)
    let new = try DiffModelBench.entries(count: size, mutate: 1)
    var diff = Measurement()
    var patch = Measurement()
    var formats = Measurement()
    var reversed = Measurement()
    var apply = Measurement()
    for _ in 0..<options.runs {
      let timings = try DiffModelBench.run(old: old, new: new)
      diff.record(seconds: timings.diff)
      patch.record(seconds: timings.patch)
      formats.record(seconds: timings.formats)
      reversed.record(seconds: timings.reversed)
      apply.record(seconds: timings.patchApply)
    }
    report.add(
      "CatalogDiff in process, 1% changed", entries: size, diff,
      target: "< 5 s", verdict: diff.median < 5 ? .met : .missed)
    report.add("its JSON Patch, with tests", entries: size, patch)
    report.add("its text, JSON summary and stat", entries: size, formats)
    report.add(
      "CatalogDiff and patch of the catalog reversed (every entry but one moves)", entries: size,
      reversed, target: "< 20 s", verdict: reversed.median < 20 ? .met : .missed)
    report.add(
      "JSONPatch.apply: 4,000 operations on a 50,000-element array", entries: nil, apply,
      target: "< 5 s", verdict: apply.median < 5 ? .met : .missed)
  }

  // MARK: - Helpers

  /// Runs the catalog command and requires success.
  @discardableResult
  func catalog(
    _ arguments: [String], stdout: String? = nil, allowing statuses: Set<Int32> = [0]
  ) throws -> ChildRun {
    let run = try ChildProcess.run(
      executable, prefix + arguments, stdoutPath: stdout, scratch: work, launcher: launcher)
    guard statuses.contains(run.status) else {
      throw BenchError(
        "catalog \(arguments.joined(separator: " ")) exited with \(run.status): \(run.stderrText)")
    }
    return run
  }

  /// Opens and closes the catalog: the last connection to close checkpoints the WAL into the
  /// database file and removes it (https://sqlite.org/wal.html#the_wal_file), so the file size
  /// is then the catalog's size.
  private func checkpoint(_ path: String) throws {
    _ = try Catalog(path: path)
  }

  private static func ownExecutable() -> String {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard count > 0 else { return CommandLine.arguments[0] }
    return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
