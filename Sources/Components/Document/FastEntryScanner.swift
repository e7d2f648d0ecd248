/// The fast path of reading one entry of a catalog document: a pure function from the bytes
/// of an entry object to where its members are, for the entries catalogs are made of.
///
/// ``CatalogDocumentReader`` reads an entry member by member through ``JSONReader``: a
/// method call, a mark and a buffer check per token, every byte's line counted again, each
/// string copied through the general scanner. This path takes an entry object that is whole
/// in the given bytes and has the four standard members, each once, in any order and
/// nothing else: `kind`, `category` and `description` strings without escapes, and a
/// `payload` the ``FastTranscoder`` takes. It finds them in one pass and counts the newlines
/// it passes (``FastTranscoder/LineTally``), so that positions need no second look at the
/// bytes. On anything else, including every kind of error, it returns nil having changed
/// nothing but scratch memory, and the reader reads the entry from its `{` with the general
/// path, so results and diagnostics are exactly the general path's. A differential test
/// (CatalogReaderPathsTests) holds the two to the same entries, positions and diagnostics.
///
/// Sound because every read is below `limit`, the count of the bytes given, and the payload
/// is the fast transcoder's, with its own bounds.
enum FastEntryScanner {
  /// What is told an entry's kind as soon as the scanner has read it: a value passed
  /// `inout`, not a closure, which cost a retain and release of what it captured per entry.
  protocol KindObserver {
    mutating func kindRead(_ kind: UnsafeRawBufferPointer)
  }

  /// An observer that does nothing.
  struct IgnoresKinds: KindObserver {
    func kindRead(_ kind: UnsafeRawBufferPointer) {}
  }

  /// Where an entry's parts are, as indices into the bytes given (the `{` is index 0).
  struct Entry {
    /// The bytes of the three strings, between their quotes: their decoded UTF-8, since
    /// they have no escapes.
    var kind = 0..<0
    var category = 0..<0
    var description = 0..<0
    /// The length of the payload's canonical text, which is in the scratch's output.
    var payloadCount = 0
    /// The members in written order: four ``RawCatalogEntry/StandardMember`` raw values, the
    /// first in the lowest byte.
    var order: UInt32 = 0
    /// The index of the kind's opening quote, and the newlines before it.
    var kindQuote = 0
    var linesBeforeKind = FastTranscoder.LineTally()
    /// The index just after the closing `}`, and all the newlines before it.
    var end = 0
    var lines = FastTranscoder.LineTally()
  }

  /// Scans the entry object at the start of `b` (its `{`).
  ///
  /// - Parameters:
  ///   - b: The bytes, from the entry's `{` on.
  ///   - limit: How many bytes there are.
  ///   - levels: How many levels of nesting the entry may open, itself included.
  ///   - scratch: The fast transcoder's working memory; the payload's text is left there.
  ///   - kindObserver: Told the kind's bytes as soon as they are found, before the members
  ///     after it are read (the reader prefetches its duplicate-check slot); also for an
  ///     entry this path then gives up.
  /// - Returns: Where the parts are, or nil when this path cannot take the entry.
  static func scan<Observer: KindObserver>(
    _ b: UnsafePointer<UInt8>, limit: Int, levels: Int, scratch: FastTranscoder.Scratch,
    kindObserver: inout Observer
  ) -> Entry? {
    guard levels >= 1, limit > 0, b[0] == 0x7B else { return nil }
    var entry = Entry()
    var lines = FastTranscoder.LineTally()
    var p = 1
    var seen: UInt8 = 0
    var shift: UInt32 = 0
    while true {
      FastTranscoder.skipWhitespace(b, &p, limit, &lines)
      guard p < limit, b[p] == 0x22 else { return nil }
      // A key: only the four standard names.
      guard let (member, keyEnd) = standardKey(b, p + 1, limit) else { return nil }
      let bit = UInt8(1) << member.rawValue
      guard seen & bit == 0 else { return nil }  // a duplicate: the general path reports it
      seen |= bit
      entry.order |= UInt32(member.rawValue) << shift
      shift += 8
      p = keyEnd + 1
      FastTranscoder.skipWhitespace(b, &p, limit, &lines)
      guard p < limit, b[p] == 0x3A else { return nil }
      p += 1
      FastTranscoder.skipWhitespace(b, &p, limit, &lines)
      guard p < limit else { return nil }
      if member == .payload {
        guard
          let (end, count) = FastTranscoder.transcode(
            b, from: p, limit: limit, levels: levels - 1, scratch: scratch, lines: &lines)
        else { return nil }
        p = end
        entry.payloadCount = count
      } else {
        guard b[p] == 0x22 else { return nil }
        if member == .kind {
          entry.kindQuote = p
          entry.linesBeforeKind = lines
        }
        guard let end = stringEnd(b, p + 1, limit) else { return nil }
        switch member {
        case .kind:
          entry.kind = p + 1..<end
          kindObserver.kindRead(UnsafeRawBufferPointer(start: b + p + 1, count: end - p - 1))
        case .category: entry.category = p + 1..<end
        default: entry.description = p + 1..<end
        }
        p = end + 1
      }
      FastTranscoder.skipWhitespace(b, &p, limit, &lines)
      guard p < limit else { return nil }
      if b[p] == 0x2C {
        p += 1
        continue
      }
      // The end of the entry: all four members, or the general path reports what is missing.
      guard b[p] == 0x7D, seen == 0b1111 else { return nil }
      entry.end = p + 1
      entry.lines = lines
      return entry
    }
  }

  /// The standard member named by the key whose text starts at `p`, and the index of its
  /// closing quote; nil for any other key, or one written with an escape.
  @inline(__always)
  private static func standardKey(_ b: UnsafePointer<UInt8>, _ p: Int, _ limit: Int)
    -> (RawCatalogEntry.StandardMember, Int)?
  {
    guard p < limit else { return nil }
    let member: RawCatalogEntry.StandardMember
    let name: StaticString
    switch b[p] {
    case 0x6B: (member, name) = (.kind, "kind")
    case 0x63: (member, name) = (.category, "category")
    case 0x64: (member, name) = (.description, "description")
    case 0x70: (member, name) = (.payload, "payload")
    default: return nil
    }
    let end = p + name.utf8CodeUnitCount
    guard end < limit, b[end] == 0x22,
      ByteComparison.equal(b + p, name.utf8Start, count: name.utf8CodeUnitCount)
    else { return nil }
    return (member, end)
  }

  /// The index of the closing quote of the string whose text starts at `p`, when its text
  /// is valid UTF-8 without escapes or control characters; else nil.
  @inline(__always)
  private static func stringEnd(_ b: UnsafePointer<UInt8>, _ start: Int, _ limit: Int) -> Int? {
    var p = start
    while true {
      p = ByteScan.plainRunEnd(b, from: p, to: limit)
      guard p < limit else { return nil }
      let c = b[p]
      if c == 0x22 { return p }
      // A backslash or a control character: the general path decodes or reports it.
      guard c >= 0x80, let length = FastTranscoder.multibyteLength(b, p, limit) else {
        return nil
      }
      p += length
    }
  }
}
