import Components
import Foundation
import TestSupport
import Testing

/// `catalog diff OLD NEW` holds a regular OLD file by where each entry's text is and compares
/// NEW's entries with that text read back; OLD from standard input (which cannot be read
/// again) is held by its canonical texts. The two must give the same bytes in every format,
/// whatever differs: texts, formatting alone, one byte in a text of the same length, member
/// order, a byte order mark, a bare array.
@Suite("diff FILE FILE: OLD held by range")
struct FileDiffTests {
  let runner: CatalogRunner

  init() throws {
    runner = try CatalogRunner()
  }

  static let outputs: [[String]] = [
    [], ["--stat"], ["--name-only"], ["--quiet"], ["--format", "json"],
    ["--format", "json-patch"], ["--format", "json-patch", "--with-tests"],
    ["--format", "github"], ["--format", "junit"],
  ]

  /// One entry per (kind, payload text), written one entry to a line by `line`, in
  /// `{"components": [...]}` or a bare array.
  static func document(
    _ entries: [(String, String)], bare: Bool = false,
    line: (String, String) -> String = { kind, payload in
      #"  {"kind": "\#(kind)", "category": "C", "description": "d", "payload": \#(payload)}"#
    }
  ) -> [UInt8] {
    let lines = entries.map(line).joined(separator: ",\n")
    return Array((bare ? "[\n\(lines)\n]\n" : "{\"components\": [\n\(lines)\n]}\n").utf8)
  }

  /// The pairs compared: (name, OLD, NEW).
  static func pairs() throws -> [(String, [UInt8], [UInt8])] {
    let base = try Fixtures.bytes("generated-300.json")
    let mutated = try Fixtures.bytes("generated-300-mutated.json")
    let compact = try JSONWriter.canonicalBytes(JSONReader(bytes: base).readDocument())
    let compactMutated = try JSONWriter.canonicalBytes(JSONReader(bytes: mutated).readDocument())
    let few = (0..<6).map { ("k\($0)", #"{"x": "aaaa", "n": \#($0)}"#) }
    var oneByte = few
    oneByte[3].1 = #"{"x": "aaab", "n": 3}"#
    var moved = few
    moved.swapAt(1, 4)
    return [
      ("generated", base, mutated),
      ("generated-backwards", mutated, base),
      ("formatting-only", base, compact),
      ("formatting-and-changes", compactMutated, base),
      ("one-byte-same-length", document(few), document(oneByte)),
      ("moved", document(few), document(moved)),
      (
        "member-order", document(few),
        document(few) { kind, payload in
          #"  {"payload": \#(payload), "kind": "\#(kind)", "category": "C", "description": "d"}"#
        }
      ),
      (
        "extra-member", document(few),
        document(few) { kind, payload in
          #"  {"kind": "\#(kind)", "category": "C", "description": "d", "deprecated": true, "payload": \#(payload)}"#
        }
      ),
      ("byte-order-mark", [0xEF, 0xBB, 0xBF] + document(oneByte), document(few)),
      (
        "bare-array-crlf",
        Array(
          String(decoding: document(few, bare: true), as: UTF8.self).replacingOccurrences(
            of: "\n", with: "\r\n"
          ).utf8),
        document(moved)
      ),
      ("identical", document(few), document(few)),
    ]
  }

  @Test func heldByRangeGivesWhatHeldByTextGives() throws {
    for (name, old, new) in try Self.pairs() {
      try runner.directory.write("old.json", old)
      try runner.directory.write("new.json", new)
      for output in Self.outputs {
        let byRange = try CatalogProcess.run(
          ["diff", "old.json", "new.json"] + output, in: runner.directory)
        let byText = try CatalogProcess.run(
          ["diff", "-", "new.json"] + output, in: runner.directory, stdin: old)
        #expect(byRange.status == byText.status, "\(name) \(output)")
        #expect([0, 1].contains(byRange.status), "\(name) \(output): \(byRange)")
        // The CI formats name the operands.
        let renamed = String(decoding: byText.stdoutBytes, as: UTF8.self).replacingOccurrences(
          of: "-..new.json", with: "old.json..new.json")
        #expect(
          byRange.stdoutBytes == Array(renamed.utf8), "\(name) \(output)")
        #expect(byRange.stderr == byText.stderr, "\(name) \(output)")
      }
    }
  }
}
