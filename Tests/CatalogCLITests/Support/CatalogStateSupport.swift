import CatalogStore
import Components
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What "the catalog is unchanged" means in these tests: the same head revision
/// and the same export, byte for byte.
struct CatalogState: Equatable, CustomStringConvertible {
  var head: Int64
  var export: [UInt8]

  var description: String { "head \(head), export of \(export.count) bytes" }

  /// Reads the state of the catalog at `path` through the library, read-only, the way
  /// `catalog export` reads it.
  static func read(_ path: String) throws -> CatalogState {
    let catalog = try Catalog(path: path, options: Catalog.Options(readOnly: true, create: false))
    return CatalogState(head: try catalog.head()?.id ?? 0, export: try catalog.exportBytes())
  }
}

extension TemporaryDirectory {
  /// The state of `components.sqlite` (or `name`) in the directory.
  /// Runs `catalog arguments` here on the catalog `database` (a path or a PostgreSQL URL,
  /// through `CATALOG_DATABASE`) and records an issue, with the whole result, unless it exits
  /// with `status`.
  @discardableResult
  func runCatalog(
    _ arguments: [String], expect status: Int32, database: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> CatalogProcess.Result {
    let result = try CatalogProcess.run(
      arguments, in: self, environment: ["CATALOG_DATABASE": database])
    #expect(result.status == status, "\(arguments): \(result)", sourceLocation: sourceLocation)
    return result
  }

  func catalogState(_ name: String = "components.sqlite") throws -> CatalogState {
    try CatalogState.read(path(name))
  }

  /// Runs `catalog doctor` on `name` (a file in the directory, or a PostgreSQL URL) and
  /// records an issue unless it reports a healthy catalog.
  func expectHealthy(
    _ name: String = "components.sqlite", sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let doctor = try CatalogProcess.run(["-d", name, "doctor"], in: self)
    #expect(doctor.status == 0, "\(doctor)", sourceLocation: sourceLocation)
    #expect(doctor.stdout.hasPrefix("ok: "), "\(doctor)", sourceLocation: sourceLocation)
    let engineCheck =
      name.hasPrefix("postgres") ? "references between rows ok" : "integrity_check ok"
    #expect(doctor.stdout.contains(engineCheck), "\(doctor)", sourceLocation: sourceLocation)
  }
}

/// Catalog documents made in the test, in the export format, so that an import of one and
/// an export give back the same bytes.
enum GeneratedCatalog {
  /// `count` entries built from the entries of generated-300.json by repetition: kinds get
  /// a suffix per round, and `variant` changes every description, so that two variants
  /// differ in every entry.
  static func document(count: Int, variant: Int = 0) throws -> [UInt8] {
    let base = try CatalogDocumentReader(JSONReader(bytes: Fixtures.bytes("generated-300.json")))
      .readAll()
    var writer = CatalogDocumentWriter()
    var output: [UInt8] = []
    for index in 0..<count {
      var entry = base[index % base.count]
      let round = index / base.count
      if round > 0 { entry.kind += "-r\(round)" }
      if variant != 0 { entry.description += " (variant \(variant))" }
      writer.append(entry)
      if writer.output.count > 1 << 20 { output += writer.drain() }
    }
    return output + writer.finish()
  }

  /// A document of the given entries, in the export format.
  static func document(_ entries: [CatalogEntry]) -> [UInt8] {
    CatalogDocumentWriter.document(entries)
  }
}

/// A child process run without waiting for it, for tests that kill it or run several at once.
final class RunningCatalog: @unchecked Sendable {
  // @unchecked: `process` is only touched by the thread that started it, and the pipes are
  // drained by one queue each.
  let process: Process
  private let group = DispatchGroup()
  private let outBox = ByteBox()
  private let errBox = ByteBox()

  /// Starts `catalog` (or `executable`, such as a wrapper that runs `catalog` as another
  /// user) with `arguments` in `directory`; its standard input is `stdin` (empty when nil).
  init(
    _ arguments: [String], in directory: TemporaryDirectory, environment: [String: String] = [:],
    executable: URL = CatalogProcess.executable, stdin: Pipe? = nil
  ) throws {
    process = CatalogProcess.makeProcess(
      arguments, in: directory, environment: environment, executable: executable)
    let output = Pipe()
    let error = Pipe()
    process.standardInput = stdin ?? FileHandle.nullDevice
    process.standardOutput = output
    process.standardError = error
    try process.run()
    let outBox = self.outBox
    let errBox = self.errBox
    DispatchQueue.global().async(group: group) {
      outBox.set(output.fileHandleForReading.readDataToEndOfFile())
    }
    DispatchQueue.global().async(group: group) {
      errBox.set(error.fileHandleForReading.readDataToEndOfFile())
    }
  }

  /// Sends SIGKILL: the process dies at once, wherever it is.
  func sigkill() {
    _ = kill(process.processIdentifier, SIGKILL)
  }

  /// Waits for the process and returns what it printed.
  func wait() -> CatalogProcess.Result {
    process.waitUntilExit()
    group.wait()
    let out = outBox.data
    let err = errBox.data
    return CatalogProcess.Result(
      status: process.terminationReason == .uncaughtSignal
        ? 128 + process.terminationStatus
        : process.terminationStatus,
      stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self),
      stdoutBytes: Array(out))
  }
}

/// Bytes handed from a reading queue to the waiting thread.
final class ByteBox: @unchecked Sendable {
  // @unchecked: every access holds the lock.
  private let lock = NSLock()
  private var stored = Data()

  func set(_ data: Data) {
    lock.lock()
    stored = data
    lock.unlock()
  }

  var data: Data {
    lock.lock()
    defer { lock.unlock() }
    return stored
  }
}

/// Seconds since an arbitrary start, for timing child processes.
func monotonicSeconds() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}
