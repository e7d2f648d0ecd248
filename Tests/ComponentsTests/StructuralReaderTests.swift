import Components
import Foundation
import TestSupport
import Testing

/// The structural reader (stage 1's index, stage 2's walk) and the scalar reader (the fast
/// transcoder and the container walker) must accept and reject the same inputs, with the
/// same canonical bytes and the same first error (its category, pointer, offset and text),
/// in memory and streamed, for values and for whole catalog documents.
///
/// The structural strategy indexes every buffer, however small; the scalar one never does.
/// Inputs: the JSONTestSuite, the fixtures, the fuzz corpus, the regressions the fuzzer
/// found, and random documents (valid ones and the same with a byte changed, inserted or
/// removed). Each suite also counts the values the structural reader took, so that a reader
/// that gave everything back to the scalar paths would fail.
@Suite("Structural reader")
struct StructuralReaderTests {
  static func outcome(_ bytes: [UInt8], _ strategy: JSONReader.Strategy, maxDepth: Int)
    -> (String, Int)
  {
    let reader = JSONReader(bytes: bytes, maxDepth: maxDepth)
    reader.strategy = strategy
    let result = JSONReaderPathsTests.outcome(reader)
    return (result, reader.structuralReads)
  }

  static func streamedOutcome(
    _ path: String, _ strategy: JSONReader.Strategy, bufferSize: Int, maxDepth: Int
  ) throws -> String {
    let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
    defer { try? handle.close() }
    let reader = JSONReader(
      fileDescriptor: handle.fileDescriptor, bufferSize: bufferSize, maxDepth: maxDepth)
    reader.strategy = strategy
    return JSONReaderPathsTests.outcome(reader)
  }

  /// Compares the two strategies on one value's text; returns how many values the
  /// structural reader took.
  @discardableResult
  static func check(_ bytes: [UInt8], _ name: String, streamed: Bool = true) throws -> Int {
    var taken = 0
    for maxDepth in [JSONReader.defaultMaxDepth, 3] {
      let (scalar, scalarReads) = outcome(bytes, .scalar, maxDepth: maxDepth)
      let (structural, reads) = outcome(bytes, .structural, maxDepth: maxDepth)
      #expect(scalarReads == 0)
      #expect(structural == scalar, "\(name), depth \(maxDepth)")
      taken += reads
      if streamed {
        let directory = try TemporaryDirectory()
        let path = try directory.write("structural.json", bytes)
        for size in [37, 4096] {
          let streamed = try streamedOutcome(
            path, .structural, bufferSize: size, maxDepth: maxDepth)
          #expect(streamed == scalar, "\(name), buffer of \(size) bytes, depth \(maxDepth)")
        }
      }
    }
    return taken
  }

  static func documentOutcome(_ bytes: [UInt8], _ strategy: JSONReader.Strategy) -> ([String], Int)
  {
    let reader = JSONReader(bytes: bytes)
    reader.strategy = strategy
    let lines = CatalogReaderPathsTests.outcome(reader)
    return (lines, reader.structuralReads)
  }

  /// Compares the two strategies on a catalog document; returns how many values and entries
  /// the structural reader took.
  @discardableResult
  static func checkDocument(
    _ bytes: [UInt8], _ name: String, bufferSizes: [Int] = [37, 4096, 1 << 18]
  ) throws -> Int {
    let (scalar, _) = documentOutcome(bytes, .scalar)
    let (structural, reads) = documentOutcome(bytes, .structural)
    #expect(structural == scalar, "\(name)")
    let directory = try TemporaryDirectory()
    let path = try directory.write("structural-document.json", bytes)
    for size in bufferSizes {
      let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
      defer { try? handle.close() }
      let reader = JSONReader(fileDescriptor: handle.fileDescriptor, bufferSize: size)
      reader.strategy = .structural
      #expect(CatalogReaderPathsTests.outcome(reader) == scalar, "\(name), buffer of \(size) bytes")
    }
    return reads
  }

  static let suiteNames: [String] = (try? Fixtures.jsonTestSuite("")) ?? []

  static let fuzzDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fuzz")

