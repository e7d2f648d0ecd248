import Components
import Foundation
import TestSupport
import Testing

/// The document reader's fast entry path (an entry whole in the buffer, read in one pass by
/// the fast entry scanner) and its general one (member by member, across refills) must give
/// the same entries, positions, kept texts and diagnostics.
///
/// A reader over memory holds the whole text in its buffer, so it takes the fast path for
/// every entry it can; a reader streaming from a file through a 16-byte buffer never can, and
/// one through 37 or 4096 bytes takes it for some entries and not for others. Their outcomes
/// are compared over the fixtures, the JSONTestSuite texts as entries, and entries made to
/// hit each way out of the fast path.
@Suite("Catalog reader paths")
struct CatalogReaderPathsTests {
  static let entry =
    #"{"kind": "k", "category": "c", "description": "d", "payload": {"a": [1, true, null]}}"#

  /// Entries, each read in a document of its own between two plain ones.
  static let handmadeEntries: [String] = [
    entry,
    // The standard order, other orders, indentation, tabs, CRLF and blank lines.
    "{\n  \"kind\": \"x\",\n  \"category\": \"Cat\",\n  \"description\": \"Desc\",\n  \"payload\": {\n    \"t\": \"v\"\n  }\n}",
    "{\"payload\": {\"p\": [\n\n1,\n2]}, \"kind\": \"late\", \"description\": \"d\", \"category\": \"c\"}",
    "{\t\"description\":\"d\",\r\n\"kind\"\t:\r\n \"crlf\" ,\"payload\":3,\"category\":\"c\"\r\n}",
    "{\"kind\":\"é-タイトル-🎨\",\"category\":\"naïve\",\"description\":\"\u{7F}\",\"payload\":\"ü\"}",
    // Ways out: escapes in the strings, extra members, duplicates, missing members.
    #"{"kind": "a\/b", "category": "c", "description": "d", "payload": 1}"#,
    #"{"kind": "k", "category": "c\n", "description": "d\u00e9", "payload": 1}"#,
    #"{"kind": "k", "category": "c", "description": "d", "payload": 1, "deprecated": true}"#,
    #"{"kind": "k", "category": "c", "description": "d", "payload": 1, "deprecated": 1}"#,
    #"{"kind": "k", "extra": [1], "category": "c", "description": "d", "payload": 1}"#,
    #"{"kind": "k", "category": "c", "description": "d", "payload": 1, "kind": "k2"}"#,
    #"{"kind": "k", "category": "c", "payload": 1}"#,
    #"{"kind": "", "category": "c", "description": "d", "payload": 1}"#,
    #"{"kind": "k", "category": "c", "description": "d", "payload": 1}"#,  // a duplicate kind
    #"{"kind": 7, "category": "c", "description": "d", "payload": 1}"#,
    #"{"kind": "k3", "category": null, "description": "d", "payload": 1}"#,
    #"{"kin": "k4", "category": "c", "description": "d", "payload": 1}"#,
    #"{"kinds": "k4", "category": "c", "description": "d", "payload": 1}"#,
    #"{"k\u0069nd": "k5", "category": "c", "description": "d", "payload": 1}"#,
    "{}", "[]", "1", "\"entry\"", "{ }",
    // Ways out in the payload, which the fast transcoder hands back.
    #"{"kind": "p1", "category": "c", "description": "d", "payload": {"a": 1, "a": 2}}"#,
    #"{"kind": "p2", "category": "c", "description": "d", "payload": "\ud83c\udfa8"}"#,
    #"{"kind": "p3", "category": "c", "description": "d", "payload": "\ud800"}"#,
    #"{"kind": "p4", "category": "c", "description": "d", "payload": [[[[1]]]]}"#,
    #"{"kind": "p5", "category": "c", "description": "d", "payload": 01}"#,
  ]

  /// Entries with a syntax error, which stops the reading.
  static let syntaxErrors: [String] = [
    "{\"kind\": \"s1\", \"category\": \"c\", \"description\": \"a\u{01}b\", \"payload\": 1}",
    "{\"kind\": \"s2\", \"category\": \"c\", \"description\": \"\u{FF}\", \"payload\": 1}",
    #"{"kind": "s3", "category": "c" "description": "d", "payload": 1}"#,
    #"{"kind": "s4", "category": "c", "description": "d", "payload": 1,}"#,
    #"{"kind": "s5", "category": "c", "description": "d", "payload": tru}"#,
    #"{"kind": "s6", "category": "c", "description": "d", "payload": 1"#,
    #"{"kind": "s7", "category": "c", "description": "d", "payload""#,
    "{\"kind\": \"s8\", \"category\": \"c\", \"description\": \"d\", \"payload\": 1}\u{0B}",
  ]

  /// The three forms a document of `entries` is read in.
  static func documents(_ entries: [[UInt8]]) -> [[UInt8]] {
    let first = Array(entry.replacingOccurrences(of: "\"k\"", with: "\"first\"").utf8)
    let last = Array(entry.replacingOccurrences(of: "\"k\"", with: "\"last\"").utf8)
    let joined = Array(([first] + entries + [last]).joined(separator: Array(",\n  ".utf8)))
    return [
      Array("{\"components\": [\n  ".utf8) + joined + Array("\n]}".utf8),
      Array("\u{FEFF}[".utf8) + joined + Array("]".utf8),
      Array("{\"$schema\": \"s\",\r\n\"components\": [".utf8) + joined
        + Array("], \"version\": 2}".utf8),
    ]
  }

