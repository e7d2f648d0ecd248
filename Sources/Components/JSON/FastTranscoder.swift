/// The fast path of canonical transcoding: a pure function from bytes to canonical compact
/// text, for the values catalogs are made of.
///
/// The general path (``JSONReader``'s container walker feeding a ``CanonicalTextSink``)
/// calls a method per token, appends to the array a byte at a time and is ready to refill the
/// buffer anywhere; that generality costs most of an import's parsing time. This path takes a
/// value that is whole in the given bytes, at most `levels` deep, with objects of at most
/// ``JSONObject.indexThreshold`` keys and strings without `\u` escapes. It works on
/// local indices and raw pointers and appends its output only at the end. On anything else,
/// including every kind of error, it returns nil having changed nothing, and the reader
/// reads the value from its start with the general path, so results and diagnostics are
/// exactly the general path's. A differential test (JSONReaderPathsTests) holds the two to
/// the same bytes.
///
/// Sound because every read is below `limit <= bytes.count` and every write is below
/// ``Scratch/outputCapacity``: the output of a value is never longer than its input (only
/// whitespace is dropped and `\/` shortened), and the input read is bounded by that capacity.
enum FastTranscoder {
  /// Working memory, allocated on first use and kept from value to value: raw pointers, so
  /// that passing it costs no reference counting. Its owner (``JSONReader``) frees it.
  struct Scratch {
    /// The most output (and so input: canonical text is never longer) of one fast value.
    static let outputCapacity = 1 << 20
    /// The deepest nesting the fast path follows; deeper values take the general path.
    static let maxLevels = 64

    /// The canonical text of the value in progress.
    let output = UnsafeMutablePointer<UInt8>.allocate(capacity: outputCapacity)
    /// Each open object's keys, as (start, end) offsets into `output`: level L's keys start
    /// at `2 * JSONObject.indexThreshold * L`.
    let keys = UnsafeMutablePointer<Int>.allocate(
      capacity: 2 * JSONObject.indexThreshold * maxLevels)
    /// How many keys each open object has.
    let keyCounts = UnsafeMutablePointer<Int>.allocate(capacity: maxLevels)

    /// Frees the memory; the scratch must not be used after.
    func deallocate() {
      output.deallocate()
      keys.deallocate()
      keyCounts.deallocate()
    }
  }

  /// Transcodes the value at the start of `bytes` (no whitespace before it) and appends its
  /// canonical text to `result`.
  ///
  /// - Parameters:
  ///   - bytes: The input from the value's first byte on.
  ///   - levels: How many levels of nesting the value may open (the reader's depth budget).
  ///   - scratch: Working memory.
  ///   - result: Where the canonical text is appended, only on success.
  /// - Returns: How many bytes of `bytes` the value took, or nil when this path cannot take it.
  static func transcode(
    _ bytes: UnsafeBufferPointer<UInt8>, levels: Int, scratch: Scratch, into result: inout [UInt8]
  ) -> Int? {
    guard let b = bytes.baseAddress else { return nil }
    var lines = LineTally()
    guard
      let (end, count) = transcode(
        b, from: 0, limit: bytes.count, levels: levels, scratch: scratch, lines: &lines)
    else { return nil }
    result.append(contentsOf: UnsafeBufferPointer(start: scratch.output, count: count))
    return end
  }

  /// The newlines a fast pass met. A valid JSON text has newlines only in whitespace (a
  /// string holds them escaped), and the fast paths see every byte of that: they count them
  /// on the way, so that the input's line and column bookkeeping can move past their bytes
  /// without reading them again.
  struct LineTally {
    /// How many newlines.
    var newlines = 0
    /// The index of the last of them, when there is one.
    var lastNewline = 0
  }