  static func files(in directory: URL) -> [URL] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { !$0.hasPrefix(".") }.sorted().map { directory.appendingPathComponent($0) }
  }

  @Test func theJSONTestSuiteAgrees() throws {
    #expect(Self.suiteNames.count == 95 + 188 + 35)
    var taken = 0
    for name in Self.suiteNames {
      taken += try Self.check(try Fixtures.bytes("JSONTestSuite/test_parsing/\(name)"), name)
    }
    #expect(taken > 100)
  }

  @Test func theHandmadeTextsAgree() throws {
    for text in JSONReaderPathsTests.handmade { try Self.check(Array(text.utf8), text) }
  }

  @Test func theFuzzCorpusAgrees() throws {
    let inputs =
      Self.files(in: Self.fuzzDirectory.appendingPathComponent("corpus/reader"))
      + Self.files(
        in: Self.fuzzDirectory.deletingLastPathComponent()
          .appendingPathComponent("Fixtures/fuzz-regressions"))
    #expect(inputs.count >= 100)
    var taken = 0
    for url in inputs {
      let bytes = try [UInt8](Data(contentsOf: url))
      taken += try Self.check(bytes, url.lastPathComponent, streamed: false)
      try Self.checkDocument(bytes, url.lastPathComponent, bufferSizes: [37])
    }
    #expect(taken > 0)
  }

  @Test func theFixtureDocumentsAgree() throws {
    for name in ["generated-300.json", "generated-300-mutated.json"] {
      let bytes = try Fixtures.bytes(name)
      #expect(try Self.checkDocument(bytes, name) >= 290, "\(name): structural entries")
      try Self.check(bytes, name)
    }
  }

  @Test func theHandmadeEntriesAgree() throws {
    for entries in [CatalogReaderPathsTests.handmadeEntries, CatalogReaderPathsTests.syntaxErrors] {
      for entry in entries {
        for document in CatalogReaderPathsTests.documents([entry]) {
          try Self.checkDocument(document, entry)
        }
      }
    }
  }

  /// Valid random arrays and objects without `\u` escapes, duplicate keys or objects past the
  /// fast paths' key limit: every one must be taken by the structural reader.
  @Test func plainRandomValuesAreTakenStructurally() throws {
    var random = RandomJSON(seed: 7)
    for n in 0..<300 {
      let text = random.document(plain: true)
      let (scalar, _) = Self.outcome(text, .scalar, maxDepth: JSONReader.defaultMaxDepth)
      let (structural, reads) = Self.outcome(
        text, .structural, maxDepth: JSONReader.defaultMaxDepth)
      #expect(structural == scalar, "random value \(n)")
      #expect(scalar.hasPrefix("ok "), "random value \(n)")
      #expect(reads == 1, "random value \(n): \(String(decoding: text, as: UTF8.self))")
    }
  }

  /// Random values with every kind of string, and the same with one byte changed, inserted
  /// or removed: both readers must agree on each, in memory and streamed.
  @Test func randomAndMutatedValuesAgree() throws {
    var random = RandomJSON(seed: 11)
    var taken = 0
    for n in 0..<30 {
      let text = random.document(plain: false)
      taken += try Self.check(text, "random value \(n)", streamed: n % 10 == 0)
      for m in 0..<3 {
        try Self.check(random.mutate(text), "random value \(n), mutation \(m)", streamed: false)
      }
    }
    #expect(taken > 15)
  }

  /// Random catalog documents, valid and mutated.
  @Test func randomDocumentsAgree() throws {
    var random = RandomJSON(seed: 13)
    var taken = 0
    for n in 0..<10 {
      let document = random.catalog(entries: 40)
      taken += try Self.checkDocument(document, "random document \(n)")
      for m in 0..<4 {
        try Self.checkDocument(
          random.mutate(document), "random document \(n), mutation \(m)", bufferSizes: [4096])
      }
    }
    #expect(taken > 40)
  }
}

