// The three-way merge, for the libFuzzer target in FuzzJSON.swift.
//
// run-fuzz.sh compiles Sources/CatalogDiff into the same module as Sources/Components, so
// these functions call CatalogMerge directly. An input with two NUL bytes is three documents,
// BASE, OURS and THEIRS. When all three are valid components documents, the oracles are:
// - merging never fails (entries from the document reader never hold a kind twice);
// - a clean merge's document reads back as a catalog with exactly the merged entries, and a
//   merge with conflicts writes a document that is not valid JSON (its markers);
// - nothing changed on either side (BASE, BASE, BASE) merges cleanly to BASE;
// - the same change on both sides (BASE, X, X) merges cleanly to X, for X = OURS and THEIRS;
// - a change on one side only (BASE, BASE, X) merges cleanly, and never conflicts;
// - a clean merge holds every edit of both sides (checkEveryEdit): at every place where one
//   side left BASE's value, the result has the other side's.

@testable import CatalogDiff
@testable import Components

func checkMerge(_ bytes: [UInt8]) throws(OracleViolation) {
  guard let first = bytes.firstIndex(of: 0),
    let second = bytes[(first + 1)...].firstIndex(of: 0)
  else { return }
  guard let (base, _) = documentEntries(Array(bytes[..<first])),
    let (ours, _) = documentEntries(Array(bytes[(first + 1)..<second])),
    let (theirs, _) = documentEntries(Array(bytes[(second + 1)...]))
  else { return }
  let merge = try mergeOrStop(base, ours, theirs, bytes)
  if merge.isClean {
    guard let entries = merge.entries, let (written, _) = documentEntries(merge.document),
      written == entries
    else {
      throw OracleViolation("a clean merge's document does not read back as its entries", bytes)
    }
    try checkEveryEdit(base, ours, theirs, entries, bytes)
  } else if (try? JSONValue(parsing: merge.document)) != nil {
    throw OracleViolation("a merge with conflicts wrote valid JSON", bytes)
  }
  let unchanged = try mergeOrStop(base, base, base, bytes)
  guard unchanged.isClean, unchanged.entries == base else {
    throw OracleViolation("BASE, BASE, BASE does not merge to BASE", bytes)
  }
  for side in [ours, theirs] {
    let same = try mergeOrStop(base, side, side, bytes)
    guard same.isClean, same.entries == side else {
      throw OracleViolation("the same change on both sides does not merge to it", bytes)
    }
    guard try mergeOrStop(base, base, side, bytes).isClean else {
      throw OracleViolation("a change on one side only conflicts", bytes)
    }
  }
}

func mergeOrStop(
  _ base: [CatalogEntry], _ ours: [CatalogEntry], _ theirs: [CatalogEntry], _ input: [UInt8]
) throws(OracleViolation) -> CatalogMerge {
  do {
    return try CatalogMerge(base: base, ours: ours, theirs: theirs)
  } catch {
    throw OracleViolation("merge of three valid documents failed: \(error)", input)
  }
}

/// Every edit of both sides is in a clean merge, and nothing else changed: the three
/// catalogs and the result are flattened to their places (a kind, then JSON Pointer tokens
/// through objects; arrays and scalars are whole values at their place, and each object marks
/// its own place too), and wherever THEIRS has BASE's value the result has OURS', and
/// wherever OURS has BASE's the result has THEIRS'. This is the model test's rule
/// (ArrayMergeModelTests) for any input: an edit may conflict, but never be lost, misplaced or
/// invented. Arrays are compared whole because an element's place depends on the alignment;
/// the model test checks elements inside arrays.
func checkEveryEdit(
  _ base: [CatalogEntry], _ ours: [CatalogEntry], _ theirs: [CatalogEntry],
  _ merged: [CatalogEntry], _ input: [UInt8]
) throws(OracleViolation) {
  let (b, o, t, m) = (places(base), places(ours), places(theirs), places(merged))
  for place in Set(b.keys).union(o.keys).union(t.keys).union(m.keys) {
    let (inBase, inOurs, inTheirs, inMerge) = (b[place], o[place], t[place], m[place])
    if inTheirs == inBase && inMerge != inOurs {
      throw OracleViolation("the merge lost or changed OURS' edit at \(place)", input)
    }
    if inOurs == inBase && inMerge != inTheirs {
      throw OracleViolation("the merge lost or changed THEIRS' edit at \(place)", input)
    }
  }
}

/// A catalog's values by place: `[kind, token, …]` to canonical bytes (`{` for an object).
func places(_ entries: [CatalogEntry]) -> [[BytewiseString]: [UInt8]] {
  var result: [[BytewiseString]: [UInt8]] = [:]
  func walk(_ value: JSONValue, _ place: [BytewiseString]) {
    if case .object(let object) = value {
      result[place] = Array("{".utf8)
      for member in object.members { walk(member.value, place + [BytewiseString(member.key)]) }
    } else {
      result[place] = JSONWriter.canonicalBytes(value)
    }
  }
  for entry in entries {
    guard let value = try? entry.jsonValue else { continue }
    walk(value, [BytewiseString(entry.kind)])
  }
  return result
}
