import Foundation
import TestSupport
import Testing

/// A hostile file or patch must not take the machine down: memory and time stay linear in
/// the input, whatever its shape.
@Suite("Bounds on every input")
struct InputBoundsTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  /// Runs `catalog` under `ulimit -v` (KiB of address space) through /bin/sh.
  func runLimited(_ arguments: [String], virtualKiB: Int) throws -> CatalogProcess.Result {
    let quoted = ([CatalogProcess.executable.path] + arguments).map {
      "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "ulimit -v \(virtualKiB); exec \(quoted.joined(separator: " "))"]
    process.currentDirectoryURL = directory.url
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CatalogProcess.Result(
      status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
      stderr: String(decoding: stderr, as: UTF8.self), stdoutBytes: Array(stdout))
  }

  /// 500,000 keys in one payload object (8 MB) are checked, imported and exported within
  /// 1 GiB of address space; the duplicate-key check used to keep a copy of the output per
  /// key (20,000 keys took 2.7 GB).
  @Test func halfAMillionKeysInOneObjectUnderAMemoryLimit() throws {
    var text = Array(#"[{"kind": "k", "category": "c", "description": "d", "payload": {"#.utf8)
    for i in 0..<500_000 {
      if i > 0 { text.append(UInt8(ascii: ",")) }
      text += Array("\"key\(i)\":\(i)".utf8)
    }
    text += Array("}}]".utf8)
    try directory.write("keys.json", text)
    let limit = 1 << 20  // KiB: 1 GiB
    let check = try runLimited(["check", "keys.json"], virtualKiB: limit)
    #expect(check.status == 0, "\(check)")
    let imported = try runLimited(["import", "keys.json"], virtualKiB: limit)
    #expect(imported.status == 0, "\(imported)")
    let exported = try runLimited(["export"], virtualKiB: limit)
    #expect(exported.status == 0)
    #expect(exported.stdout.contains("\"key499999\": 499999\n"))
    // A duplicate at the end is still found.
    text.removeLast(3)
    text += Array(",\"key17\":0}}]".utf8)
    try directory.write("duplicate.json", text)
    let duplicate = try runLimited(["check", "duplicate.json"], virtualKiB: limit)
    #expect(duplicate.status == 65)
    #expect(duplicate.stderr.contains("duplicate key \"key17\""))
  }
}