  static func documents(_ entries: [String]) -> [[UInt8]] {
    documents(entries.map { Array($0.utf8) })
  }

  /// Everything a reading gives: each entry as read, with its positions and kept text, then
  /// the end or the diagnostics.
  static func outcome(_ reader: JSONReader) -> [String] {
    let document = CatalogDocumentReader(reader, options: .init(keepsEntryText: true))
    var lines: [String] = []
    do {
      while try document.nextRaw() {
        let raw = document.currentRaw
        let text = document.withCurrentEntryText { Array($0) }.map {
          String(decoding: $0, as: UTF8.self)
        }
        lines.append(
          [
            "\(raw.index) \(raw.position) \(raw.position.offset)-\(raw.endOffset)",
            String(decoding: raw.kind, as: UTF8.self),
            String(decoding: raw.category, as: UTF8.self),
            String(decoding: raw.description, as: UTF8.self),
            String(decoding: raw.payload, as: UTF8.self), "\(raw.order)",
            "\(raw.extraMembers.map { "\($0.key)=\($0.value)" })", "\(raw.knownKind)",
            text ?? "no text",
          ].joined(separator: " | "))
      }
      lines.append("end \(document.frame)")
    } catch {
      lines += error.diagnostics.map { "\($0.category) \($0.pointer) \($0)" }
    }
    return lines
  }

  static func check(_ bytes: [UInt8], _ name: String) throws {
    let directory = try TemporaryDirectory()
    let path = try directory.write("reader-paths.json", bytes)
    for maxDepth in [JSONReader.defaultMaxDepth, 4] {
      let inMemory = outcome(JSONReader(bytes: bytes, maxDepth: maxDepth))
      for size in [16, 37, 4096] {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        let streamed = outcome(
          JSONReader(fileDescriptor: handle.fileDescriptor, bufferSize: size, maxDepth: maxDepth))
        #expect(inMemory == streamed, "\(name), buffer of \(size) bytes, depth \(maxDepth)")
      }
    }
  }

  @Test(arguments: handmadeEntries + syntaxErrors)
  func handmadeEntriesAgree(_ entry: String) throws {
    for document in Self.documents([entry]) { try Self.check(document, entry) }
  }

  /// Every way out at once, twice: the diagnostics collected across entries must agree too,
  /// among them each duplicate kind's with the place of the first.
  @Test func allHandmadeEntriesInOneDocumentAgree() throws {
    let valid = Array(Self.handmadeEntries.prefix(5))
    for document in Self.documents(valid + valid) { try Self.check(document, "valid twice") }
    for document in Self.documents(Self.handmadeEntries + Self.handmadeEntries) {
      try Self.check(document, "all twice")
    }
  }

