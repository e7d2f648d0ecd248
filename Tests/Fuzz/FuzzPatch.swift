// The patch engine and the diff entry point: oracles of the fuzz target (FuzzJSON.swift).
//
// run-fuzz.sh compiles Sources/CatalogDiff into the same module as Sources/Components (its
// `import Components` lines dropped), so these functions call CatalogDiff directly.
//
// An input is split at its first NUL byte into A and B (without one, A is the input and B
// is A). Oracles:
// - when A and B are valid components documents, the diff A → B as a JSON Patch, applied to
//   A's document as given (a bare array too), gives B's entries byte for byte, with and
//   without test operations, and A against itself has no differences;
// - when B decodes as a JSON Patch, applying it to A's JSON never crashes, respects tight
//   limits (the result's depth and measured size are within them), gives the same result
//   twice, and whatever it accepts under tight limits it accepts, equally, under loose ones;
//   what it accepts is exactly what a naive reference implementation (ReferencePatch.swift)
//   gives, and an operation that fails for any reason but the limits fails in the reference.
// The three-way merge has its own oracles in FuzzMerge.swift.

@testable import CatalogDiff
@testable import Components

/// The limits patches are applied under: small, so that the fuzzer reaches them.
let tightLimits = DocumentLimits(maxDepth: 24, maxSize: 4096)

func checkPatchAndDiff(_ bytes: [UInt8]) throws(OracleViolation) {
  let split = bytes.firstIndex(of: 0)
  let a = split.map { Array(bytes[..<$0]) } ?? bytes
  let b = split.map { Array(bytes[($0 + 1)...]) } ?? bytes
  try checkDiff(a, b, bytes)
  try checkPatch(a, b, bytes)
}

/// A document's entries and the pointer of its entries array, or nil when it is not valid.
func documentEntries(_ bytes: [UInt8]) -> ([CatalogEntry], JSONPointer)? {
  let reader = CatalogDocumentReader(JSONReader(bytes: bytes))
  guard let entries = try? reader.readAll() else { return nil }
  return (entries, reader.entriesPointer)
}

func checkDiff(_ a: [UInt8], _ b: [UInt8], _ input: [UInt8]) throws(OracleViolation) {
  guard let (old, pointer) = documentEntries(a), let (new, _) = documentEntries(b),
    let oldDocument = try? JSONValue(parsing: a)
  else { return }
  let diff: CatalogDiff
  do {
    diff = try CatalogDiff(old: old, new: new)
    if !(try CatalogDiff(old: old, new: old)).isEmpty {
      throw OracleViolation("a document differs from itself", input)
    }
  } catch {
    throw OracleViolation("diff of two valid documents failed: \(error)", input)
  }
  _ = diff.text(color: false)
  _ = diff.jsonSummary()
  _ = diff.stat(color: false)
  for withTests in [false, true] {
    let patch: JSONPatch
    do {
      patch = try diff.jsonPatch(withTests: withTests, components: pointer)
    } catch {
      throw OracleViolation("json-patch of two valid documents failed: \(error)", input)
    }
    let patched: JSONValue
    do {
      patched = try patch.apply(to: oldDocument)
    } catch {
      throw OracleViolation(
        "the diff's patch does not apply to OLD: \(error)\n\(patch.text)", input)
    }
    // The patched document, read as a catalog, is NEW: every kind, key and value the same
    // by bytes, numbers as spelled; only members an `add` created may sit elsewhere in
    // their object (documented: member order is not a difference).
    let text = JSONWriter.canonicalBytes(patched)
    guard let (result, _) = documentEntries(text) else {
      throw OracleViolation("the patched document is not a catalog\n\(patch.text)", input)
    }
    guard result.count == new.count,
      zip(result, new).allSatisfy({ a, b in
        guard let x = try? a.jsonValue, let y = try? b.jsonValue else { return false }
        return sameIgnoringMemberOrder(x, y)
      })
    else { throw OracleViolation("the patched document is not NEW\n\(patch.text)", input) }
  }
}

func checkPatch(_ a: [UInt8], _ b: [UInt8], _ input: [UInt8]) throws(OracleViolation) {
  guard let patchValue = try? JSONValue(parsing: b, maxDepth: tightLimits.maxDepth),
    let patch = try? JSONPatch(decoding: patchValue),
    let document = try? JSONValue(parsing: a, maxDepth: tightLimits.maxDepth)
  else { return }
  let tight: JSONValue
  switch Result(catching: { () throws(JSONPatchError) in
    try patch.apply(to: document, limits: tightLimits)
  }) {
  case .success(let value):
    tight = value
  case .failure(let error):
    // Failing is fine; failing differently the second time is not.
    switch Result(catching: { () throws(JSONPatchError) in
      try patch.apply(to: document, limits: tightLimits)
    }) {
    case .success:
      throw OracleViolation("a patch failed, then applied: \(error)", input)
    case .failure(let again):
      if again != error {
        throw OracleViolation("a patch failed two ways: \(error) / \(again)", input)
      }
    }
    // An operation that fails within the limits fails in the reference too, at the same
    // operation (what came before it stayed within the limits, so the reference's work is
    // bounded too).
    if error.code != .limitExceeded, let index = error.index {
      let prefix = JSONPatch(Array(patch.operations[...index]))
      if case .success = ReferencePatch.apply(prefix, to: document) {
        throw OracleViolation("operation \(index) fails, but not in the reference: \(error)", input)
      }
      if index > 0,
        case .failure(let failed) = ReferencePatch.apply(
          JSONPatch(Array(patch.operations[..<index])), to: document)
      {
        throw OracleViolation(
          "the reference fails at operation \(failed.index) before \(index)", input)
      }
    }
    return
  }
  guard let measure = tight.measure(maxDepth: .max, maxSize: .max),
    measure.depth <= tightLimits.maxDepth, measure.size <= tightLimits.maxSize
  else {
    throw OracleViolation("a patch's result is over the limits it was applied under", input)
  }
  guard (try? patch.apply(to: document, limits: tightLimits)) == tight else {
    throw OracleViolation("a patch gave two results", input)
  }
  guard (try? patch.apply(to: document)) == tight else {
    throw OracleViolation("a patch gives another result under looser limits", input)
  }
  // The result is the reference implementation's (ReferencePatch.swift), by bytes.
  switch ReferencePatch.apply(patch, to: document) {
  case .success(let expected):
    if expected != tight {
      throw OracleViolation(
        "the patch's result is not the reference's: "
          + "\(String(decoding: JSONWriter.canonicalBytes(tight), as: UTF8.self)) / "
          + "\(String(decoding: JSONWriter.canonicalBytes(expected), as: UTF8.self))", input)
    }
  case .failure(let failure):
    throw OracleViolation("a patch applies, but the reference fails: \(failure)", input)
  }
  // The result reads back from its own text.
  guard (try? JSONValue(parsing: JSONWriter.canonicalBytes(tight), maxDepth: 64)) == tight else {
    throw OracleViolation("a patch's result does not read back from its text", input)
  }
}

/// Exact equality (strings and keys by bytes, numbers as spelled) except for the order of
/// object members.
func sameIgnoringMemberOrder(_ a: JSONValue, _ b: JSONValue) -> Bool {
  switch (a, b) {
  case (.object(let x), .object(let y)):
    guard x.count == y.count else { return false }
    return x.members.allSatisfy { member in
      y[member.key].map { sameIgnoringMemberOrder(member.value, $0) } ?? false
    }
  case (.array(let x), .array(let y)):
    return x.count == y.count && zip(x, y).allSatisfy { sameIgnoringMemberOrder($0, $1) }
  default:
    return a == b
  }
}