  /// Transcodes the value at `b[start]` (no whitespace before it) into the first `count`
  /// bytes of `scratch.output`, counting the newlines of its whitespace into `lines`.
  ///
  /// - Returns: The index just after the value and the length of its canonical text, or nil
  ///   when this path cannot take it (`scratch.output` then holds garbage, `lines` too).
  @inline(__always)
  static func transcode(
    _ b: UnsafePointer<UInt8>, from start: Int, limit bytesEnd: Int, levels: Int,
    scratch: Scratch, lines linesOut: inout LineTally
  ) -> (end: Int, count: Int)? {
    var lines = linesOut  // a local, which can stay in registers
    // Reads stay below `limit`, so the output (never longer than the input read) stays in
    // the output's capacity.
    let limit = min(bytesEnd, start + Scratch.outputCapacity)
    guard limit > start else { return nil }
    let out = scratch.output
    let keys = scratch.keys
    let keyCounts = scratch.keyCounts
    let maxKeys = JSONObject.indexThreshold
    let levelsAvailable = min(Scratch.maxLevels, levels)

    var p = start
    var o = 0
    /// Open containers, and which of them are objects (bit L for level L).
    var level = 0
    var objects: UInt64 = 0

    /// Whether an object's key is next (else a value).
    var expectingKey = false
    parsing: while true {
      Self.skipWhitespace(b, &p, limit, &lines)
      guard p < limit else { return nil }
      let c = b[p]
      if c == 0x22 {
        // A string, a key or a value: one call site, which keeps the scanner inlined.
        let keyStart = o
        guard Self.fastString(b, &p, limit, out, &o) else { return nil }
        if expectingKey {
          let keyLength = o - keyStart
          let open = level - 1
          let count = keyCounts[open]
          guard count < maxKeys else { return nil }
          let ranges = keys + 2 * maxKeys * open
          for k in 0..<count {
            let otherStart = ranges[2 * k]
            // Lengths, then the first byte after the quote (the closing quote of an empty
            // key), then all of them.
            if ranges[2 * k + 1] - otherStart == keyLength
              && out[otherStart + 1] == out[keyStart + 1]
              && ByteComparison.equal(out + otherStart, out + keyStart, count: keyLength)
            {
              return nil  // a duplicate key: the general path reports it
            }
          }
          ranges[2 * count] = keyStart
          ranges[2 * count + 1] = o
          keyCounts[open] = count + 1
          Self.skipWhitespace(b, &p, limit, &lines)
          guard p < limit, b[p] == 0x3A else { return nil }
          out[o] = 0x3A
          o += 1
          p += 1
          expectingKey = false
          continue parsing
        }
      } else {
        guard !expectingKey else { return nil }
        switch c {
        case 0x7B, 0x5B:  // { [
          guard level < levelsAvailable else { return nil }
          out[o] = c
          o += 1
          p += 1
          Self.skipWhitespace(b, &p, limit, &lines)
          guard p < limit else { return nil }
          if b[p] == c + 2 {  // '{' + 2 == '}', '[' + 2 == ']': empty, a complete value
            out[o] = c + 2
            o += 1
            p += 1
          } else {
            if c == 0x7B {
              objects |= 1 << UInt64(level)
              keyCounts[level] = 0
              expectingKey = true
            } else {
              objects &= ~(1 << UInt64(level))
            }
            level += 1
            continue parsing
          }
        case 0x74:
          guard Self.fastLiteral("true", b, &p, limit, out, &o) else { return nil }
        case 0x66:
          guard Self.fastLiteral("false", b, &p, limit, out, &o) else { return nil }
        case 0x6E:
          guard Self.fastLiteral("null", b, &p, limit, out, &o) else { return nil }
        case 0x2D, 0x30...0x39:
          guard Self.fastNumber(b, &p, limit, out, &o) else { return nil }
        default:
          return nil
        }
      }
      // After a value: close containers, or move to the next member or element.
      while true {
        if level == 0 { break parsing }
        Self.skipWhitespace(b, &p, limit, &lines)
        guard p < limit else { return nil }
        let next = b[p]
        let isObject = objects >> UInt64(level - 1) & 1 == 1
        if next == 0x2C {
          out[o] = 0x2C
          o += 1
          p += 1
          expectingKey = isObject
          continue parsing
        }
        guard next == (isObject ? 0x7D : 0x5D) else { return nil }
        out[o] = next
        o += 1
        p += 1
        level -= 1
      }
    }
    linesOut = lines
    return (p, o)
  }

