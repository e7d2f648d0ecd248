import TestSupport
import Testing

@testable import Components

/// ``CatalogDocumentReader/takeKinds()``: the table a diff's OLD side takes instead of
/// building its own, so kind `i` must be entry `i`'s, by bytes, and only for a valid document.
@Suite("Document reader's kinds")
struct ReaderKindsTests {
  private func document(_ kinds: [String]) -> [UInt8] {
    CatalogDocumentWriter.document(
      kinds.map { CatalogEntry(kind: $0, category: "C", description: "d", payload: .null) })
  }

  @Test func kindIIsEntryIAfterTheLastEntry() throws {
    // NFC and NFD spellings of different names, and a kind outside ASCII first met late, which
    // moves the reader's duplicate check to strings: the table keeps every kind's bytes.
    let kinds = ["b", "a", "caf\u{E9}", "z", "nai\u{308}ve", "A"]
    let reader = CatalogDocumentReader(JSONReader(bytes: document(kinds)))
    var read: [String] = []
    while try reader.nextRaw() {
      #expect(reader.takeKinds() == nil, "before the end")
      read.append(String(decoding: reader.currentRaw.kind, as: UTF8.self))
    }
    let table = try #require(reader.takeKinds())
    #expect(table.count == kinds.count)
    for (i, kind) in kinds.enumerated() {
      #expect(table.string(i) == kind)
      #expect(table.id(of: kind) == i)
    }
    #expect(read == kinds)
  }

