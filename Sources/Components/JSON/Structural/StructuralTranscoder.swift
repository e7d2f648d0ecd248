/// Stage 2 of the structural reader: canonical transcoding by a walk of a
/// ``StructuralIndex``, for the values catalogs are made of.
///
/// The walk visits only the offsets stage 1 recorded: structural characters, the two quotes
/// of each string and the first byte of each number or literal; whitespace is never looked
/// at. A string without a backslash (most) is copied from quote to quote in words, since
/// stage 1 has validated its text; one with escapes is copied a byte at a time, the escapes
/// in their canonical form. It takes what ``FastTranscoder`` takes (a value whole in the
/// window, at most `levels` and 64 deep, objects of at most ``JSONObject/indexThreshold``
/// keys, strings without `\u` escapes) and gives the same bytes; on anything else,
/// including every kind of error, it returns nil and the reader reads the value with the
/// scalar paths, which report the error. A differential test (StructuralReaderTests) holds
/// it to the scalar reader.
///
/// Sound because every offset it reads is below the window's length (the index's sentinel
/// ends every walk) and every write is below ``FastTranscoder/Scratch/outputCapacity``: the
/// output is never longer than the input read, which is bounded by that capacity.
enum StructuralTranscoder {
  /// Where a value ended.
  struct Value {
    /// The index in ``StructuralIndex/positions`` of the first offset after the value.
    var next: Int
    /// The offset just after the value's last byte.
    var end: Int
    /// The length of its canonical text, in the scratch's output.
    var count: Int
  }