  /// Skips whitespace, counting its newlines: a line's indentation up to 16 spaces in one
  /// step after its newline, the single space after a colon without a word's test, longer
  /// runs of spaces eight at a time.
  @inline(__always)
  static func skipWhitespace(
    _ b: UnsafePointer<UInt8>, _ p: inout Int, _ limit: Int, _ lines: inout LineTally
  ) {
    while p < limit {
      // Tests in order of likelihood, and no jump table: most calls find a token at once.
      let c = b[p]
      if c > 0x20 { return }
      if c == 0x0A {
        lines.newlines += 1
        lines.lastNewline = p
        p += 1
        // The indentation after it: the spaces of two words, counted without a branch per
        // word (40% of a generated file's bytes are such spaces). Exact: only spaces are
        // passed, so no newline goes uncounted; a longer run goes on below.
        if p + 16 <= limit {
          let first = ByteScan.nonSpaceBits(ByteScan.loadWord(b, p))
          let second = ByteScan.nonSpaceBits(ByteScan.loadWord(b, p + 8))
          p +=
            first != 0
            ? first.trailingZeroBitCount / 8 : 8 + second.trailingZeroBitCount / 8
        }
      } else if c == 0x20 {
        p += 1
        // One space (after a colon): the token follows.
        if p < limit && b[p] > 0x20 { return }
        while p + 8 <= limit {
          let others = ByteScan.nonSpaceBits(ByteScan.loadWord(b, p))
          if others != 0 {
            p += others.trailingZeroBitCount / 8
            break
          }
          p += 8
        }
      } else if c == 0x09 || c == 0x0D {
        p += 1
      } else {
        return
      }
    }
  }

  @inline(__always)
  private static func isDigit(_ c: UInt8) -> Bool { c &- 0x30 < 10 }

  // The token scanners below read `b[p..<limit]` and write `out[o...]`, moving `p` and `o`
  // forward. Parameters rather than captured variables: a nested function that mutates
  // captured locals makes every access a dynamically checked one.

  /// A string token at `p` (its quote), copied in canonical form; false when the fast path
  /// cannot take it.
  // Guaranteed inlining (SE-0496): `@inline(__always)` leaves a function this large out of
  // line, and a call per token costs a tenth of the transcoding.
  @inline(always)
  private static func fastString(
    _ b: UnsafePointer<UInt8>, _ pIn: inout Int, _ limit: Int,
    _ out: UnsafeMutablePointer<UInt8>, _ oIn: inout Int
  ) -> Bool {
    // Working on local copies keeps the two indices in registers.
    var p = pIn
    var o = oIn
    defer {
      pIn = p
      oIn = o
    }
    out[o] = 0x22
    o += 1
    p += 1
    while p < limit {
      // Eight plain bytes at a time; the store stays in the output's capacity because the
      // output is never longer than the input read (o <= p - start, p + 8 <= limit).
      if p + 8 <= limit {
        let word = ByteScan.loadWord(b, p)
        let attention = ByteScan.attentionBits(word)
        // Plain bytes before the first that needs a look (all eight when none does); the
        // bytes stored past them are overwritten by what follows.
        let plain = attention == 0 ? 8 : attention.trailingZeroBitCount / 8
        UnsafeMutableRawPointer(out + o).storeBytes(of: word, as: UInt64.self)
        o += plain
        p += plain
        if plain == 8 { continue }
      }
      let c = b[p]
      if c == 0x22 {
        out[o] = c
        o += 1
        p += 1
        return true
      }
      if c == 0x5C {
        guard p + 1 < limit else { return false }
        let e = b[p + 1]
        switch e {
        case 0x2F:  // \/ is canonically a plain slash
          out[o] = 0x2F
          o += 1
        case 0x22, 0x5C, 0x62, 0x66, 0x6E, 0x72, 0x74:  // " \ b f n r t: the canonical escapes
          out[o] = 0x5C
          out[o + 1] = e
          o += 2
        default:  // \uXXXX and invalid escapes
          return false
        }
        p += 2
        continue
      }
      if c < 0x80 {
        guard c >= 0x20 else { return false }
        out[o] = c
        o += 1
        p += 1
        continue
      }
      guard let length = Self.multibyteLength(b, p, limit) else { return false }
      for k in 0..<length { out[o + k] = b[p + k] }
      o += length
      p += length
    }
    return false
  }

