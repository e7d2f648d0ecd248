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
// - a change on one side only (BASE, BASE, X) merges cleanly, and never conflicts.

func checkMerge(_ bytes: [UInt8]) {
  guard let first = bytes.firstIndex(of: 0),
    let second = bytes[(first + 1)...].firstIndex(of: 0)
  else { return }
  guard let (base, _) = documentEntries(Array(bytes[..<first])),
    let (ours, _) = documentEntries(Array(bytes[(first + 1)..<second])),
    let (theirs, _) = documentEntries(Array(bytes[(second + 1)...]))
  else { return }
  let merge = mergeOrStop(base, ours, theirs, bytes)
  if merge.isClean {
    guard let entries = merge.entries, let (written, _) = documentEntries(merge.document),
      written == entries
    else { violated("a clean merge's document does not read back as its entries", bytes) }
  } else if (try? JSONValue(parsing: merge.document)) != nil {
    violated("a merge with conflicts wrote valid JSON", bytes)
  }
  let unchanged = mergeOrStop(base, base, base, bytes)
  guard unchanged.isClean, unchanged.entries == base else {
    violated("BASE, BASE, BASE does not merge to BASE", bytes)
  }
  for side in [ours, theirs] {
    let same = mergeOrStop(base, side, side, bytes)
    guard same.isClean, same.entries == side else {
      violated("the same change on both sides does not merge to it", bytes)
    }
    guard mergeOrStop(base, base, side, bytes).isClean else {
      violated("a change on one side only conflicts", bytes)
    }
  }
}

func mergeOrStop(
  _ base: [CatalogEntry], _ ours: [CatalogEntry], _ theirs: [CatalogEntry], _ input: [UInt8]
) -> CatalogMerge {
  do {
    return try CatalogMerge(base: base, ours: ours, theirs: theirs)
  } catch {
    violated("merge of three valid documents failed: \(error)", input)
  }
}
