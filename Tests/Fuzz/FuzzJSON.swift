// The oracles of the libFuzzer target (FuzzMain.swift) for the JSON reader and the
// components-document validator.
//
// Tests/Fuzz/run-fuzz.sh compiles these files together with the sources of
// Sources/Components and Sources/CatalogDiff (one module, its `import` lines of the two
// dropped) with `swiftc -sanitize=fuzzer,address -parse-as-library`; the FuzzCorpusReplay test
// target compiles them (without FuzzMain.swift) against the two modules.
//
// Besides "no crash, no memory error", every input is checked against oracles that hold for
// all inputs, so that wrong answers count as findings too:
// - the tree reader and the canonical transcoder accept the same texts, report the same first
//   problem, and agree on the canonical text;
// - canonical and indented output parse back to the same value;
// - streaming from a file descriptor through a 16-byte buffer gives exactly the in-memory
//   result, diagnostics and positions included;
// - a tight depth limit only ever turns an accepted text into a nesting error;
// - a valid components document exports to a document that reads back to the same entries,
//   and exporting that again gives the same bytes.

@testable import CatalogDiff
@testable import Components

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Every oracle of the target on one input: the reader's, the document reader's, the diff
/// and patch's (FuzzPatch.swift) and the merge's (FuzzMerge.swift). The libFuzzer entry point
/// (FuzzMain.swift) stops at a violation; `FuzzCorpusReplayTests` runs the kept corpus
/// through this function on every `swift test`.
func checkFuzzInput(_ bytes: [UInt8]) throws(OracleViolation) {
  if let separator = bytes.firstIndex(of: 0) {
    // A NUL is never valid JSON: the input is two documents, for the diff and patch oracles.
    try checkJSONReader(Array(bytes[..<separator]))
  } else {
    try checkJSONReader(bytes)
    try checkDocumentReader(bytes)
  }
  try checkPatchAndDiff(bytes)
  try checkMerge(bytes)
}

/// An oracle that does not hold for an input: what it says, and the input.
struct OracleViolation: Error, CustomStringConvertible {
  var message: String
  var input: [UInt8]

  init(_ message: String, _ input: [UInt8]) {
    self.message = message
    self.input = input
  }

  var description: String {
    let preview = String(decoding: input.prefix(200), as: UTF8.self)
    return "oracle violated: \(message)\ninput (\(input.count) bytes): \(preview)"
  }
}

// MARK: - JSON

enum Outcome<T: Equatable>: Equatable {
  case value(T)
  case failure(JSONDiagnostic)
}

func treeOutcome(_ reader: JSONReader) -> Outcome<JSONValue> {
  do {
    return .value(try reader.readDocument())
  } catch {
    return .failure(error)
  }
}

func transcodeOutcome(_ reader: JSONReader) -> Outcome<[UInt8]> {
  do {
    var out: [UInt8] = []
    try reader.transcodeValue(into: &out)
    try reader.expectEndOfInput()
    return .value(out)
  } catch {
    return .failure(error)
  }
}

func checkJSONReader(_ bytes: [UInt8]) throws(OracleViolation) {
  let tree = treeOutcome(JSONReader(bytes: bytes))
  let canonical = transcodeOutcome(JSONReader(bytes: bytes))

  switch (tree, canonical) {
  case (.value(let value), .value(let text)):
    if JSONWriter.canonicalBytes(value) != text {
      throw OracleViolation("the transcoder's canonical text differs from the tree's", bytes)
    }
    guard case .value(let again) = treeOutcome(JSONReader(bytes: text)), again == value else {
      throw OracleViolation("canonical text does not read back to the same value", bytes)
    }
    let indented = JSONWriter.indentedBytes(value)
    guard case .value(let fromIndented) = treeOutcome(JSONReader(bytes: indented)),
      fromIndented == value
    else {
      throw OracleViolation("indented text does not read back to the same value", bytes)
    }
  case (.failure(let a), .failure(let b)):
    if a != b {
      throw OracleViolation("the tree reader reports \(a) but the transcoder \(b)", bytes)
    }
  case (.value, .failure(let error)):
    throw OracleViolation("the tree reader accepts what the transcoder rejects: \(error)", bytes)
  case (.failure(let error), .value):
    throw OracleViolation("the transcoder accepts what the tree reader rejects: \(error)", bytes)
  }

  if let streamed = try withPipe(
    bytes, { treeOutcome(JSONReader(fileDescriptor: $0, bufferSize: 16)) }),
    streamed != tree
  {
    throw OracleViolation(
      "streaming through a 16-byte buffer gives \(streamed), in memory \(tree)", bytes)
  }

  // A tight depth limit may only turn an accepted text into a nesting error.
  let shallow = treeOutcome(JSONReader(bytes: bytes, maxDepth: 3))
  switch (shallow, tree) {
  case (.value(let a), .value(let b)) where a != b:
    throw OracleViolation("the depth limit changed the value", bytes)
  case (.value, .failure):
    throw OracleViolation("a depth limit made a rejected text acceptable", bytes)
  case (.failure(let error), .value):
    if error.category != .invalidDocument || !error.message.hasPrefix("nesting is deeper") {
      throw OracleViolation("under a depth limit an accepted text fails with \(error)", bytes)
    }
  default:
    break
  }
}

