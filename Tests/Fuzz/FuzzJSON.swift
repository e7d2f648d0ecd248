// A libFuzzer target for the JSON reader and the components-document validator.
//
// Not a SwiftPM target: Tests/Fuzz/run-fuzz.sh compiles it together with the sources of
// Sources/Components (one module, so no `import Components`) with
// `swiftc -sanitize=fuzzer,address -parse-as-library`.
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

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  if let separator = bytes.firstIndex(of: 0) {
    // A NUL is never valid JSON: the input is two documents, for the diff and patch oracles.
    checkJSONReader(Array(bytes[..<separator]))
  } else {
    checkJSONReader(bytes)
    checkDocumentReader(bytes)
  }
  checkPatchAndDiff(bytes)
  checkMerge(bytes)
  return 0
}

/// Stops the run with a message: libFuzzer saves the input as a crash artifact.
func violated(_ message: String, _ bytes: [UInt8]) -> Never {
  let preview = String(decoding: bytes.prefix(200), as: UTF8.self)
  fatalError("oracle violated: \(message)\ninput (\(bytes.count) bytes): \(preview)")
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

func checkJSONReader(_ bytes: [UInt8]) {
  let tree = treeOutcome(JSONReader(bytes: bytes))
  let canonical = transcodeOutcome(JSONReader(bytes: bytes))

  switch (tree, canonical) {
  case (.value(let value), .value(let text)):
    if JSONWriter.canonicalBytes(value) != text {
      violated("the transcoder's canonical text differs from the tree's", bytes)
    }
    guard case .value(let again) = treeOutcome(JSONReader(bytes: text)), again == value else {
      violated("canonical text does not read back to the same value", bytes)
    }
    let indented = JSONWriter.indentedBytes(value)
    guard case .value(let fromIndented) = treeOutcome(JSONReader(bytes: indented)),
      fromIndented == value
    else {
      violated("indented text does not read back to the same value", bytes)
    }
  case (.failure(let a), .failure(let b)):
    if a != b {
      violated("the tree reader reports \(a) but the transcoder \(b)", bytes)
    }
  case (.value, .failure(let error)):
    violated("the tree reader accepts what the transcoder rejects: \(error)", bytes)
  case (.failure(let error), .value):
    violated("the transcoder accepts what the tree reader rejects: \(error)", bytes)
  }

  if let streamed = withPipe(
    bytes, { treeOutcome(JSONReader(fileDescriptor: $0, bufferSize: 16)) }),
    streamed != tree
  {
    violated("streaming through a 16-byte buffer gives \(streamed), in memory \(tree)", bytes)
  }

  // A tight depth limit may only turn an accepted text into a nesting error.
  let shallow = treeOutcome(JSONReader(bytes: bytes, maxDepth: 3))
  switch (shallow, tree) {
  case (.value(let a), .value(let b)) where a != b:
    violated("the depth limit changed the value", bytes)
  case (.value, .failure):
    violated("a depth limit made a rejected text acceptable", bytes)
  case (.failure(let error), .value):
    if error.category != .invalidDocument || !error.message.hasPrefix("nesting is deeper") {
      violated("under a depth limit an accepted text fails with \(error)", bytes)
    }
  default:
    break
  }
}

// MARK: - Documents

func checkDocumentReader(_ bytes: [UInt8]) {
  var allDiagnostics: [JSONDiagnostic] = []
  let entries: [CatalogEntry]?
  do {
    entries = try CatalogDocumentReader(JSONReader(bytes: bytes)).readAll()
  } catch {
    entries = nil
    allDiagnostics = error.diagnostics
    if allDiagnostics.isEmpty { violated("a rejected document has no diagnostics", bytes) }
    if allDiagnostics.count > CatalogDocumentReader.maxDiagnostics + 1 {
      violated("more than \(CatalogDocumentReader.maxDiagnostics + 1) diagnostics", bytes)
    }
    for diagnostic in allDiagnostics
    where diagnostic.position.line < 1 || diagnostic.position.column < 1
      || diagnostic.position.offset < 0 || diagnostic.position.offset > bytes.count
    {
      violated("diagnostic outside the text: \(diagnostic)", bytes)
    }
  }

  if let streamed = withPipe(bytes, { readDocument(fileDescriptor: $0) }) {
    switch streamed {
    case .value(let streamedEntries):
      if streamedEntries != entries { violated("streaming read different entries", bytes) }
    case .failure(let diagnostics):
      if diagnostics != allDiagnostics {
        violated("streamed diagnostics \(diagnostics) differ from \(allDiagnostics)", bytes)
      }
    }
  }

  guard let entries else { return }
  let kinds = entries.map(\.kind)
  if Set(kinds).count != kinds.count || kinds.contains("") {
    violated("an accepted document has an empty or duplicated kind", bytes)
  }
  let exported = CatalogDocumentWriter.document(entries)
  let reread: [CatalogEntry]
  do {
    reread = try CatalogDocumentReader(JSONReader(bytes: exported)).readAll()
  } catch {
    violated("the export of an accepted document is rejected: \(error)", bytes)
  }
  if reread != entries { violated("the export reads back to different entries", bytes) }
  if CatalogDocumentWriter.document(reread) != exported {
    violated("exporting twice gives different bytes", bytes)
  }
  for entry in entries {
    do {
      _ = try entry.payload.value(maxDepth: Int.max / 2)
    } catch {
      violated("a stored payload does not read back as a tree: \(error)", bytes)
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
func withPipe<T>(_ bytes: [UInt8], _ body: (Int32) -> T) -> T? {
  guard bytes.count <= 60_000 else { return nil }
  var fds: [Int32] = [0, 0]
  guard pipe(&fds) == 0 else { violated("pipe() failed", bytes) }
  defer { close(fds[0]) }
  var offset = 0
  while offset < bytes.count {
    let written = bytes[offset...].withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
    if written <= 0 { violated("writing to the pipe failed", bytes) }
    offset += written
  }
  close(fds[1])
  return body(fds[0])
}