  /// Most entries of a generated catalog take the fast path: its entries and positions
  /// must be the general path's whatever the layout.
  @Test(arguments: ["generated-300.json", "generated-300-mutated.json"])
  func fixtureDocumentsAgree(_ name: String) throws {
    let bytes = try Fixtures.bytes(name)
    try Self.check(bytes, name)
    try Self.check(JSONWriter.canonicalBytes(try JSONReader(bytes: bytes).readDocument()), name)
    try Self.check(
      Array(
        String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\n", with: "\r\n").utf8),
      name + " with CRLF lines")
    // Every entry twice, indented and compact: each duplicate kind is reported with the
    // place of the first, both found by the path under test.
    guard case .object(let object) = try JSONReader(bytes: bytes).readDocument(),
      case .array(let entries)? = object["components"]
    else {
      Issue.record("\(name) is not a catalog")
      return
    }
    let twice = JSONValue.array(entries + entries)
    try Self.check(JSONWriter.indentedBytes(twice), name + " twice")
    try Self.check(JSONWriter.canonicalBytes(twice), name + " twice, compact")
  }

  /// Entries laid out with every indentation from 0 to 40 spaces after each newline, with
  /// blank lines, lines of spaces only, tabs and CRs after the spaces, and spaces after a
  /// colon: the fast paths skip a line's indentation up to 16 spaces in one step and the
  /// space after a colon apart, and every position (the entries', the kinds' in the
  /// duplicate-kind diagnostics, a syntax error's) must be the general path's.
  @Test(arguments: 0...40)
  func indentationOfEveryWidthAgrees(_ width: Int) throws {
    let indent = String(repeating: " ", count: width)
    let layouts = [
      "\n" + indent, "\n" + indent + "\n" + indent, "\n" + indent + "\t", "\r\n" + indent,
      "\n" + indent + "\r\n" + indent + " ", "\n\n" + indent,
    ]
    for (number, gap) in layouts.enumerated() {
      let colon = ":" + String(repeating: " ", count: width % 3)
      func entry(_ kind: String, payloadEnd: String = "}") -> String {
        "{" + gap + "\"kind\"" + colon + "\"\(kind)\"," + gap + "\"category\"" + colon + "\"c\","
          + gap + "\"description\"" + colon + "\"d\"," + gap + "\"payload\"" + colon + "{" + gap
          + "\"a\"" + colon + "[" + gap + "1," + gap + "true" + gap + "]," + gap + "\"b\"" + colon
          + "{" + gap + "}" + gap + payloadEnd + gap + "}"
      }
      let entries = [entry("w\(width)"), entry("x"), entry("w\(width)"), entry("y")]
      for document in Self.documents(entries) {
        try Self.check(document, "width \(width), layout \(number)")
      }
      // A syntax error after the indentation: its line and column.
      for document in Self.documents([entry("z", payloadEnd: "tru")]) {
        try Self.check(document, "width \(width), layout \(number), an error")
      }
    }
  }

  /// More kinds than the reader reads before it sizes its duplicate check's table for the
  /// rest of the document (1,024), from the input's size: duplicates of kinds met before and
  /// after the sizing are each reported with the place of the first, by both paths.
  @Test func duplicateKindsAcrossTheTablesSizingAgree() throws {
    let entries = (0..<3000).map { i in
      "{\"kind\": \"k\(i)\", \"category\": \"c\", \"description\": \"d\", \"payload\": \(i)}"
    }
    let duplicated = [5, 1023, 1024, 2999]
    let duplicates = duplicated.map { i in
      "{\"kind\": \"k\(i)\", \"category\": \"c\", \"description\": \"d\", \"payload\": 0}"
    }
    for document in Self.documents(entries + duplicates) {
      try Self.check(document, "3,000 kinds")
      let messages = Self.outcome(JSONReader(bytes: document)).filter {
        $0.contains("duplicate kind")
      }
      #expect(messages.count == duplicated.count)
      for (i, message) in zip(duplicated, messages) {
        // The first entry of `documents` is another: kind `ki` is entry i + 1.
        #expect(message.contains("\"k\(i)\": also at "), "\(message)")
        #expect(message.contains("/\(i + 1) (line "), "\(message)")
      }
    }
  }

  /// The kinds' table is sized from the input's size, which is a claim: a sparse file of a
  /// terabyte after 1,100 entries, and a file of 1,100 entries followed by 20 MB of spaces,
  /// must reserve room in proportion to the kinds read, and the sparse file must end in the
  /// located error at its first NUL. (Sized from the file's size, the sparse file's table
  /// asked for 2^36 slots and the process trapped.)
  @Test func kindTableSizedByKindsReadNotByClaimedSize() throws {
    let entries = (0..<1100).map { i in
      "{\"kind\": \"k\(i)\", \"category\": \"c\", \"description\": \"d\", \"payload\": \(i)},"
    }
    let text = Array(("{\"components\": [\n" + entries.joined(separator: "\n") + "\n").utf8)
    let directory = try TemporaryDirectory()
    func read(_ path: String) throws -> (outcome: [String], capacity: Int) {
      let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
      defer { try? handle.close() }
      let document = CatalogDocumentReader(JSONReader(fileDescriptor: handle.fileDescriptor))
      var outcome: [String] = []
      do {
        while try document.nextRaw() {}
        outcome.append("end")
      } catch {
        outcome += error.diagnostics.map { "\($0.category) \($0)" }
      }
      return (outcome, document.kindTableCapacity)
    }
    let sparse = try directory.write("sparse.json", text)
    #expect(truncate(sparse, 1 << 40) == 0, "the file system takes sparse files")
    let (sparseOutcome, sparseCapacity) = try read(sparse)
    #expect(sparseOutcome.count == 1)
    let nul = "1102:1: error: invalid JSON: unexpected character 'U+0000'; expected a JSON value"
    #expect(sparseOutcome.first?.hasSuffix(nul) == true, "\(sparseOutcome)")
    #expect(sparseCapacity <= 1100 * CatalogDocumentReader.reservationStep)
    let spaces = try directory.write(
      "spaces.json", text + [UInt8](repeating: 0x20, count: 20 << 20) + Array("{}]}".utf8))
    let (_, spacesCapacity) = try read(spaces)
    #expect(spacesCapacity <= 1100 * CatalogDocumentReader.reservationStep)
  }

  /// Each JSONTestSuite text as an entry's payload, and inside its kind's quotes.
  @Test(arguments: JSONReaderPathsTests.fixtureFiles.filter { $0.hasPrefix("JSONTestSuite") })
  func jsonTestSuiteTextsInEntriesAgree(_ name: String) throws {
    let text = try Fixtures.bytes(name)
    let asPayload =
      Array(#"{"kind": "t", "category": "c", "description": "d", "payload": "#.utf8) + text
      + Array("}".utf8)
    let asKind =
      Array(#"{"kind": ""#.utf8) + text
      + Array(#"", "category": "c", "description": "d", "payload": 1}"#.utf8)
    try Self.check(Self.documents([asPayload])[0], name + " as a payload")
    try Self.check(Self.documents([asKind])[0], name + " in a kind")
  }
}