// MARK: - Documents

func checkDocumentReader(_ bytes: [UInt8]) throws(OracleViolation) {
  var allDiagnostics: [JSONDiagnostic] = []
  let entries: [CatalogEntry]?
  do {
    entries = try CatalogDocumentReader(JSONReader(bytes: bytes)).readAll()
  } catch {
    entries = nil
    allDiagnostics = error.diagnostics
    if allDiagnostics.isEmpty {
      throw OracleViolation("a rejected document has no diagnostics", bytes)
    }
    if allDiagnostics.count > CatalogDocumentReader.maxDiagnostics + 1 {
      throw OracleViolation(
        "more than \(CatalogDocumentReader.maxDiagnostics + 1) diagnostics", bytes)
    }
    for diagnostic in allDiagnostics
    where diagnostic.position.line < 1 || diagnostic.position.column < 1
      || diagnostic.position.offset < 0 || diagnostic.position.offset > bytes.count
    {
      throw OracleViolation("diagnostic outside the text: \(diagnostic)", bytes)
    }
  }

  if let streamed = try withPipe(bytes, { readDocument(fileDescriptor: $0) }) {
    switch streamed {
    case .value(let streamedEntries):
      if streamedEntries != entries {
        throw OracleViolation("streaming read different entries", bytes)
      }
    case .failure(let diagnostics):
      if diagnostics != allDiagnostics {
        throw OracleViolation(
          "streamed diagnostics \(diagnostics) differ from \(allDiagnostics)", bytes)
      }
    }
  }

  guard let entries else { return }
  let kinds = entries.map(\.kind)
  if Set(kinds).count != kinds.count || kinds.contains("") {
    throw OracleViolation("an accepted document has an empty or duplicated kind", bytes)
  }
  let exported = CatalogDocumentWriter.document(entries)
  let reread: [CatalogEntry]
  do {
    reread = try CatalogDocumentReader(JSONReader(bytes: exported)).readAll()
  } catch {
    throw OracleViolation("the export of an accepted document is rejected: \(error)", bytes)
  }
  if reread != entries {
    throw OracleViolation("the export reads back to different entries", bytes)
  }
  if CatalogDocumentWriter.document(reread) != exported {
    throw OracleViolation("exporting twice gives different bytes", bytes)
  }
  for entry in entries {
    do {
      _ = try entry.payload.value(maxDepth: Int.max / 2)
    } catch {
      throw OracleViolation("a stored payload does not read back as a tree: \(error)", bytes)
    }
  }
}

enum DocumentOutcome {
  case value([CatalogEntry])
  case failure([JSONDiagnostic])
}

/// Reads a whole document through a 16-byte buffer.
func readDocument(fileDescriptor: Int32) -> DocumentOutcome {
  do throws(JSONDiagnostics) {
    let reader = CatalogDocumentReader(JSONReader(fileDescriptor: fileDescriptor, bufferSize: 16))
    return .value(try reader.readAll())
  } catch {
    return .failure(error.diagnostics)
  }
}

// MARK: - Streaming

/// Runs `body` with the read end of a pipe holding `bytes`; `nil` when the bytes do not fit
/// in a pipe's buffer (the fuzzer's `-max_len` keeps inputs well below it).
func withPipe<T>(_ bytes: [UInt8], _ body: (Int32) -> T) throws(OracleViolation) -> T? {
  guard bytes.count <= 60_000 else { return nil }
  var fds: [Int32] = [0, 0]
  guard pipe(&fds) == 0 else { throw OracleViolation("pipe() failed", bytes) }
  defer { close(fds[0]) }
  var offset = 0
  while offset < bytes.count {
    let written = bytes[offset...].withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
    if written <= 0 { throw OracleViolation("writing to the pipe failed", bytes) }
    offset += written
  }
  close(fds[1])
  return body(fds[0])
}
