/// ``FastEntryScanner`` by a walk of a ``StructuralIndex``: the same entries (the four
/// standard members, each once, in any order and nothing else; `kind`, `category` and
/// `description` strings without escapes; a payload ``StructuralTranscoder`` takes), the
/// same ``FastEntryScanner/Entry`` with its offsets relative to the entry's `{`, and nil on
/// anything else, which the reader then gives to the scalar scanner. Newlines are counted
/// from stage 1's newline masks.
enum StructuralEntryScanner {
  /// Scans the entry object whose `{` is the offset at `positions[first]`.
  ///
  /// - Returns: The entry, and the index in ``StructuralIndex/positions`` of the first offset
  ///   after it; nil when this path cannot take the entry.
  static func scan<Observer: FastEntryScanner.KindObserver>(
    _ index: StructuralIndex, from first: Int, levels: Int, scratch: FastTranscoder.Scratch,
    kindObserver: inout Observer
  ) -> (entry: FastEntryScanner.Entry, next: Int)? {
    guard levels >= 1, let b = index.base, first < index.count else { return nil }
    let pos = index.positions
    let start = Int(pos[first])
    let length = index.length
    guard b[start] == 0x7B else { return nil }
    var entry = FastEntryScanner.Entry()
    var i = first + 1
    var seen: UInt8 = 0
    var shift: UInt32 = 0
    while true {
      // A key: only the four standard names, without escapes.
      let p = Int(pos[i])
      guard p < length, b[p] == 0x22 else { return nil }
      let q = Int(pos[i + 1])
      guard q < length, let member = standardKey(b, p + 1, q), !index.hasBackslash(from: p, to: q)
      else { return nil }
      let bit = UInt8(1) << member.rawValue
      guard seen & bit == 0 else { return nil }  // a duplicate: the general path reports it
      seen |= bit
      entry.order |= UInt32(member.rawValue) << shift
      shift += 8
      let colon = Int(pos[i + 2])
      guard colon < length, b[colon] == 0x3A else { return nil }
      i += 3
      let v = Int(pos[i])
      guard v < length else { return nil }
      if member == .payload {
        guard
          let value = StructuralTranscoder.transcode(
            index, from: i, levels: levels - 1, scratch: scratch)
        else { return nil }
        i = value.next
        entry.payloadCount = value.count
      } else {
        guard b[v] == 0x22 else { return nil }
        let close = Int(pos[i + 1])
        guard close < length, b[close] == 0x22, !index.hasBackslash(from: v, to: close) else {
          return nil
        }
        let text = v - start + 1..<close - start
        switch member {
        case .kind:
          entry.kindQuote = v - start
          entry.kind = text
          kindObserver.kindRead(UnsafeRawBufferPointer(start: b + v + 1, count: close - v - 1))
        case .category: entry.category = text
        default: entry.description = text
        }
        i += 2
      }
      let next = Int(pos[i])
      guard next < length else { return nil }
      if b[next] == 0x2C {
        i += 1
        continue
      }
      // The end of the entry: all four members, or the general path reports what is missing.
      guard b[next] == 0x7D, seen == 0b1111 else { return nil }
      let end = next + 1
      guard !index.hasErrors(from: start, to: end) else { return nil }
      entry.end = end - start
      let beforeKind = index.newlines(from: start, to: start + entry.kindQuote)
      entry.linesBeforeKind = FastTranscoder.LineTally(
        newlines: beforeKind.count, lastNewline: beforeKind.count == 0 ? 0 : beforeKind.last - start
      )
      let all = index.newlines(from: start, to: end)
      entry.lines = FastTranscoder.LineTally(
        newlines: all.count, lastNewline: all.count == 0 ? 0 : all.last - start)
      return (entry, i + 1)
    }
  }

  /// The standard member named by the key whose text is `b[p..<q]`.
  @inline(__always)
  private static func standardKey(_ b: UnsafePointer<UInt8>, _ p: Int, _ q: Int)
    -> RawCatalogEntry.StandardMember?
  {
    let member: RawCatalogEntry.StandardMember
    let name: StaticString
    guard p < q else { return nil }
    switch b[p] {
    case 0x6B: (member, name) = (.kind, "kind")
    case 0x63: (member, name) = (.category, "category")
    case 0x64: (member, name) = (.description, "description")
    case 0x70: (member, name) = (.payload, "payload")
    default: return nil
    }
    guard q - p == name.utf8CodeUnitCount,
      ByteComparison.equal(b + p, name.utf8Start, count: name.utf8CodeUnitCount)
    else { return nil }
    return member
  }
}
