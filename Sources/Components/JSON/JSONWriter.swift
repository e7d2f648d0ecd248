/// Writes JSON in the catalog's two forms.
///
/// - *Canonical compact*: no whitespace, members in order, numbers as written, strings with
///   the minimal escapes. The store keeps payloads in this form, so that equal payloads have
///   equal bytes.
/// - *Export* (indented): the bytes Python writes with
///   `json.dump(doc, f, indent=2, ensure_ascii=False)`: two-space indentation, `"key": value`,
///   one element per line, `[]` and `{}` for empty containers, non-ASCII as UTF-8, and only
///   `"`, `\` and control characters escaped (`\b \f \n \r \t` short, the rest `\u00XX`).
///
/// Indented output is made from canonical text by ``reindent(_:level:into:)``, a single pass
/// that never parses numbers or decodes strings, which is what makes export fast.
public enum JSONWriter {
  /// The canonical compact text of `value`.
  public static func canonicalBytes(_ value: JSONValue) -> [UInt8] {
    var out: [UInt8] = []
    appendCanonical(value, to: &out)
    return out
  }

  /// The indented export text of `value`, without a final newline.
  public static func indentedBytes(_ value: JSONValue, level: Int = 0) -> [UInt8] {
    var out: [UInt8] = []
    canonicalBytes(value).withUnsafeBufferPointer { reindent($0, level: level, into: &out) }
    return out
  }

  /// The indented export text of `value` as a string, without a final newline.
  public static func indentedString(_ value: JSONValue) -> String {
    String(decoding: indentedBytes(value), as: UTF8.self)
  }