/// Random JSON texts from a seed (SplitMix64), with random whitespace, strings of every kind
/// (multi-byte characters, escapes, runs of backslashes, lengths across 64-byte blocks) and
/// nesting; and mutations of them.
struct RandomJSON {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }

  mutating func whitespace() -> String {
    switch below(8) {
    case 0: return ""
    case 1: return "\n" + String(repeating: " ", count: below(20))
    case 2: return "\t"
    case 3: return "\r\n  "
    case 4: return String(repeating: " ", count: below(70))
    default: return below(2) == 0 ? "" : " "
    }
  }

  mutating func string(plain: Bool) -> String {
    let pieces = [
      "a", "tile", "Überschrift", "タイトル", "🎨", "naïve café", "\\\"", "\\\\", "\\/", "\\n",
      "\\t", "\\b", "\\f", "\\r", "\\u00e9", "\\ud83c\\udfa8", "\\u0041", "x y", "{[:,]}",
    ]
    let usable = plain ? pieces.filter { !$0.contains("\\u") } : pieces
    var text = ""
    let count = below(4) == 0 ? below(60) : below(6)
    for _ in 0..<count { text += usable[below(usable.count)] }
    if below(6) == 0 {
      // A long run of backslash pairs, so that runs cross a block boundary.
      text += String(repeating: "\\\\", count: below(40))
    }
    return "\"" + text + "\""
  }

  mutating func number() -> String {
    let forms = [
      "0", "-0", "7", "-12", "1403", "0.439395", "-3.5e-3", "10E+2", "1e5",
      "123456789012345678901234567890",
    ]
    return forms[below(forms.count)]
  }

  mutating func value(depth: Int, plain: Bool) -> String {
    let choice = depth > 5 ? below(4) : below(7)
    switch choice {
    case 0: return string(plain: plain)
    case 1: return number()
    case 2: return ["true", "false", "null"][below(3)]
    case 3: return below(2) == 0 ? "[]" : "{}"
    case 4, 5:
      var keys: [String] = []
      for _ in 0..<below(plain ? 10 : 20) {
        let key = plain ? "\"k\(keys.count)\(below(3) == 0 ? "é" : "")\"" : string(plain: false)
        keys.append(key)
      }
      if keys.isEmpty { return "{" + whitespace() + "}" }
      let members = keys.map { key in
        whitespace() + key + whitespace() + ":" + whitespace()
          + value(depth: depth + 1, plain: plain)
          + whitespace()
      }
      return "{" + members.joined(separator: ",") + "}"
    default:
      let count = below(8)
      if count == 0 { return "[" + whitespace() + "]" }
      let elements = (0..<count).map { _ in
        whitespace() + value(depth: depth + 1, plain: plain) + whitespace()
      }
      return "[" + elements.joined(separator: ",") + "]"
    }
  }

  /// A value with whitespace around it; a plain one is an array or an object, since the
  /// structural reader leaves a number or a literal that ends the input to the scalar paths
  /// (it must see the byte after one).
  mutating func document(plain: Bool) -> [UInt8] {
    let value = value(depth: 0, plain: plain)
    let top = plain && !(value.hasPrefix("[") || value.hasPrefix("{")) ? "[" + value + "]" : value
    return Array((whitespace() + top + whitespace()).utf8)
  }

  /// A catalog document of random entries, most of the standard shape.
  mutating func catalog(entries: Int) -> [UInt8] {
    var parts: [String] = []
    for n in 0..<entries {
      let kind = below(20) == 0 ? string(plain: false) : "\"kind-\(n)\""
      var members = [
        "\"kind\":" + whitespace() + kind, "\"category\": " + string(plain: below(3) != 0),
        "\"description\": " + string(plain: below(3) != 0),
        "\"payload\":" + whitespace() + value(depth: 1, plain: below(2) == 0),
      ]
      if below(10) == 0 { members.append("\"deprecated\": true") }
      if below(10) == 0 { members.removeLast(1 + below(2)) }
      for i in members.indices.reversed() where below(4) == 0 {
        members.swapAt(i, below(members.count))
      }
      parts.append(
        "{" + whitespace()
          + members.map { $0 + whitespace() }.joined(separator: "," + whitespace()) + "}")
    }
    return Array(("{\"components\": [\n  " + parts.joined(separator: ",\n  ") + "\n]}\n").utf8)
  }

  mutating func mutate(_ bytes: [UInt8]) -> [UInt8] {
    var bytes = bytes
    let interesting: [UInt8] = [
      0x22, 0x5C, 0x7B, 0x7D, 0x5B, 0x5D, 0x2C, 0x3A, 0x00, 0x1F, 0x09, 0x0A, 0xC3, 0xE0, 0xED,
      0xF0, 0xF4, 0x80, 0xBF, 0xFF, 0x78, 0x20, 0x31, 0x2D, 0x2E, 0x65, 0x74,
    ]
    guard !bytes.isEmpty else { return [0x22] }
    let at = below(bytes.count)
    switch below(4) {
    case 0: bytes[at] = interesting[below(interesting.count)]
    case 1: bytes.insert(interesting[below(interesting.count)], at: at)
    case 2: bytes.remove(at: at)
    default: bytes.removeLast(1 + below(min(bytes.count, 8)))
    }
    return bytes
  }
}