  /// Transcodes the value whose first byte is the offset at `positions[first]` into the
  /// first bytes of `scratch.output`.
  ///
  /// - Returns: Where the value ended, or nil when this path cannot take it.
  @inline(__always)
  static func transcode(
    _ index: StructuralIndex, from first: Int, levels: Int, scratch: FastTranscoder.Scratch
  ) -> Value? {
    guard let b = index.base, first < index.count else { return nil }
    let pos = index.positions
    let start = Int(pos[first])
    let limit = min(index.length, start + FastTranscoder.Scratch.outputCapacity)
    let out = scratch.output
    let keys = scratch.keys
    let keyCounts = scratch.keyCounts
    let maxKeys = JSONObject.indexThreshold
    let levelsAvailable = min(FastTranscoder.Scratch.maxLevels, levels)

    var i = first
    var o = 0
    var end = start
    var level = 0
    var objects: UInt64 = 0
    var expectingKey = false
    parsing: while true {
      // `i` is at most `index.count`, whose offset is the sentinel: the window's length.
      let p = Int(pos[i])
      guard p < limit else { return nil }
      let c = b[p]
      if c == 0x22 {
        // The closing quote is the next offset (nothing inside a string is recorded).
        let q = Int(pos[i + 1])
        guard q < limit else { return nil }
        let keyStart = o
        guard copyString(index, b, from: p, to: q, limit: limit, out, &o) else { return nil }
        i += 2
        end = q + 1
        if expectingKey {
          let keyLength = o - keyStart
          let open = level - 1
          let count = keyCounts[open]
          guard count < maxKeys else { return nil }
          let ranges = keys + 2 * maxKeys * open
          for k in 0..<count {
            let otherStart = ranges[2 * k]
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
          let colon = Int(pos[i])
          guard colon < limit, b[colon] == 0x3A else { return nil }
          out[o] = 0x3A
          o += 1
          i += 1
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
          i += 1
          let next = Int(pos[i])
          guard next < limit else { return nil }
          if b[next] == c + 2 {  // '{' + 2 == '}', '[' + 2 == ']'
            out[o] = c + 2
            o += 1
            i += 1
            end = next + 1
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
          guard let after = literal("true", b, p, limit) else { return nil }
          end = after
        case 0x66:
          guard let after = literal("false", b, p, limit) else { return nil }
          end = after
        case 0x6E:
          guard let after = literal("null", b, p, limit) else { return nil }
          end = after
        case 0x2D, 0x30...0x39:
          guard let after = numberEnd(b, p, limit) else { return nil }
          end = after
        default:
          return nil
        }
        if c < 0x7B && c != 0x5B {
          // A scalar: its run must end at whitespace or at the next recorded offset (a run of
          // scalar bytes after it, as in `12x`, is not recorded).
          guard end < limit, end == Int(pos[i + 1]) || isWhitespace(b[end]) else { return nil }
          copy(b, from: p, count: end - p, limit: limit, out, &o)
          i += 1
        }
      }
      // After a value: close containers, or move to the next member or element.
      while true {
        if level == 0 { break parsing }
        let p = Int(pos[i])
        guard p < limit else { return nil }
        let next = b[p]
        let isObject = objects >> UInt64(level - 1) & 1 == 1
        if next == 0x2C {
          out[o] = 0x2C
          o += 1
          i += 1
          expectingKey = isObject
          continue parsing
        }
        guard next == (isObject ? 0x7D : 0x5D) else { return nil }
        out[o] = next
        o += 1
        i += 1
        end = p + 1
        level -= 1
      }
    }
    guard !index.hasErrors(from: start, to: end) else { return nil }
    return Value(next: i, end: end, count: o)
  }

  @inline(__always)
  private static func isWhitespace(_ c: UInt8) -> Bool {
    c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09
  }

  /// Copies `count` bytes from `b + from` to `out + o`, a word at a time where a word is
  /// readable; bytes stored past the copy are overwritten by what follows.
  @inline(__always)
  private static func copy(
    _ b: UnsafePointer<UInt8>, from: Int, count: Int, limit: Int,
    _ out: UnsafeMutablePointer<UInt8>, _ o: inout Int
  ) {
    var k = 0
    while k < count {
      if from &+ k &+ 8 <= limit {
        UnsafeMutableRawPointer(out + o + k).storeBytes(
          of: ByteScan.loadWord(b, from + k), as: UInt64.self)
        k &+= 8
      } else {
        out[o + k] = b[from + k]
        k &+= 1
      }
    }
    o += count
  }

  /// Copies the string whose quotes are at `p` and `q` in canonical form; false when it
  /// holds a `\u` escape (or an invalid one), which the scalar paths decode or report.
  @inline(__always)
  private static func copyString(
    _ index: StructuralIndex, _ b: UnsafePointer<UInt8>, from p: Int, to q: Int, limit: Int,
    _ out: UnsafeMutablePointer<UInt8>, _ o: inout Int
  ) -> Bool {
    guard b[q] == 0x22 else { return false }
    if !index.hasBackslash(from: p + 1, to: q) {
      copy(b, from: p, count: q + 1 - p, limit: limit, out, &o)
      return true
    }
    out[o] = 0x22
    o += 1
    var k = p + 1
    while k < q {
      let c = b[k]
      if c == 0x5C {
        // The byte after a backslash is escaped, so never the closing quote: k + 1 < q.
        let e = b[k + 1]
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
        k += 2
      } else {
        out[o] = c
        o += 1
        k += 1
      }
    }
    out[o] = 0x22
    o += 1
    return true
  }

  /// The end of the literal `text` at `p`, when it is there and ends inside the window.
  @inline(__always)
  private static func literal(
    _ text: StaticString, _ b: UnsafePointer<UInt8>, _ p: Int, _ limit: Int
  ) -> Int? {
    let count = text.utf8CodeUnitCount
    guard p + count <= limit else { return nil }
    guard ByteComparison.equal(b + p, text.utf8Start, count: count) else { return nil }
    return p + count
  }

  /// The end of the valid number at `p` (the grammar of ``FastTranscoder``'s numbers), when
  /// a byte follows it inside the window.
  @inline(__always)
  private static func numberEnd(_ b: UnsafePointer<UInt8>, _ start: Int, _ limit: Int) -> Int? {
    func isDigit(_ c: UInt8) -> Bool { c &- 0x30 < 10 }
    var p = start
    if b[p] == 0x2D { p += 1 }
    guard p < limit else { return nil }
    if b[p] == 0x30 {
      p += 1
    } else if isDigit(b[p]) {
      p += 1
      while p < limit && isDigit(b[p]) { p += 1 }
    } else {
      return nil
    }
    guard p < limit, !isDigit(b[p]) else { return nil }
    if b[p] == 0x2E {
      p += 1
      let digits = p
      while p < limit && isDigit(b[p]) { p += 1 }
      guard p > digits, p < limit else { return nil }
    }
    if b[p] == 0x65 || b[p] == 0x45 {
      p += 1
      guard p < limit else { return nil }
      if b[p] == 0x2B || b[p] == 0x2D { p += 1 }
      let digits = p
      while p < limit && isDigit(b[p]) { p += 1 }
      guard p > digits, p < limit else { return nil }
    }
    return p
  }
}
