// The patch engine and the diff entry point, for the libFuzzer target in FuzzJSON.swift.
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
//   twice, and whatever it accepts under tight limits it accepts, equally, under loose ones.
// The three-way merge has its own oracles in FuzzMerge.swift.

/// The limits patches are applied under: small, so that the fuzzer reaches them.
let tightLimits = DocumentLimits(maxDepth: 24, maxSize: 4096)

func checkPatchAndDiff(_ bytes: [UInt8]) {
  let split = bytes.firstIndex(of: 0)
  let a = split.map { Array(bytes[..<$0]) } ?? bytes
  let b = split.map { Array(bytes[($0 + 1)...]) } ?? bytes
  checkDiff(a, b, bytes)
  checkPatch(a, b, bytes)
}

/// A document's entries and the pointer of its entries array, or nil when it is not valid.
func documentEntries(_ bytes: [UInt8]) -> ([CatalogEntry], JSONPointer)? {
  let reader = CatalogDocumentReader(JSONReader(bytes: bytes))
  guard let entries = try? reader.readAll() else { return nil }
  return (entries, reader.entriesPointer)
}

func checkDiff(_ a: [UInt8], _ b: [UInt8], _ input: [UInt8]) {
  guard let (old, pointer) = documentEntries(a), let (new, _) = documentEntries(b),
    let oldDocument = try? JSONValue(parsing: a)
  else { return }
  let diff: CatalogDiff
  do {
    diff = try CatalogDiff(old: old, new: new)
    if !(try CatalogDiff(old: old, new: old)).isEmpty {
      violated("a document differs from itself", input)
    }
  } catch {
    violated("diff of two valid documents failed: \(error)", input)
  }
  _ = diff.text(color: false)
  _ = diff.jsonSummary()
  _ = diff.stat(color: false)
  for withTests in [false, true] {
    let patch: JSONPatch
    do {
      patch = try diff.jsonPatch(withTests: withTests, components: pointer)
    } catch {
      violated("json-patch of two valid documents failed: \(error)", input)
    }
    let patched: JSONValue
    do {
      patched = try patch.apply(to: oldDocument)
    } catch {
      violated("the diff's patch does not apply to OLD: \(error)\n\(patch.text)", input)
    }
    // The patched document, read as a catalog, is NEW: every kind, key and value the same
    // by bytes, numbers as spelled; only members an `add` created may sit elsewhere in
    // their object (documented: member order is not a difference).
    let text = JSONWriter.canonicalBytes(patched)
    guard let (result, _) = documentEntries(text) else {
      violated("the patched document is not a catalog\n\(patch.text)", input)
    }
    guard result.count == new.count,
      zip(result, new).allSatisfy({ a, b in
        guard let x = try? a.jsonValue, let y = try? b.jsonValue else { return false }
        return sameIgnoringMemberOrder(x, y)
      })
    else { violated("the patched document is not NEW\n\(patch.text)", input) }
  }
}

func checkPatch(_ a: [UInt8], _ b: [UInt8], _ input: [UInt8]) {
  guard let patchValue = try? JSONValue(parsing: b, maxDepth: tightLimits.maxDepth),
    let patch = try? JSONPatch(decoding: patchValue),
    let document = try? JSONValue(parsing: a, maxDepth: tightLimits.maxDepth)
  else { return }
  let tight: JSONValue
  do {
    tight = try patch.apply(to: document, limits: tightLimits)
  } catch {
    // Failing is fine; failing differently the second time is not.
    do {
      _ = try patch.apply(to: document, limits: tightLimits)
      violated("a patch failed, then applied: \(error)", input)
    } catch let again {
      if again != error { violated("a patch failed two ways: \(error) / \(again)", input) }
    }
    return
  }
  guard let measure = tight.measure(maxDepth: .max, maxSize: .max),
    measure.depth <= tightLimits.maxDepth, measure.size <= tightLimits.maxSize
  else {
    violated("a patch's result is over the limits it was applied under", input)
  }
  guard (try? patch.apply(to: document, limits: tightLimits)) == tight else {
    violated("a patch gave two results", input)
  }
  guard (try? patch.apply(to: document)) == tight else {
    violated("a patch gives another result under looser limits", input)
  }
  // The result reads back from its own text.
  guard (try? JSONValue(parsing: JSONWriter.canonicalBytes(tight), maxDepth: 64)) == tight else {
    violated("a patch's result does not read back from its text", input)
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