  /// The length of the valid multi-byte UTF-8 sequence at `p` (its lead byte is 0x80 or
  /// more), validated as the general path validates it; nil when it is not one or does not
  /// end before `limit`.
  @inline(__always)
  static func multibyteLength(_ b: UnsafePointer<UInt8>, _ p: Int, _ limit: Int) -> Int? {
    guard let (length, bits, minimum) = ByteScan.utf8Lead(b[p]), p + length <= limit else {
      return nil
    }
    var scalar = bits
    for k in 1..<length {
      let continuation = b[p + k]
      guard continuation & 0xC0 == 0x80 else { return nil }
      scalar = scalar << 6 | UInt32(continuation & 0x3F)
    }
    guard scalar >= minimum, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else {
      return nil
    }
    return length
  }

  /// A number token at `p`, copied as written, when it is valid and ends inside the buffer.
  // Guaranteed inlining (SE-0496): `@inline(__always)` leaves a function this large out of
  // line, and a call per token costs a tenth of the transcoding.
  @inline(always)
  private static func fastNumber(
    _ b: UnsafePointer<UInt8>, _ p: inout Int, _ limit: Int,
    _ out: UnsafeMutablePointer<UInt8>, _ o: inout Int
  ) -> Bool {
    let first = p
    if b[p] == 0x2D { p += 1 }
    guard p < limit else { return false }
    if b[p] == 0x30 {
      p += 1
    } else if Self.isDigit(b[p]) {
      p += 1
      while p < limit && Self.isDigit(b[p]) { p += 1 }
    } else {
      return false
    }
    guard p < limit, !Self.isDigit(b[p]) else { return false }  // leading zero, or may continue
    if b[p] == 0x2E {
      p += 1
      let digits = p
      while p < limit && Self.isDigit(b[p]) { p += 1 }
      guard p > digits, p < limit else { return false }
    }
    if b[p] == 0x65 || b[p] == 0x45 {
      p += 1
      guard p < limit else { return false }
      if b[p] == 0x2B || b[p] == 0x2D { p += 1 }
      let digits = p
      while p < limit && Self.isDigit(b[p]) { p += 1 }
      guard p > digits, p < limit else { return false }
    }
    // Copied eight bytes at a time where eight more bytes are readable (the store then
    // stays in the output's capacity, as in fastString); the bytes stored past the number
    // are overwritten by what follows.
    var k = first
    while k < p {
      if k + 8 <= limit {
        UnsafeMutableRawPointer(out + o).storeBytes(of: ByteScan.loadWord(b, k), as: UInt64.self)
        let copied = min(8, p - k)
        o += copied
        k += copied
      } else {
        out[o] = b[k]
        o += 1
        k += 1
      }
    }
    return true
  }

  /// A literal (`true`, `false`, `null`) at `p`, copied.
  @inline(__always)
  private static func fastLiteral(
    _ text: StaticString, _ b: UnsafePointer<UInt8>, _ p: inout Int, _ limit: Int,
    _ out: UnsafeMutablePointer<UInt8>, _ o: inout Int
  ) -> Bool {
    let count = text.utf8CodeUnitCount
    guard p + count <= limit else { return false }
    let bytes = text.utf8Start
    for k in 0..<count where b[p + k] != bytes[k] { return false }
    for k in 0..<count { out[o + k] = bytes[k] }
    o += count
    p += count
    return true
  }
}