  @Test func anInvalidDocumentHasNoKindsToTake() throws {
    let reader = CatalogDocumentReader(JSONReader(bytes: document(["a", "b", "a"])))
    #expect(throws: JSONDiagnostics.self) {
      while try reader.nextRaw() {}
    }
    #expect(reader.takeKinds() == nil)
  }

  /// What a reader makes of a document: each valid entry's index and kind, then the
  /// diagnostics it throws (empty for a valid document), and what it found of each kind
  /// among the known kinds.
  private func read(_ reader: CatalogDocumentReader) -> (
    entries: [String], diagnostics: [String], known: [RawCatalogEntry.KnownKindMatch]
  ) {
    var entries: [String] = []
    var known: [RawCatalogEntry.KnownKindMatch] = []
    do {
      while try reader.nextRaw() {
        let raw = reader.currentRaw
        entries.append("\(raw.index) \(String(decoding: raw.kind, as: UTF8.self))")
        known.append(raw.knownKind)
      }
      return (entries, [], known)
    } catch {
      return (entries, error.diagnostics.map(\.description), known)
    }
  }

  /// ``read(_:)``, handing the reader `known` (``CatalogDocumentReader/useKnownKinds(_:)``)
  /// after `after` entries.
  private func read(_ reader: CatalogDocumentReader, knownAfter after: Int, _ known: KnownKinds)
    -> (entries: [String], diagnostics: [String], known: [RawCatalogEntry.KnownKindMatch])
  {
    var entries: [String] = []
    var matches: [RawCatalogEntry.KnownKindMatch] = []
    do {
      if after == 0 { reader.useKnownKinds(known) }
      while try reader.nextRaw() {
        let raw = reader.currentRaw
        entries.append("\(raw.index) \(String(decoding: raw.kind, as: UTF8.self))")
        matches.append(raw.knownKind)
        if entries.count == after { reader.useKnownKinds(known) }
      }
      return (entries, [], matches)
    } catch {
      return (entries, error.diagnostics.map(\.description), matches)
    }
  }

  private static func knownKinds(_ kinds: [String], order: [Int32]? = nil) -> KnownKinds {
    var strings = ByteStrings()
    for kind in kinds { strings.append(kind) }
    return KnownKinds(strings, order: order)
  }

  /// Sets of known kinds for a document of `kinds`: none, some, all in order, all reversed
  /// (so every lookup misses the expected one), with others the document lacks, and with a
  /// kind outside ASCII (which turns them off).
  private static func knownSets(for kinds: [String]) -> [KnownKinds] {
    let distinct = kinds.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
    let ascii = distinct.filter { $0.utf8.allSatisfy { $0 < 0x80 } }
    return [
      knownKinds([]),
      knownKinds(Array(ascii.prefix(ascii.count / 2))),
      knownKinds(ascii),
      knownKinds(ascii, order: (0..<Int32(ascii.count)).reversed()),
      knownKinds(["zz-other"] + ascii.reversed() + ["aa-other"]),
      knownKinds(ascii.filter { $0 != "K" } + ["\u{212A}"]),
    ]
  }

  /// Documents whose kinds test the duplicate check: repeats of known and unknown kinds,
  /// NFC against NFD, and the Kelvin sign, which equals "K" as a string.
  private static let kindLists: [[String]] = [
    ["a", "b", "c", "d"],
    ["a", "b", "a", "c", "b", "b"],
    ["x", "new", "x", "new", "y"],
    ["caf\u{E9}", "a", "cafe\u{301}", "a"],
    ["K", "b", "\u{212A}", "b"],
    ["b", "\u{212A}", "K", "a", "a"],
    ["a", "b", "c", "d"].reversed(),
  ]

  private func document(entries kinds: [String]) -> [UInt8] {
    let entries = kinds.map {
      #"  {"kind": "\#($0)", "category": "C", "description": "d", "payload": {}}"#
    }
    return Array("{\"components\": [\n\(entries.joined(separator: ",\n"))\n]}\n".utf8)
  }

  /// With known kinds the reader reads and reports exactly what it does without them (both
  /// positions of every duplicate), on every malformed document and on the documents above,
  /// and each kind it says it found is that kind's bytes.
  @Test func knownKindsChangeNothingTheReaderReports() throws {
    var documents = MalformedDocuments.all.filter { $0.bytes.count < 1 << 20 }.map {
      (name: $0.name, bytes: $0.bytes, kinds: ["tile", "a", "other"])
    }
    for kinds in Self.kindLists {
      documents.append((kinds.joined(separator: ","), document(entries: kinds), kinds))
    }
    for document in documents {
      let plain = read(CatalogDocumentReader(JSONReader(bytes: document.bytes)))
      for known in Self.knownSets(for: document.kinds) {
        let reader = CatalogDocumentReader(
          JSONReader(bytes: document.bytes), options: .init(knownKinds: known))
        let got = read(reader)
        #expect(got.entries == plain.entries, "\(document.name)")
        #expect(got.diagnostics == plain.diagnostics, "\(document.name)")
        #expect(reader.takeKinds() == nil)
        for (entry, match) in zip(got.entries, got.known) {
          let kind = String(entry.drop { $0 != " " }.dropFirst())
          switch match {
          case .found(let id): #expect(known.string(id).utf8.elementsEqual(kind.utf8))
          case .absent:
            #expect(!(0..<known.count).contains { known.string($0).utf8.elementsEqual(kind.utf8) })
          case .notLookedUp:
            // Only once a kind outside ASCII was met (the document has a character outside
            // ASCII, raw or escaped), or when a known one is.
            let outsideASCII =
              document.bytes.contains { $0 >= 0x80 }
              || String(decoding: document.bytes, as: UTF8.self).contains("\\u")
            #expect(!known.isASCII || outsideASCII, "\(document.name)")
          }
        }
      }
    }
  }

  /// Known kinds handed over while the document is read (an import reading head on another
  /// thread) change nothing the reader reports either, wherever they come: a kind met
  /// before is still a duplicate when met again after, whether known or not. Entries read
  /// before are not looked up; after, each is, unless a kind outside ASCII was met.
  @Test func knownKindsGivenWhileReadingChangeNothingTheReaderReports() throws {
    var documents: [(name: String, bytes: [UInt8], kinds: [String])] = []
    for kinds in Self.kindLists {
      documents.append((kinds.joined(separator: ","), document(entries: kinds), kinds))
    }
    let long = (0..<40).map { "k\($0 % 13)" } + ["new", "k3", "new"]
    documents.append(("long", document(entries: long), long))
    for document in documents {
      let plain = read(CatalogDocumentReader(JSONReader(bytes: document.bytes)))
      for known in Self.knownSets(for: document.kinds) {
        for after in 0...document.kinds.count {
          let reader = CatalogDocumentReader(JSONReader(bytes: document.bytes))
          let got = read(reader, knownAfter: after, known)
          #expect(got.entries == plain.entries, "\(document.name) after \(after)")
          #expect(got.diagnostics == plain.diagnostics, "\(document.name) after \(after)")
          for (i, match) in got.known.enumerated() {
            let kind = String(got.entries[i].drop { $0 != " " }.dropFirst())
            switch match {
            case .found(let id): #expect(known.string(id).utf8.elementsEqual(kind.utf8))
            case .absent:
              #expect(
                !(0..<known.count).contains { known.string($0).utf8.elementsEqual(kind.utf8) })
            case .notLookedUp:
              let outsideASCII = document.bytes.contains { $0 >= 0x80 }
              #expect(i < after || !known.isASCII || outsideASCII, "\(document.name)")
            }
          }
        }
      }
    }
  }
}