  /// Appends the canonical compact text of `value`.
  public static func appendCanonical(_ value: JSONValue, to out: inout [UInt8]) {
    switch value {
    case .null: out.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])
    case .bool(true): out.append(contentsOf: [0x74, 0x72, 0x75, 0x65])
    case .bool(false): out.append(contentsOf: [0x66, 0x61, 0x6C, 0x73, 0x65])
    case .number(let number): out.append(contentsOf: number.text.utf8)
    case .string(let string): appendString(string, to: &out)
    case .array(let elements):
      out.append(0x5B)
      for (i, element) in elements.enumerated() {
        if i > 0 { out.append(0x2C) }
        appendCanonical(element, to: &out)
      }
      out.append(0x5D)
    case .object(let object):
      out.append(0x7B)
      for (i, member) in object.members.enumerated() {
        if i > 0 { out.append(0x2C) }
        appendString(member.key, to: &out)
        out.append(0x3A)
        appendCanonical(member.value, to: &out)
      }
      out.append(0x7D)
    }
  }

  /// Appends `string` as a JSON string literal with the canonical escapes.
  public static func appendString(_ string: String, to out: inout [UInt8]) {
    out.append(0x22)
    var string = string
    string.withUTF8 { bytes in
      var runStart = 0
      for (i, byte) in bytes.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C {
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i]))
        appendEscaped(byte, to: &out)
        runStart = i + 1
      }
      out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
    }
    out.append(0x22)
  }

  /// Appends UTF-8 text (a string's value) as a JSON string literal with the canonical
  /// escapes: ``appendString(_:to:)`` for text held as bytes.
  public static func appendString(utf8 bytes: UnsafeRawBufferPointer, to out: inout [UInt8]) {
    out.append(0x22)
    // Typed, so that runs are appended as one copy rather than byte by byte.
    let bytes = bytes.assumingMemoryBound(to: UInt8.self)
    guard let base = bytes.baseAddress else { return out.append(0x22) }
    var runStart = 0
    var i = 0
    let count = bytes.count
    while i < count {
      // Eight bytes at a time up to the next byte that may need an escape: the lowest
      // flag is always a true one, and the byte found is checked again below.
      while i + 8 <= count {
        let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
        let found =
          zeroBytes(word ^ 0x2222_2222_2222_2222) | zeroBytes(word ^ 0x5C5C_5C5C_5C5C_5C5C)
          | (word &- 0x2020_2020_2020_2020) & ~word & 0x8080_8080_8080_8080  // below 0x20
        if found != 0 {
          i += found.trailingZeroBitCount / 8
          break
        }
        i += 8
      }
      guard i < count else { break }
      let byte = base[i]
      if byte < 0x20 || byte == 0x22 || byte == 0x5C {
        out.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: i - runStart))
        appendEscaped(byte, to: &out)
        runStart = i + 1
      }
      i += 1
    }
    out.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: count - runStart))
    out.append(0x22)
  }

  /// Appends the escape for a byte that must be escaped in a string.
  static func appendEscaped(_ byte: UInt8, to out: inout [UInt8]) {
    out.append(0x5C)
    if byte < 0x80, let letter = escapeLetters[Int(byte)] {
      out.append(letter)
    } else {
      let hex: [UInt8] = Array("0123456789abcdef".utf8)
      out.append(contentsOf: [0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
    }
  }

  /// The two-character escapes of RFC 8259 section 7: the letter after the backslash and the
  /// byte it stands for. The one table the writer escapes with and the reader decodes with.
  static let shortEscapes: [(letter: UInt8, byte: UInt8)] = [
    (0x22, 0x22), (0x5C, 0x5C), (0x2F, 0x2F), (0x62, 0x08), (0x66, 0x0C), (0x6E, 0x0A),
    (0x72, 0x0D), (0x74, 0x09),
  ]

  /// For each ASCII byte, the letter the writer escapes it with (`/` is written plain).
  private static let escapeLetters: [UInt8?] = {
    var table = [UInt8?](repeating: nil, count: 128)
    for escape in shortEscapes where escape.byte != 0x2F { table[Int(escape.byte)] = escape.letter }
    return table
  }()

  /// For each ASCII letter after a backslash, the byte it stands for.
  static let unescapedBytes: [UInt8?] = {
    var table = [UInt8?](repeating: nil, count: 128)
    for escape in shortEscapes { table[Int(escape.letter)] = escape.byte }
    return table
  }()

  /// Appends the UTF-8 encoding of a Unicode scalar value.
  static func appendUTF8(_ scalar: UInt32, to out: inout [UInt8]) {
    switch scalar {
    case 0..<0x80:
      out.append(UInt8(scalar))
    case 0x80..<0x800:
      out.append(UInt8(0xC0 | scalar >> 6))
      out.append(UInt8(0x80 | scalar & 0x3F))
    case 0x800..<0x10000:
      out.append(UInt8(0xE0 | scalar >> 12))
      out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      out.append(UInt8(0x80 | scalar & 0x3F))
    default:
      out.append(UInt8(0xF0 | scalar >> 18))
      out.append(UInt8(0x80 | scalar >> 12 & 0x3F))
      out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      out.append(UInt8(0x80 | scalar & 0x3F))
    }
  }

  /// Appends the indented (export) form of canonical compact JSON text, as if the value sat
  /// `level` levels deep in an indented document: lines after the first are indented by
  /// `2 × (level + depth)` spaces.
  ///
  /// For text this process made canonical (the reader's transcoder, ``canonicalBytes(_:)``):
  /// what is not canonical is copied as it is. Text read from a catalog goes through
  /// ``reindent(checking:level:maxDepth:into:)``.
  public static func reindent(
    _ canonical: UnsafeBufferPointer<UInt8>, level: Int, into out: inout [UInt8]
  ) {
    _ = reindent(canonical, level: level, maxDepth: .max, into: &out)
  }

  /// ``reindent(_:level:into:)`` of text that may not be canonical (a stored payload), which
  /// the same single pass checks as it copies: the export walks every byte anyway, so it
  /// refuses text that would make an unparseable document, or one nested past the limit
  /// every reader of the catalog holds to, without parsing it a second time.
  ///
  /// - Throws: ``CanonicalTextError`` at the first byte that is not canonical compact JSON,
  ///   or nesting deeper than `maxDepth`; `out` then holds a partial copy.
  public static func reindent(
    checking canonical: UnsafeBufferPointer<UInt8>, level: Int,
    maxDepth: Int = JSONReader.defaultMaxDepth, into out: inout [UInt8]
  ) throws(CanonicalTextError) {
    if let error = reindent(canonical, level: level, maxDepth: maxDepth, into: &out) {
      throw error
    }
  }

  /// Checks that `text` is canonical compact JSON nested at most `maxDepth` deep: what
  /// ``reindent(checking:level:maxDepth:into:)`` checks, without writing anything (a read
  /// that hands a stored payload on, `catalog doctor`).
  ///
  /// - Throws: ``CanonicalTextError`` at the first byte that is not.
  public static func checkCanonical(
    _ text: UnsafeBufferPointer<UInt8>, maxDepth: Int = JSONReader.defaultMaxDepth
  ) throws(CanonicalTextError) {
    guard let base = text.baseAddress, !text.isEmpty else {
      throw CanonicalTextError(.unexpectedEnd, offset: 0)
    }
    var sink = DiscardingReindentSink()
    var nothing: [UInt8] = []
    if let error = walk(base, text.count, level: 0, maxDepth: maxDepth, into: &sink, out: &nothing)
    {
      throw error
    }
  }

  private static func reindent(
    _ canonical: UnsafeBufferPointer<UInt8>, level: Int, maxDepth: Int, into out: inout [UInt8]
  ) -> CanonicalTextError? {
    guard let base = canonical.baseAddress, !canonical.isEmpty else {
      return CanonicalTextError(.unexpectedEnd, offset: 0)
    }
    // Output goes through a small buffer on the stack and into `out` in chunks: appending
    // each run of a few bytes to the array cost more than finding the runs. The indentation
    // is cut from one static buffer, looked up once per call rather than once per line.
    return newlineAndSpaces.withUnsafeBufferPointer { spaces in
      // 4096 bytes and the slack a word-at-a-time copy may overrun into.
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4096 + 8) { chunk in
        guard let start = chunk.baseAddress, let spaces = spaces.baseAddress else { return nil }
        var writer = ChunkWriter(chunk: start, capacity: 4096, spaces: spaces)
        let error = walk(
          base, canonical.count, level: level, maxDepth: maxDepth, into: &writer, out: &out)
        writer.flush(into: &out)
        return error
      }
    }
  }

  /// Bytes gathered in a fixed buffer and appended to an array when it fills.
  private struct ChunkWriter: ReindentSink {
    let chunk: UnsafeMutablePointer<UInt8>
    let capacity: Int
    /// "\n" and `newlineAndSpacesWidth - 1` spaces, and eight more to read past them.
    let spaces: UnsafePointer<UInt8>
    var count = 0

    /// Appends `length` bytes from `bytes`; `readable` bytes may be read there (at least
    /// `length`): with eight more than `length` the copy runs a word at a time.
    @inline(__always)
    mutating func write(
      _ bytes: UnsafePointer<UInt8>, _ length: Int, readable: Int, out: inout [UInt8]
    ) {
      if count + length > capacity {
        flush(into: &out)
        if length > capacity {
          out.append(contentsOf: UnsafeBufferPointer(start: bytes, count: length))
          return
        }
      }
      // Runs between structural characters are mostly a few bytes: copied here eight
      // bytes at a time rather than through a call to memmove. The last word may run past
      // the run, into the chunk's slack; those bytes are overwritten or never flushed.
      let target = chunk + count
      if length <= 64 && length + 8 <= readable {
        var k = 0
        while k < length {
          UnsafeMutableRawPointer(target + k).storeBytes(
            of: UnsafeRawPointer(bytes + k).loadUnaligned(as: UInt64.self), as: UInt64.self)
          k += 8
        }
      } else {
        target.update(from: bytes, count: length)
      }
      count += length
    }

    @inline(__always)
    mutating func write(_ byte: UInt8, out: inout [UInt8]) {
      if count == capacity { flush(into: &out) }
      chunk[count] = byte
      count += 1
    }

    /// A newline and `2 × depth` spaces of indentation.
    @inline(__always)
    mutating func newline(depth: Int, out: inout [UInt8]) {
      let width = 1 + 2 * depth
      if width <= newlineAndSpacesWidth {
        write(spaces, width, readable: newlineAndSpacesWidth + 8, out: &out)
      } else {
        write(0x0A, out: &out)
        for _ in 0..<2 * depth { write(0x20, out: &out) }
      }
    }

    mutating func flush(into out: inout [UInt8]) {
      out.append(contentsOf: UnsafeBufferPointer(start: chunk, count: count))
      count = 0
    }
  }

  /// What the walk expects next: a value, an object's key, the colon after a key, or what
  /// follows a value (a comma, a closing bracket, the end).
  private enum Expect { case value, key, colon, next }

  /// The one walk of canonical text: copies it into `writer` indented, and checks it as it
  /// goes, without recursion (a stored payload can nest arbitrarily deep). On a problem the
  /// rest of the text is copied as it is and the problem returned.
  private static func walk<Sink: ReindentSink>(
    _ base: UnsafePointer<UInt8>, _ count: Int, level: Int, maxDepth: Int,
    into writer: inout Sink, out: inout [UInt8]
  ) -> CanonicalTextError? {
    var depth = level
    var containers = ContainerStack()
    var expect = Expect.value
    var failure: CanonicalTextError.Code?
    var i = 0
    var runStart = 0
    walk: while i < count {
      let byte = base[i]
      switch byte {
      case 0x22:
        guard expect == .value || expect == .key else {
          failure = .unexpectedByte(byte)
          break walk
        }
        expect = expect == .key ? .colon : .next
        // Copy the string through its closing quote; eight bytes at a time up to the next
        // quote, backslash, control character or non-ASCII byte, which are checked here.
        i += 1
        while true {
          while i + 8 <= count {
            // An unaligned load of eight bytes of the text (i + 8 <= count).
            let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            let found =
              zeroBytes(word ^ 0x2222_2222_2222_2222) | zeroBytes(word ^ 0x5C5C_5C5C_5C5C_5C5C)
              | (word &- 0x2020_2020_2020_2020) & ~word & 0x8080_8080_8080_8080  // below 0x20
              | word & 0x8080_8080_8080_8080  // non-ASCII
            if found != 0 {
              i += found.trailingZeroBitCount / 8  // the first such byte
              break
            }
            i += 8
          }
          guard i < count else {
            failure = .unexpectedEnd
            break walk
          }
          let c = base[i]
          if c == 0x22 {
            i += 1
            break
          } else if c == 0x5C {
            guard let length = canonicalEscapeLength(base + i, count - i) else {
              failure = .invalidEscape
              break walk
            }
            i += length
          } else if c < 0x20 {
            failure = .unexpectedByte(c)
            break walk
          } else if c >= 0x80 {
            guard let length = utf8Length(base + i, count - i) else {
              failure = .invalidUTF8
              break walk
            }
            i += length
          } else {
            i += 1
          }
        }
        continue
      case 0x7B, 0x5B:
        guard expect == .value else {
          failure = .unexpectedByte(byte)
          break walk
        }
        // An empty container is a level too, as the reader counts it.
        guard containers.depth < maxDepth else {
          failure = .tooDeep(limit: maxDepth)
          break walk
        }
        writer.write(base + runStart, i + 1 - runStart, readable: count - runStart, out: &out)
        expect = .next
        if i + 1 < count, base[i + 1] == byte + 2 {  // '{'+2 == '}', '['+2 == ']'
          writer.write(byte + 2, out: &out)
          i += 2
          runStart = i
          continue
        }
        containers.push(isObject: byte == 0x7B)
        expect = byte == 0x7B ? .key : .value
        depth += 1
        writer.newline(depth: depth, out: &out)
        i += 1
        runStart = i
      case 0x7D, 0x5D:
        guard expect == .next, containers.depth > 0, containers.topIsObject == (byte == 0x7D)
        else {
          failure = .unexpectedByte(byte)
          break walk
        }
        containers.pop()
        writer.write(base + runStart, i - runStart, readable: count - runStart, out: &out)
        depth -= 1
        writer.newline(depth: depth, out: &out)
        writer.write(byte, out: &out)
        i += 1
        runStart = i
      case 0x2C:
        guard expect == .next, containers.depth > 0 else {
          failure = .unexpectedByte(byte)
          break walk
        }
        expect = containers.topIsObject ? .key : .value
        writer.write(base + runStart, i + 1 - runStart, readable: count - runStart, out: &out)
        writer.newline(depth: depth, out: &out)
        i += 1
        runStart = i
      case 0x3A:
        guard expect == .colon else {
          failure = .unexpectedByte(byte)
          break walk
        }
        expect = .value
        writer.write(base + runStart, i + 1 - runStart, readable: count - runStart, out: &out)
        writer.write(0x20, out: &out)
        i += 1
        runStart = i
      default:
        // A number or literal: none of its bytes (digits, `-+.eE`, letters) is structural.
        guard expect == .value, isTokenByte(byte) else {
          failure = .unexpectedByte(byte)
          break walk
        }
        // Checked in one pass as it is passed over (its bytes go out with the run): the
        // grammar's longest prefix, which must then end the token.
        let start = i
        let end = byte >= 0x61 ? literalEnd(base, i, count) : numberEnd(base, i, count)
        guard let end, end == count || !isTokenByte(base[end]) else {
          failure = byte >= 0x61 ? .invalidLiteral : .invalidNumber
          i = start
          break walk
        }
        i = end
        expect = .next
      }
    }
    if failure == nil, expect != .next || containers.depth > 0 {
      failure = .unexpectedEnd
    }
    writer.write(base + runStart, count - runStart, readable: count - runStart, out: &out)
    return failure.map { CanonicalTextError($0, offset: min(i, count)) }
  }

  /// Whether `byte` may be part of a number or literal: `+-./0-9`, `E`, `a-z`.
  @inline(__always)
  private static func isTokenByte(_ byte: UInt8) -> Bool {
    (byte >= 0x2D && byte <= 0x39) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x2B
      || byte == 0x45
  }

  /// The index just after the literal (`true`, `false`, `null`) at `i`, or nil when the
  /// bytes there are not one. Compared four bytes at a time.
  @inline(__always)
  private static func literalEnd(_ base: UnsafePointer<UInt8>, _ i: Int, _ count: Int) -> Int? {
    guard i + 4 <= count else { return nil }
    let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt32.self)
    // Little-endian words of "true", "null", and "fals" (then "e").
    if word == UInt32(littleEndian: 0x6575_7274) || word == UInt32(littleEndian: 0x6C6C_756E) {
      return i + 4
    }
    if word == UInt32(littleEndian: 0x736C_6166), i + 5 <= count, base[i + 4] == 0x65 {
      return i + 5
    }
    return nil
  }

  /// The index just after the longest number of JSON's grammar at `i`
  /// (`-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`), or nil when none starts
  /// there or a fraction or exponent is left without digits.
  @inline(__always)
  private static func numberEnd(_ base: UnsafePointer<UInt8>, _ i: Int, _ count: Int) -> Int? {
    @inline(__always) func isDigit(_ k: Int) -> Bool { k < count && base[k] &- 0x30 < 10 }
    var k = i
    if base[k] == 0x2D { k += 1 }
    guard isDigit(k) else { return nil }
    if base[k] == 0x30 {
      k += 1
    } else {
      repeat { k += 1 } while isDigit(k)
    }
    if k < count, base[k] == 0x2E {
      k += 1
      guard isDigit(k) else { return nil }
      repeat { k += 1 } while isDigit(k)
    }
    if k < count, base[k] | 0x20 == 0x65 {
      k += 1
      if k < count, base[k] == 0x2B || base[k] == 0x2D { k += 1 }
      guard isDigit(k) else { return nil }
      repeat { k += 1 } while isDigit(k)
    }
    return k
  }

  /// The length of the escape at `p` (a backslash) when it is one the canonical form writes
  /// (``appendEscaped(_:to:)``): a short escape, or `\u00XX` in lowercase for a control
  /// character without one; nil otherwise.
  private static func canonicalEscapeLength(_ p: UnsafePointer<UInt8>, _ available: Int) -> Int? {
    guard available >= 2 else { return nil }
    let letter = p[1]
    if letter != 0x75 {
      return letter < 0x80 && letter != 0x2F && unescapedBytes[Int(letter)] != nil ? 2 : nil
    }
    guard available >= 6, p[2] == 0x30, p[3] == 0x30, p[4] == 0x30 || p[4] == 0x31 else {
      return nil
    }
    let low = p[5]
    let nibble: UInt8
    switch low {
    case 0x30...0x39: nibble = low - 0x30
    case 0x61...0x66: nibble = low - 0x61 + 10
    default: return nil
    }
    let byte = (p[4] - 0x30) << 4 | nibble
    return escapeLetters[Int(byte)] == nil ? 6 : nil
  }

  /// The length of the UTF-8 sequence at `p` (a byte of 0x80 or above), or nil when it is
  /// not well formed (RFC 3629: no overlong forms, no surrogates, nothing past U+10FFFF).
  private static func utf8Length(_ p: UnsafePointer<UInt8>, _ available: Int) -> Int? {
    func continuation(_ k: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> Bool {
      k < available && p[k] >= low && p[k] <= high
    }
    switch p[0] {
    case 0xC2...0xDF: return continuation(1) ? 2 : nil
    case 0xE0: return continuation(1, 0xA0) && continuation(2) ? 3 : nil
    case 0xED: return continuation(1, 0x80, 0x9F) && continuation(2) ? 3 : nil
    case 0xE1...0xEF: return continuation(1) && continuation(2) ? 3 : nil
    case 0xF0: return continuation(1, 0x90) && continuation(2) && continuation(3) ? 4 : nil
    case 0xF1...0xF3: return continuation(1) && continuation(2) && continuation(3) ? 4 : nil
    case 0xF4: return continuation(1, 0x80, 0x8F) && continuation(2) && continuation(3) ? 4 : nil
    default: return nil
    }
  }

  /// The high bit of each zero byte of `x`; the lowest bit set always marks the first zero
  /// byte (the borrow can flag only bytes above a true zero).
  @inline(__always)
  private static func zeroBytes(_ x: UInt64) -> UInt64 {
    (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080
  }

  /// "\n" and 128 spaces, to cut indentation from (and eight more for a copy's overrun).
  private static let newlineAndSpaces: [UInt8] =
    [0x0A] + [UInt8](repeating: 0x20, count: 128 + 8)
  private static let newlineAndSpacesWidth = 129

}

/// Where ``JSONWriter``'s walk of canonical text puts the indented copy.
private protocol ReindentSink {
  mutating func write(
    _ bytes: UnsafePointer<UInt8>, _ length: Int, readable: Int, out: inout [UInt8])
  mutating func write(_ byte: UInt8, out: inout [UInt8])
  mutating func newline(depth: Int, out: inout [UInt8])
}

/// A sink that keeps nothing: the walk only checks (``JSONWriter/checkCanonical(_:maxDepth:)``).
private struct DiscardingReindentSink: ReindentSink {
  @inline(__always)
  mutating func write(
    _ bytes: UnsafePointer<UInt8>, _ length: Int, readable: Int, out: inout [UInt8]
  ) {}
  @inline(__always)
  mutating func write(_ byte: UInt8, out: inout [UInt8]) {}
  @inline(__always)
  mutating func newline(depth: Int, out: inout [UInt8]) {}
}

/// Whether each open container of the walk is an object, a bit per level: the first 64 in a
/// word, so that a payload of ordinary depth allocates nothing.
private struct ContainerStack {
  private(set) var depth = 0
  private var low: UInt64 = 0
  private var high: [UInt64] = []

  @inline(__always)
  mutating func push(isObject: Bool) {
    let bit: UInt64 = isObject ? 1 : 0
    if depth < 64 {
      low = low & ~(1 << depth) | bit << depth
    } else {
      let index = depth - 64
      if index / 64 == high.count { high.append(0) }
      high[index / 64] = high[index / 64] & ~(1 << (index % 64)) | bit << (index % 64)
    }
    depth += 1
  }

  @inline(__always)
  mutating func pop() { depth -= 1 }

  /// Whether the innermost open container is an object (`depth` > 0).
  @inline(__always)
  var topIsObject: Bool {
    let level = depth - 1
    if level < 64 { return low >> level & 1 == 1 }
    let index = level - 64
    return high[index / 64] >> (index % 64) & 1 == 1
  }
}
