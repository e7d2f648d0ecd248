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
    // Output goes to files: two pipes read one after the other deadlock once the second
    // fills (a message naming a 100,000-token pointer does).
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = [
      "-c",
      "ulimit -v \(virtualKiB); exec \(quoted.joined(separator: " ")) >limited.out 2>limited.err",
    ]
    process.currentDirectoryURL = directory.url
    try process.run()
    process.waitUntilExit()
    let stdout = try directory.read("limited.out")
    let stderr = try directory.read("limited.err")
    return CatalogProcess.Result(
      status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
      stderr: String(decoding: stderr, as: UTF8.self), stdoutBytes: stdout)
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

  /// The patches of issue 15: each fails cleanly or succeeds, and none takes the machine.
  @Test func hostilePatches() throws {
    try directory.write("catalog.json", try GeneratedCatalog.document(count: 300))
    #expect(try CatalogProcess.run(["import", "catalog.json"], in: directory).status == 0)
    let before = try directory.catalogState()
    let limit = 1 << 20  // KiB: 1 GiB of address space

    // A 2 KB patch of 23 copies of a payload into itself doubles it each time: gigabytes of
    // text. It stops at the operation that crosses --max-size (1 GiB by default).
    let doubling = (0..<23).map {
      #"{"op": "copy", "from": "/components/0/payload", "path": "/components/0/payload/x\#($0)"}"#
    }
    try directory.write("doubling.json", "[" + doubling.joined(separator: ",\n") + "]")
    let doubled = try runLimited(["patch", "doubling.json"], virtualKiB: limit)
    #expect(doubled.status == 65, "\(doubled)")
    #expect(
      doubled.stderr.hasSuffix(
        ": the result would be larger than 1073741824 bytes (--max-size)\n"),
      "\(doubled)")
    let small = try runLimited(
      ["patch", "doubling.json", "--max-size", "1000000"], virtualKiB: limit)
    #expect(small.status == 65)
    #expect(small.stderr.contains("the result would be larger than 1000000 bytes (--max-size)"))

    // Copies of a value into its own deepest member, with ever longer paths (the issue's
    // 410 KB patch overflowed the stack): refused at the depth limit, and a pointer longer
    // than the limit is refused before it is followed.
    var deep = "[" + #"{"op": "add", "path": "/components/0/payload/d", "value": "#
    deep += String(repeating: #"{"a":"#, count: 400) + "1" + String(repeating: "}", count: 400)
    deep += "}"
    var path = "/components/0/payload/d"
    for _ in 0..<10 {
      let target = path + String(repeating: "/a", count: 400)
      deep += #", {"op": "copy", "from": "\#(path)", "path": "\#(target)"}"#
      path = target
    }
    deep +=
      #", {"op": "replace", "path": "\#(path + String(repeating: "/a", count: 100_000))", "value": 1}]"#
    try directory.write("deep.json", deep)
    let nested = try runLimited(["patch", "deep.json"], virtualKiB: limit)
    #expect(nested.status == 65, "\(nested)")
    #expect(
      nested.stderr.hasSuffix(
        ": the result would be nested deeper than 1000 levels (--max-depth)\n"),
      "\(nested)")
    let longPointer = #"[{"op": "remove", "path": "\#(String(repeating: "/a", count: 100_000))"}]"#
    try directory.write("pointer.json", longPointer)
    let pointer = try runLimited(["patch", "pointer.json"], virtualKiB: limit)
    #expect(pointer.status == 65)
    #expect(
      pointer.stderr.contains(
        "the pointer has 100000 tokens, more than the depth limit of 1000 (--max-depth)"),
      "\(pointer)")
    #expect(try directory.catalogState() == before)

    // 100,000 operations on one object (each a new key) apply in linear time: the object's
    // keys are indexed, not scanned per operation (this took minutes).
    let many = (0..<100_000).map {
      #"{"op":"add","path":"/components/1/payload/k\#($0)","value":\#($0)}"#
    }
    try directory.write("many.json", "[" + many.joined(separator: ",") + "]")
    let applied = try runLimited(["patch", "many.json"], virtualKiB: limit)
    #expect(applied.status == 0, "\(applied)")
    #expect(applied.stdout == "revision 2: 0 added, 1 changed, 0 removed\n")
    try directory.expectHealthy()
  }

  /// A patch is read, applied and validated before the catalog is locked: with another
  /// writer holding the lock, a malformed patch, a failing `test` and a result that is not a
  /// catalog are reported at once (exit 65), not after waiting for the lock (exit 75).
  @Test func patchesAreCheckedBeforeTheLock() throws {
    try directory.write("catalog.json", try GeneratedCatalog.document(count: 10))
    #expect(try CatalogProcess.run(["import", "catalog.json"], in: directory).status == 0)
    let lock = try RawSQLite(path: directory.path("components.sqlite"))
    try lock.execute("BEGIN IMMEDIATE")
    defer { try? lock.execute("ROLLBACK") }
    let cases = [
      ("malformed.json", #"[{"op": "nope", "path": "/x"}]"#, "/0/op: operation 0 (nope /x)"),
      (
        "test.json", #"[{"op": "test", "path": "/components/0/category", "value": 1}]"#,
        "test failed"
      ),
      (
        "invalid.json", #"[{"op": "remove", "path": "/components/0/kind"}]"#,
        "/0/path: the patched catalog would not be valid at /components/0"
      ),
    ]
    for (name, text, message) in cases {
      try directory.write(name, text)
      let result = try CatalogProcess.run(
        ["--busy-timeout", "0.2", "patch", name], in: directory)
      #expect(result.status == 65, "\(name): \(result)")
      #expect(result.stderr.contains(message), "\(name): \(result)")
    }
    // A patch that applies still needs the lock for its write.
    try directory.write(
      "good.json", #"[{"op": "replace", "path": "/components/0/category", "value": "x"}]"#)
    let waiting = try CatalogProcess.run(
      ["--busy-timeout", "0.2", "patch", "good.json"], in: directory)
    #expect(waiting.status == 75, "\(waiting)")
    #expect(waiting.stderr.contains("another writer held the catalog"))
  }

  /// Whatever depth the catalog accepts (1000 levels, the default and the cap of
  /// --max-depth), every command handles: show, blame, log, patch, diff, check and import
  /// of the export, restore, rename, doctor.
  @Test func everyCommandHandlesTheDeepestCatalog() throws {
    // The payload sits at depth 3 (document, components array, entry): 997 more levels.
    func document(_ levels: Int, leaf: String) -> String {
      #"{"components": [{"kind": "deep", "category": "c", "description": "d", "payload": "#
        + String(repeating: #"{"a":"#, count: levels - 1) + "[\(leaf)]"
        + String(repeating: "}", count: levels - 1) + "}]}\n"
    }
    try directory.write("one.json", document(997, leaf: "1"))
    try directory.write("two.json", document(997, leaf: "2"))
    func run(_ arguments: [String], _ status: Int32 = 0) throws -> CatalogProcess.Result {
      let result = try CatalogProcess.run(arguments, in: directory)
      #expect(result.status == status, "\(arguments): \(result)")
      return result
    }
    _ = try run(["import", "one.json"])
    _ = try run(["show", "deep"])
    _ = try run(["show", "deep", "--format", "text"])
    let blame = try run(["blame", "deep"]).stdout
    #expect(blame.contains(String(repeating: "/a", count: 996) + "/0"))
    let leaf = "/components/0/payload" + String(repeating: "/a", count: 996) + "/0"
    try directory.write(
      "patch.json",
      #"[{"op": "test", "path": "\#(leaf)", "value": 1}, {"op": "replace", "path": "\#(leaf)", "value": 3}]"#
    )
    #expect(try run(["patch", "patch.json"]).stdout.hasPrefix("revision 2: 0 added, 1 changed"))
    _ = try run(["import", "two.json"])
    _ = try run(["log", "deep"])
    #expect(try run(["diff", "@1", "@3"], 1).stdout.hasPrefix("~ deep\n"))
    _ = try run(["diff", "@1", "two.json", "--format", "json-patch"], 1)
    let export = try run(["export"]).stdoutBytes
    try directory.write("export.json", export)
    _ = try run(["check", "export.json"])
    _ = try run(["-d", "copy.sqlite", "import", "export.json"])
    #expect(try run(["-d", "copy.sqlite", "export"]).stdoutBytes == export)
    _ = try run(["diff", "export.json", "two.json"])
    _ = try run(["restore", "1"])
    _ = try run(["rename", "deep", "deeper"])
    try directory.expectHealthy()
    // A bare array counts as it will be exported, one level deeper: an entry array whose
    // payload fits 1000 levels only in this form is refused, so its export stays readable.
    try directory.write(
      "bare.json",
      #"[{"kind": "k", "category": "c", "description": "d", "payload": "#
        + String(repeating: "[", count: 998) + String(repeating: "]", count: 998) + "}]")
    let bare = try run(["check", "bare.json"], 65)
    #expect(bare.stderr.hasSuffix(": nesting is deeper than 1000 levels (the --max-depth limit)\n"))
  }
}
