#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A byte-level RFC 8259 reader that keeps member order and number text, reports every
/// error with its line and column, and reads from memory or streams from a file descriptor
/// with a fixed-size buffer.
///
/// It produces values in two forms:
/// - ``readValue()`` builds a ``JSONValue`` tree;
/// - ``transcodeValue(into:)`` validates a value and appends its *canonical compact text* to a
///   byte buffer without building a tree: no whitespace, members in order, numbers as
///   written, strings escaped the way ``JSONWriter`` escapes them. The catalog stores and
///   compares payloads in this form, so equal payloads have equal bytes.
///
/// Duplicate keys inside one object are reported as document errors (RFC 8259 allows them,
/// but a catalog cannot keep both). Nesting deeper than ``maxDepth`` is an error, found
/// without recursion, so no input can overflow the stack. Invalid UTF-8 is invalid JSON.
/// A UTF-8 byte order mark at the start of the text is skipped.
///
/// The reader is a single-use, single-thread object.
public final class JSONReader {
  /// Where bytes come from.
  private enum Source {
    case memory
    case fileDescriptor(Int32)
  }

  /// The deepest nesting any part of the product accepts, and the default: the `--max-depth`
  /// of every command is at most this, ``DocumentLimits`` too, and every command (show,
  /// blame, patch, diff, check, export, import of an export) handles a catalog nested this
  /// deep. The recursive parts (this reader, the writer, the differ, the patch engine) use
  /// about 3 KiB of stack per level in a debug build, so 1000 levels fit in half of an
  /// 8 MiB main-thread stack.
  public static let defaultMaxDepth = 1000
  public static let defaultMaxSize = 1 << 30

  /// The deepest nesting of arrays and objects accepted.
  public let maxDepth: Int
  /// The largest input accepted, in bytes.
  public let maxSize: Int

  private let source: Source
  // `buffer`, `end`, `index` and `depth` are internal, not private, for the fast transcoder
  // in JSONReader+FastTranscode.swift; nothing outside the reader's two files touches them.
  var buffer: UnsafeMutablePointer<UInt8>
  private let capacity: Int
  /// Number of valid bytes in `buffer`.
  var end = 0
  /// The next byte to read.
  var index = 0
  /// Absolute offset of `buffer[0]`.
  private var bufferOffset = 0
  private var atEOF = false
  var depth = 0
  /// Line/column bookkeeping: the position of `buffer[trackIndex]`.
  private var trackIndex = 0
  private var trackLine = 1
  private var trackColumn = 1
  /// The latest mark (an absolute offset; -1 for none) and, once its bytes have left the
  /// buffer, its position.
  private var lastMark = -1
  private var lastMarkPosition: SourcePosition?
  private var readError: Int32?
  /// The keys of the objects being transcoded, innermost last, as ranges of the output: one
  /// stack for all nesting levels, so that checking for duplicate keys allocates nothing per
  /// object.
  private var keyStack: [Range<Int>] = []
  /// The fast transcoder's output and key bookkeeping, kept from value to value.
  var fastScratch = FastTranscodeScratch()
  /// The absolute offset of the quote of the string read last, and its position once a
  /// refill has dropped it from the buffer.
  private var openString = -1
  private var openStringPosition: SourcePosition?
  /// The last bytes before the buffer and the position of the first of them.
  private var previousTail: [UInt8] = []
  private var previousTailPosition: SourcePosition?

  /// A reader over bytes in memory.
  public init(
    bytes: some Collection<UInt8>, maxDepth: Int = JSONReader.defaultMaxDepth,
    maxSize: Int = JSONReader.defaultMaxSize
  ) {
    self.source = .memory
    self.maxDepth = maxDepth
    self.maxSize = maxSize
    self.capacity = max(bytes.count, 1)
    self.buffer = .allocate(capacity: capacity)
    let initialized = UnsafeMutableBufferPointer(start: buffer, count: capacity)
      .initialize(fromContentsOf: bytes)
    self.end = min(initialized, maxSize)
    self.atEOF = true
    if initialized > maxSize { readError = EFBIG }
    skipByteOrderMark()
  }

  /// A reader over UTF-8 text.
  public convenience init(string: String, maxDepth: Int = JSONReader.defaultMaxDepth) {
    self.init(bytes: Array(string.utf8), maxDepth: maxDepth)
  }

  /// A reader that streams from an open file descriptor (which the caller closes), holding at
  /// most `bufferSize` bytes of the input at a time.
  public init(
    fileDescriptor: Int32, bufferSize: Int = 1 << 18, maxDepth: Int = JSONReader.defaultMaxDepth,
    maxSize: Int = JSONReader.defaultMaxSize
  ) {
    self.source = .fileDescriptor(fileDescriptor)
    self.maxDepth = maxDepth
    self.maxSize = maxSize
    self.capacity = max(bufferSize, 16)
    self.buffer = .allocate(capacity: capacity)
    fill()
    skipByteOrderMark()
  }

  deinit {
    buffer.deallocate()
    fastScratch.deallocate()
  }

  /// How many bytes have been read so far (for progress reports).
  public var bytesConsumed: Int { bufferOffset + index }

  /// The position of the next byte to be read.
  public var currentPosition: SourcePosition { position(at: index) }

  // MARK: - Whole documents

  /// Reads one complete JSON text: a value, then nothing but whitespace.
  public func readDocument() throws(JSONDiagnostic) -> JSONValue {
    let value = try readValue()
    try expectEndOfInput()
    return value
  }

  /// Throws unless only whitespace remains.
  public func expectEndOfInput() throws(JSONDiagnostic) {
    skipWhitespace()
    let byte = peek()
    if byte >= 0 {
      throw syntaxError("unexpected \(describe(byte)) after the end of the JSON value")
    }
    try checkReadError()
  }

  // MARK: - Tree values

  /// Reads one value as a tree.
  public func readValue() throws(JSONDiagnostic) -> JSONValue {
    skipWhitespace()
    let byte = peek()
    switch byte {
    case 0x7B:  // {
      return try readObject()
    case 0x5B:  // [
      return try readArray()
    case 0x22:  // "
      return .string(try readString())
    case 0x74, 0x66, 0x6E:  // t f n
      return try readLiteral()
    case 0x2D, 0x30...0x39:  // - 0-9
      var text: [UInt8] = []
      try scanNumber(into: &text)
      return .number(JSONNumber(validatedText: String(decoding: text, as: UTF8.self)))
    default:
      throw unexpected(byte, expecting: "a JSON value")
    }
  }

  private func readObject() throws(JSONDiagnostic) -> JSONValue {
    let start = index
    try enterContainer(at: start)
    defer { depth -= 1 }
    advance()  // {
    var members: [JSONObject.Member] = []
    // Keys are compared by their UTF-8 bytes, as the transcoder compares them (RFC 8259
    // section 8.3): "\u00e9" and "e\u0301" are two keys, though Swift's == calls them equal.
    var seen: Set<[UInt8]> = []
    skipWhitespace()
    if peek() == 0x7D {
      advance()
      return .object(JSONObject(members))
    }
    while true {
      skipWhitespace()
      let keyStart = bytesConsumed
      guard peek() == 0x22 else { throw unexpected(peek(), expecting: "a string key") }
      let key = try readString()
      let isDuplicate =
        members.count < 16
        ? members.contains { $0.key.utf8.elementsEqual(key.utf8) } : seen.contains(Array(key.utf8))
      if isDuplicate {
        throw documentError(at: keyStart, "duplicate key \(quoted(key))")
      }
      if members.count == 15 { seen = Set(members.map { Array($0.key.utf8) }) }
      if members.count >= 15 { seen.insert(Array(key.utf8)) }
      try expectColon()
      do {
        members.append(.init(key: key, value: try readValue()))
      } catch {
        throw error.prepending(key)
      }
      if try endOfContainer(close: 0x7D, what: "an object member") { break }
    }
    return .object(JSONObject(members))
  }

  private func readArray() throws(JSONDiagnostic) -> JSONValue {
    try enterContainer(at: index)
    defer { depth -= 1 }
    advance()  // [
    var elements: [JSONValue] = []
    skipWhitespace()
    if peek() == 0x5D {
      advance()
      return .array(elements)
    }
    while true {
      do {
        elements.append(try readValue())
      } catch {
        throw error.prepending(String(elements.count))
      }
      if try endOfContainer(close: 0x5D, what: "an array element") { break }
    }
    return .array(elements)
  }

  /// Reads a string token and returns its value.
  public func readString() throws(JSONDiagnostic) -> String {
    var bytes: [UInt8] = []
    try scanString(into: &bytes, canonical: false)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Reads a string token (its opening quote is next) and appends the UTF-8 of its value to
  /// `bytes`: ``readString()`` without making a `String`.
  public func readString(into bytes: inout [UInt8]) throws(JSONDiagnostic) {
    try scanString(into: &bytes, canonical: false)
  }

  private func readLiteral() throws(JSONDiagnostic) -> JSONValue {
    switch peek() {
    case 0x74:
      try expectLiteral("true")
      return .bool(true)
    case 0x66:
      try expectLiteral("false")
      return .bool(false)
    default:
      try expectLiteral("null")
      return .null
    }
  }

  // MARK: - Canonical transcoding

  /// Reads one value and appends its canonical compact text to `out`.
  ///
  /// Most values take the fast path (``fastTranscodeValue(into:)``), a single pass over the
  /// buffered bytes; a value it cannot finish there is read again from its start by the
  /// general transcoder below, which reports any error.
  public func transcodeValue(into out: inout [UInt8]) throws(JSONDiagnostic) {
    skipWhitespace()
    if fastTranscodeValue(into: &out) { return }
    try transcodeValueSlowly(into: &out)
  }

  /// The general transcoder: any value, across buffer refills, with exact diagnostics.
  private func transcodeValueSlowly(into out: inout [UInt8]) throws(JSONDiagnostic) {
    skipWhitespace()
    let byte = peek()
    switch byte {
    case 0x7B:
      try transcodeObject(into: &out)
    case 0x5B:
      try transcodeArray(into: &out)
    case 0x22:
      try scanString(into: &out, canonical: true)
    case 0x74:
      try expectLiteral("true")
      out.append(contentsOf: [0x74, 0x72, 0x75, 0x65])
    case 0x66:
      try expectLiteral("false")
      out.append(contentsOf: [0x66, 0x61, 0x6C, 0x73, 0x65])
    case 0x6E:
      try expectLiteral("null")
      out.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])
    case 0x2D, 0x30...0x39:
      try scanNumber(into: &out)
    default:
      throw unexpected(byte, expecting: "a JSON value")
    }
  }

  private func transcodeObject(into out: inout [UInt8]) throws(JSONDiagnostic) {
    try enterContainer(at: index)
    defer { depth -= 1 }
    advance()
    out.append(0x7B)
    skipWhitespace()
    if peek() == 0x7D {
      advance()
      out.append(0x7D)
      return
    }
    // Keys are compared as canonical bytes: equal strings have equal canonical text. The
    // first 16 keys are compared one by one; a larger object also gets a set.
    let stackBase = keyStack.count
    defer { keyStack.removeSubrange(stackBase...) }
    var keySet = ByteRangeSet()
    var first = true
    while true {
      if !first { out.append(0x2C) }
      first = false
      skipWhitespace()
      let keyStart = bytesConsumed
      guard peek() == 0x22 else { throw unexpected(peek(), expecting: "a string key") }
      let outKeyStart = out.count
      try scanString(into: &out, canonical: true)
      let range = outKeyStart..<out.count
      let isDuplicate: Bool
      let count = keyStack.count - stackBase
      if count < 16 {
        isDuplicate = Self.contains(range, among: keyStack[stackBase...], in: out)
        keyStack.append(range)
        if count == 15 {
          out.withUnsafeBufferPointer { bytes in
            for other in keyStack[stackBase...] { _ = keySet.insert(other, of: bytes) }
          }
        }
      } else {
        isDuplicate = out.withUnsafeBufferPointer { !keySet.insert(range, of: $0) }
      }
      if isDuplicate {
        let name = String(decoding: out[range].dropFirst().dropLast(), as: UTF8.self)
        throw documentError(at: keyStart, "duplicate key \"\(name)\"")
      }
      try expectColon()
      out.append(0x3A)
      do {
        try transcodeValueSlowly(into: &out)
      } catch {
        throw error.prepending(canonicalKey: out[range])
      }
      if try endOfContainer(close: 0x7D, what: "an object member") { break }
    }
    out.append(0x7D)
  }

  /// Whether the bytes of `out[key]` equal those of one of `ranges`.
  private static func contains(
    _ key: Range<Int>, among ranges: ArraySlice<Range<Int>>, in out: [UInt8]
  ) -> Bool {
    out.withUnsafeBufferPointer { bytes in
      guard let base = bytes.baseAddress else { return false }
      return ranges.contains { other in
        other.count == key.count
          && memcmp(base + other.lowerBound, base + key.lowerBound, key.count) == 0
      }
    }
  }

  private func transcodeArray(into out: inout [UInt8]) throws(JSONDiagnostic) {
    try enterContainer(at: index)
    defer { depth -= 1 }
    advance()
    out.append(0x5B)
    skipWhitespace()
    if peek() == 0x5D {
      advance()
      out.append(0x5D)
      return
    }
    var count = 0
    while true {
      if count > 0 { out.append(0x2C) }
      do {
        try transcodeValueSlowly(into: &out)
      } catch {
        throw error.prepending(String(count))
      }
      count += 1
      if try endOfContainer(close: 0x5D, what: "an array element") { break }
    }
    out.append(0x5D)
  }

  // MARK: - Structure helpers for streaming readers

  /// Skips whitespace and returns the next byte without consuming it, or -1 at the end.
  public func peekAfterWhitespace() -> Int {
    skipWhitespace()
    return peek()
  }

  /// Consumes `{` or `[` for a container a caller walks member by member, counting its depth.
  public func beginContainer(_ open: UInt8) throws(JSONDiagnostic) {
    skipWhitespace()
    guard peek() == Int(open) else {
      throw unexpected(peek(), expecting: open == 0x7B ? "'{'" : "'['")
    }
    try enterContainer(at: index)
    advance()
  }

  /// After `beginContainer`: `true` if the container is empty (and consumes its close).
  public func isEmptyContainer(close: UInt8) -> Bool {
    skipWhitespace()
    if peek() == Int(close) {
      advance()
      depth -= 1
      return true
    }
    return false
  }

  /// After a member or element: consumes `,` (returns `false`) or the close (returns `true`).
  public func endOfContainer(close: UInt8, what: String) throws(JSONDiagnostic) -> Bool {
    skipWhitespace()
    let byte = peek()
    if byte == 0x2C {
      advance()
      return false
    }
    if byte == Int(close) {
      advance()
      return true
    }
    let closeName = close == 0x7D ? "'}'" : "']'"
    throw unexpected(byte, expecting: "',' or \(closeName) after \(what)")
  }

  /// Closes a container walked with `beginContainer`; pair with `endOfContainer` returning true.
  public func leaveContainer() {
    depth -= 1
  }

  /// Reads `"key"` and the `:` after it.
  public func readKey() throws(JSONDiagnostic) -> String {
    skipWhitespace()
    guard peek() == 0x22 else { throw unexpected(peek(), expecting: "a string key") }
    let key = try readString()
    try expectColon()
    return key
  }

  /// Reads `"key"` and the `:` after it, appending the key's UTF-8 to `bytes`: ``readKey()``
  /// without making a `String`.
  public func readKey(into bytes: inout [UInt8]) throws(JSONDiagnostic) {
    skipWhitespace()
    guard peek() == 0x22 else { throw unexpected(peek(), expecting: "a string key") }
    try scanString(into: &bytes, canonical: false)
    try expectColon()
  }

  /// Skips whitespace and returns the position of the next token.
  public func positionOfNextToken() -> SourcePosition {
    skipWhitespace()
    return position(at: index)
  }

  /// A place in the input, taken without working out its line and column.
  public struct Mark: Sendable, Hashable {
    /// The absolute byte offset.
    public let offset: Int
  }

  /// Skips whitespace and marks the next token: ``positionOfNextToken()`` for a position
  /// that is needed only if something turns out to be wrong there.
  ///
  /// Lines and columns are then counted in bulk as the buffer is consumed rather than for
  /// every member of every entry. The most recent mark stays resolvable after the buffer
  /// refills (its position is taken just before the bytes go); an older one is resolvable
  /// while its bytes are still in the buffer and no later position has been asked for.
  public func markOfNextToken() -> Mark {
    skipWhitespace()
    lastMark = bufferOffset + index
    lastMarkPosition = nil
    return Mark(offset: lastMark)
  }

  /// The position of a mark (see ``markOfNextToken()``).
  public func position(of mark: Mark) -> SourcePosition {
    if mark.offset == lastMark, let known = lastMarkPosition { return known }
    return position(atAbsolute: mark.offset)
  }

  // MARK: - Tokens

  private func expectColon() throws(JSONDiagnostic) {
    skipWhitespace()
    guard peek() == 0x3A else { throw unexpected(peek(), expecting: "':' after an object key") }
    advance()
  }

  private func expectLiteral(_ literal: StaticString) throws(JSONDiagnostic) {
    let start = bytesConsumed
    let base = literal.utf8Start
    for i in 0..<literal.utf8CodeUnitCount {
      let byte = peek()
      guard byte == Int(base[i]) else {
        if byte < 0 { try checkReadError() }
        throw syntaxError(
          at: byte < 0 ? bytesConsumed : start,
          byte < 0
            ? "unexpected end of input in '\(literal)'" : "invalid literal; expected '\(literal)'")
      }
      advance()
    }
  }

  /// Scans a number, appending its text to `out` unchanged.
  private func scanNumber(into out: inout [UInt8]) throws(JSONDiagnostic) {
    func digit(_ byte: Int) -> Bool { byte >= 0x30 && byte <= 0x39 }
    func copyDigits(_ out: inout [UInt8]) -> Int {
      var count = 0
      while true {
        let runStart = index
        while index < end, buffer[index] &- 0x30 < 10 { index += 1 }
        if index > runStart {
          out.append(
            contentsOf: UnsafeBufferPointer(start: buffer + runStart, count: index - runStart))
          count += index - runStart
        }
        // A number may continue in the next chunk of a streamed input.
        if index < end || !refill() { return count }
      }
    }
    if peek() == 0x2D {
      out.append(0x2D)
      advance()
    }
    let first = peek()
    if first == 0x30 {
      out.append(0x30)
      advance()
      if digit(peek()) { throw syntaxError("invalid number: leading zeros are not allowed") }
    } else if digit(first) {
      _ = copyDigits(&out)
    } else {
      throw unexpected(first, expecting: "a digit in number")
    }
    if peek() == 0x2E {
      out.append(0x2E)
      advance()
      if copyDigits(&out) == 0 {
        throw unexpected(peek(), expecting: "a digit after the decimal point")
      }
    }
    let e = peek()
    if e == 0x65 || e == 0x45 {
      out.append(UInt8(e))
      advance()
      let sign = peek()
      if sign == 0x2B || sign == 0x2D {
        out.append(UInt8(sign))
        advance()
      }
      if copyDigits(&out) == 0 { throw unexpected(peek(), expecting: "a digit in the exponent") }
    }
  }

  /// Scans a string token (the opening quote is next) and appends its contents to `out`:
  /// with `canonical`, as canonical JSON string text including quotes; otherwise as the raw
  /// UTF-8 of the decoded value.
  private func scanString(into out: inout [UInt8], canonical: Bool) throws(JSONDiagnostic) {
    let start = bytesConsumed
    openString = start
    advance()  // "
    if canonical { out.append(0x22) }
    // A lone surrogate is reported after the closing quote, so that a syntax error later in
    // the same string is reported as one.
    var loneSurrogate: JSONDiagnostic?
    // A high surrogate escape waiting for its low half: (value, escape position).
    var pendingHigh: (scalar: UInt32, at: Int)?
    func flushPendingHigh() {
      if let high = pendingHigh, loneSurrogate == nil {
        loneSurrogate = documentError(
          at: high.at,
          "string holds a lone surrogate \\u\(hex4(high.scalar)), which UTF-8 cannot represent")
      }
      pendingHigh = nil
    }
    while true {
      // Copy the longest run of bytes that need no attention.
      if index >= end {
        guard refill() else {
          try checkReadError()
          throw syntaxError(
            "unexpected end of input in a string that starts at \(position(atAbsolute: start))")
        }
      }
      let runStart = index
      index = Self.plainRunEnd(buffer, from: index, to: end)
      if index > runStart {
        flushPendingHigh()
        out.append(
          contentsOf: UnsafeBufferPointer(start: buffer + runStart, count: index - runStart))
        continue
      }
      let byte = buffer[index]
      if byte == 0x22 {
        index += 1
        flushPendingHigh()
        if let loneSurrogate { throw loneSurrogate }
        if canonical { out.append(0x22) }
        return
      }
      if byte == 0x5C {
        let escapeStart = bytesConsumed
        switch try scanEscape() {
        case .character(let character):
          flushPendingHigh()
          if canonical && (character < 0x20 || character == 0x22 || character == 0x5C) {
            JSONWriter.appendEscaped(character, to: &out)
          } else {
            out.append(character)
          }
        case .unicode(let scalar):
          if (0xDC00...0xDFFF).contains(scalar), let high = pendingHigh {
            pendingHigh = nil
            appendScalar(
              0x10000 + ((high.scalar - 0xD800) << 10) + (scalar - 0xDC00), into: &out,
              canonical: canonical)
          } else {
            flushPendingHigh()
            if (0xD800...0xDBFF).contains(scalar) {
              pendingHigh = (scalar, escapeStart)
            } else if (0xDC00...0xDFFF).contains(scalar) {
              pendingHigh = (scalar, escapeStart)
              flushPendingHigh()
            } else {
              appendScalar(scalar, into: &out, canonical: canonical)
            }
          }
        }
      } else if byte < 0x20 {
        throw syntaxError(
          "unescaped control character U+\(hex4(UInt32(byte))) in string; write it as an escape")
      } else {
        flushPendingHigh()
        try copyMultibyteScalar(into: &out)
      }
    }
  }

  private enum Escape {
    /// A one-character escape, decoded: `\n` is 0x0A.
    case character(UInt8)
    /// A `\uXXXX` escape's UTF-16 code unit.
    case unicode(UInt32)
  }

  /// Scans one escape sequence (the backslash is next).
  private func scanEscape() throws(JSONDiagnostic) -> Escape {
    let escapeStart = bytesConsumed
    advance()  // backslash
    let byte = peek()
    advance()
    switch byte {
    case 0x22: return .character(0x22)
    case 0x5C: return .character(0x5C)
    case 0x2F: return .character(0x2F)
    case 0x62: return .character(0x08)
    case 0x66: return .character(0x0C)
    case 0x6E: return .character(0x0A)
    case 0x72: return .character(0x0D)
    case 0x74: return .character(0x09)
    case 0x75: return .unicode(try readHex4(escapeStart: escapeStart))
    default:
      if byte < 0 {
        try checkReadError()
        throw syntaxError("unexpected end of input in a string escape")
      }
      throw syntaxError(at: escapeStart, "invalid escape '\\\(printable(byte))' in string")
    }
  }

  private func readHex4(escapeStart: Int) throws(JSONDiagnostic) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = peek()
      let digit: Int
      switch byte {
      case 0x30...0x39: digit = byte - 0x30
      case 0x41...0x46: digit = byte - 0x41 + 10
      case 0x61...0x66: digit = byte - 0x61 + 10
      default:
        if byte < 0 { try checkReadError() }
        throw syntaxError(at: escapeStart, "invalid \\u escape: expected four hexadecimal digits")
      }
      value = value << 4 | UInt32(digit)
      advance()
    }
    return value
  }

  private func appendScalar(_ scalar: UInt32, into out: inout [UInt8], canonical: Bool) {
    if scalar < 0x20 || scalar == 0x22 || scalar == 0x5C {
      if canonical {
        JSONWriter.appendEscaped(UInt8(scalar), to: &out)
      } else {
        out.append(UInt8(scalar))
      }
      return
    }
    JSONWriter.appendUTF8(scalar, to: &out)
  }

  /// Validates one multi-byte UTF-8 sequence at `index` and copies it.
  private func copyMultibyteScalar(into out: inout [UInt8]) throws(JSONDiagnostic) {
    let start = bytesConsumed
    let lead = Int(buffer[index])
    let length: Int
    var minimum: UInt32
    var scalar: UInt32
    switch lead {
    case 0xC2...0xDF:
      length = 2
      minimum = 0x80
      scalar = UInt32(lead & 0x1F)
    case 0xE0...0xEF:
      length = 3
      minimum = 0x800
      scalar = UInt32(lead & 0x0F)
    case 0xF0...0xF4:
      length = 4
      minimum = 0x10000
      scalar = UInt32(lead & 0x07)
    default:
      throw syntaxError("invalid UTF-8: unexpected byte 0x\(hex2(lead))")
    }
    var bytes: [UInt8] = [UInt8(lead)]
    advance()
    for _ in 1..<length {
      let byte = peek()
      guard byte >= 0x80 && byte <= 0xBF else {
        if byte < 0 { try checkReadError() }
        throw syntaxError(
          at: start, "invalid UTF-8: truncated sequence starting with byte 0x\(hex2(lead))")
      }
      scalar = scalar << 6 | UInt32(byte & 0x3F)
      bytes.append(UInt8(byte))
      advance()
    }
    guard scalar >= minimum, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else {
      throw syntaxError(
        at: start,
        "invalid UTF-8: overlong, surrogate or out-of-range sequence starting with byte 0x\(hex2(lead))"
      )
    }
    out.append(contentsOf: bytes)
  }

  // MARK: - Depth

  private func enterContainer(at start: Int) throws(JSONDiagnostic) {
    depth += 1
    guard depth <= maxDepth else {
      let limitPosition = position(at: start)
      // Find out, without recursion, whether the rest is valid JSON at all: a syntax error
      // wins over the depth limit.
      try skipNestedIteratively()
      throw JSONDiagnostic(
        .invalidDocument, at: limitPosition,
        "nesting is deeper than \(maxDepth) levels (the --max-depth limit)")
    }
  }

  /// Validates the container that starts at `index` with an explicit stack.
  private func skipNestedIteratively() throws(JSONDiagnostic) {
    var stack: [UInt8] = []  // expected closing bytes
    var scratch: [UInt8] = []
    repeat {
      skipWhitespace()
      var byte = peek()
      // A value.
      switch byte {
      case 0x7B, 0x5B:
        advance()
        stack.append(byte == 0x7B ? 0x7D : 0x5D)
        skipWhitespace()
        if peek() == Int(stack[stack.count - 1]) {
          advance()
          stack.removeLast()
        } else {
          if stack.last == 0x7D {
            guard peek() == 0x22 else { throw unexpected(peek(), expecting: "a string key") }
            scratch.removeAll(keepingCapacity: true)
            try scanString(into: &scratch, canonical: false)
            try expectColon()
          }
          continue
        }
      case 0x22:
        scratch.removeAll(keepingCapacity: true)
        try scanString(into: &scratch, canonical: false)
      case 0x74, 0x66, 0x6E:
        _ = try readLiteral()
      case 0x2D, 0x30...0x39:
        scratch.removeAll(keepingCapacity: true)
        try scanNumber(into: &scratch)
      default:
        throw unexpected(byte, expecting: "a JSON value")
      }
      // After a value: close containers or move to the next member.
      while let close = stack.last {
        skipWhitespace()
        byte = peek()
        if byte == Int(close) {
          advance()
          stack.removeLast()
          continue
        }
        if byte == 0x2C {
          advance()
          if close == 0x7D {
            skipWhitespace()
            guard peek() == 0x22 else { throw unexpected(peek(), expecting: "a string key") }
            scratch.removeAll(keepingCapacity: true)
            try scanString(into: &scratch, canonical: false)
            try expectColon()
          }
          break
        }
        let closeName = close == 0x7D ? "'}'" : "']'"
        throw unexpected(byte, expecting: "',' or \(closeName)")
      }
    } while !stack.isEmpty
  }

  // MARK: - Buffer

  /// The byte at `index`, or -1 at the end of input.
  @inline(__always)
  private func peek() -> Int {
    if index < end { return Int(buffer[index]) }
    return refill() ? Int(buffer[index]) : -1
  }

  @inline(__always)
  private func advance() {
    index += 1
  }

  @inline(__always)
  private func skipWhitespace() {
    while true {
      while index < end {
        let byte = buffer[index]
        guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
        index += 1
      }
      guard refill() else { return }
    }
  }

  private func skipByteOrderMark() {
    if end - index >= 3, buffer[index] == 0xEF, buffer[index + 1] == 0xBB, buffer[index + 2] == 0xBF
    {
      index += 3
      trackIndex = 3
    }
  }

  /// Replaces the consumed buffer with the next bytes of the input. Returns `false` at the end.
  private func refill() -> Bool {
    guard index >= end, !atEOF else { return index < end }
    // Keep what errors about a token that began before the new buffer need: the latest
    // mark's position, the position of an open string's quote, and the last bytes of this
    // buffer with their position. Tracking only moves forward, so the earlier comes first.
    let quote = openString - bufferOffset
    let mark = lastMarkPosition == nil ? lastMark - bufferOffset : -1
    let quoteIsHere = quote >= trackIndex && quote < end
    if mark >= trackIndex && mark <= end && (!quoteIsHere || mark <= quote) {
      lastMarkPosition = position(at: mark)
    }
    if quoteIsHere { _ = position(at: quote + 1) }
    if lastMarkPosition == nil && mark >= trackIndex && mark <= end {
      lastMarkPosition = position(at: mark)
    }
    let tailStart = max(trackIndex, end - 16)
    let carried = tailStart == 0 ? min(previousTail.count, 16 - end) : 0
    if carried > 0 {
      // A short buffer: keep 16 bytes across it, for a token that spans several reads.
      previousTailPosition = position(atAbsolute: bufferOffset - carried)
      previousTail = previousTail.suffix(carried) + UnsafeBufferPointer(start: buffer, count: end)
    } else {
      previousTailPosition = position(at: tailStart)
      previousTail = Array(UnsafeBufferPointer(start: buffer + tailStart, count: end - tailStart))
    }
    advanceTracking(to: end)
    bufferOffset += end
    index = 0
    end = 0
    trackIndex = 0
    fill()
    return end > 0
  }

  private func fill() {
    guard case .fileDescriptor(let fd) = source else {
      atEOF = true
      return
    }
    while end < capacity {
      let count = read(fd, buffer + end, capacity - end)
      if count > 0 {
        end += count
        if bufferOffset + end > maxSize { break }
      } else if count == 0 {
        atEOF = true
        break
      } else if errno != EINTR {
        readError = errno
        atEOF = true
        break
      }
      if end > 0 { break }
    }
    if bufferOffset + end > maxSize {
      // Stop reading: the size error is raised at the first byte past the limit.
      end = max(0, maxSize - bufferOffset)
      atEOF = true
      readError = EFBIG
    }
  }

  private func checkReadError() throws(JSONDiagnostic) {
    guard let code = readError else { return }
    if code == EFBIG {
      throw JSONDiagnostic(
        .invalidDocument, at: position(at: index),
        "the document is larger than \(maxSize) bytes (the --max-size limit)")
    }
    throw JSONDiagnostic(
      .invalidDocument, at: position(at: index),
      "read error: \(String(cString: strerror(code)))")
  }

  // MARK: - Positions

  /// Moves the line/column bookkeeping forward to `target` (a buffer index).
  ///
  /// Every byte of the input passes through here once, so it counts newlines eight bytes at
  /// a time, and the column only from the last newline: a column is a Unicode scalar, so it
  /// counts the bytes that are not UTF-8 continuation bytes (`10xxxxxx`).
  private func advanceTracking(to target: Int) {
    guard target > trackIndex else { return }
    let start = trackIndex
    let bytes = UnsafeRawPointer(buffer)
    var newlines = 0
    var i = start
    // Unaligned loads of plain bytes inside the buffer's valid bytes (i + 8 <= target <= end).
    var counter = ByteLaneCounter()
    while i + 8 <= target {
      counter.add(Self.newlineBits(bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)))
      i += 8
    }
    newlines = counter.total
    while i < target {
      if bytes.load(fromByteOffset: i, as: UInt8.self) == 0x0A { newlines += 1 }
      i += 1
    }
    if newlines == 0 {
      trackColumn += Self.scalarCount(bytes, from: start, to: target)
    } else {
      trackLine += newlines
      var lineStart = target
      while bytes.load(fromByteOffset: lineStart - 1, as: UInt8.self) != 0x0A { lineStart -= 1 }
      trackColumn = 1 + Self.scalarCount(bytes, from: lineStart, to: target)
    }
    trackIndex = target
  }

  /// How many bytes of `bytes[from..<to]` begin a Unicode scalar (are not continuation
  /// bytes), eight at a time.
  private static func scalarCount(_ bytes: UnsafeRawPointer, from: Int, to: Int) -> Int {
    var i = from
    var continuations = ByteLaneCounter()
    while i + 8 <= to {
      let word = bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)
      // The high bit of each byte that is 10xxxxxx: bit 7 set and bit 6 (shifted up) clear.
      continuations.add(word & ~(word << 1) & 0x8080_8080_8080_8080)
      i += 8
    }
    var count = to - from - continuations.total
    while i < to {
      if bytes.load(fromByteOffset: i, as: UInt8.self) & 0xC0 == 0x80 { count -= 1 }
      i += 1
    }
    return count
  }

  /// The end of the run of bytes from `from` that need no attention in a string (not `"`,
  /// `\\`, a control character or a byte of a multi-byte character), eight at a time.
  private static func plainRunEnd(_ buffer: UnsafeMutablePointer<UInt8>, from: Int, to end: Int)
    -> Int
  {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let high: UInt64 = 0x8080_8080_8080_8080
    var i = from
    while i + 8 <= end {
      // An unaligned load of plain bytes inside the buffer's valid bytes.
      let word = UnsafeRawPointer(buffer + i).loadUnaligned(as: UInt64.self)
      let quote = word ^ (0x22 &* ones)
      let backslash = word ^ (0x5C &* ones)
      // The lowest bit set marks the first byte needing attention (zero-byte tests can flag
      // extra bytes only above a true one).
      let attention =
        (word & high) | ((quote &- ones) & ~quote & high)
        | ((backslash &- ones) & ~backslash & high) | ((word &- 0x20 &* ones) & ~word & high)
      if attention != 0 { return i + attention.trailingZeroBitCount / 8 }
      i += 8
    }
    while i < end {
      let byte = buffer[i]
      if byte == 0x22 || byte == 0x5C || byte < 0x20 || byte >= 0x80 { return i }
      i += 1
    }
    return end
  }

  /// The high bit of each byte of `word` that is a newline (exact: no borrow between bytes).
  @inline(__always)
  private static func newlineBits(_ word: UInt64) -> UInt64 {
    let lowBits: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    let x = word ^ 0x0A0A_0A0A_0A0A_0A0A
    return ~(((x & lowBits) &+ lowBits) | x | lowBits)
  }

  /// The position of buffer index `bufferIndex`, which must not be before earlier positions
  /// asked for in the same buffer.
  private func position(at bufferIndex: Int) -> SourcePosition {
    let target = min(max(bufferIndex, trackIndex), end)
    // Tracking only moves forward: note the open string's quote on the way past it.
    let quote = openString - bufferOffset
    if quote >= trackIndex && quote < target {
      advanceTracking(to: quote)
      openStringPosition = SourcePosition(line: trackLine, column: trackColumn, offset: openString)
    }
    advanceTracking(to: target)
    return SourcePosition(line: trackLine, column: trackColumn, offset: bufferOffset + target)
  }

  /// The position of an absolute offset: in the current buffer, in the last bytes of the
  /// previous one (a token that straddles a refill), or the start of the string being read
  /// when a refill happened inside it; otherwise the earliest position still known.
  private func position(atAbsolute offset: Int) -> SourcePosition {
    if let start = openStringPosition, start.offset == offset { return start }
    if offset >= bufferOffset { return position(at: offset - bufferOffset) }
    guard var position = previousTailPosition, offset >= position.offset else {
      return position(at: 0)
    }
    for byte in previousTail.prefix(offset - position.offset) {
      if byte == 0x0A {
        position.line += 1
        position.column = 1
      } else if byte & 0xC0 != 0x80 {
        position.column += 1
      }
    }
    position.offset = offset
    return position
  }

  // MARK: - Errors

  /// An invalid-JSON error at an absolute byte offset (the next byte by default).
  private func syntaxError(at offset: Int? = nil, _ message: String) -> JSONDiagnostic {
    JSONDiagnostic(.invalidJSON, at: position(atAbsolute: offset ?? bytesConsumed), message)
  }

  /// A document error at an absolute byte offset.
  private func documentError(at offset: Int, _ message: String) -> JSONDiagnostic {
    JSONDiagnostic(.invalidDocument, at: position(atAbsolute: offset), message)
  }

  /// An error for a byte that is not what the grammar allows here.
  private func unexpected(_ byte: Int, expecting expected: String) -> JSONDiagnostic {
    if byte < 0 {
      if let code = readError, code == EFBIG {
        return JSONDiagnostic(
          .invalidDocument, at: position(at: index),
          "the document is larger than \(maxSize) bytes (the --max-size limit)")
      }
      return syntaxError("unexpected end of input; expected \(expected)")
    }
    if byte >= 0x80 {
      return syntaxError("unexpected byte 0x\(hex2(byte)); expected \(expected)")
    }
    if let marker = conflictMarker(byte) {
      return syntaxError(ConflictMarkers.message(marker))
    }
    return syntaxError("unexpected \(describe(byte)); expected \(expected)")
  }

  /// The conflict marker (`<<<<<<<`, `=======` or `>>>>>>>`) that starts at the next byte,
  /// if that byte starts a line: what `catalog merge` and git leave in a file.
  private func conflictMarker(_ byte: Int) -> String? {
    guard byte == 0x3C || byte == 0x3D || byte == 0x3E,
      position(atAbsolute: bytesConsumed).column == 1
    else { return nil }
    let inBuffer = min(7, end - index)
    for k in 1..<inBuffer where Int(buffer[index + k]) != byte { return nil }
    if inBuffer < 7 {
      // The marker runs past this buffer: read the rest of it from the input, so that the
      // message does not depend on where a read ended. Reading stops at this error anyway.
      let rest = readAhead(7 - inBuffer)
      guard rest.count == 7 - inBuffer, rest.allSatisfy({ Int($0) == byte }) else { return nil }
    }
    return String(repeating: String(UnicodeScalar(UInt8(byte))), count: 7)
  }

  /// Up to `count` bytes that follow the buffer, read from the input for an error message;
  /// only for the error path, since the bytes are not kept for parsing.
  private func readAhead(_ count: Int) -> [UInt8] {
    guard case .fileDescriptor(let fd) = source, !atEOF else { return [] }
    var bytes = [UInt8](repeating: 0, count: count)
    var got = 0
    while got < count {
      let n = bytes.withUnsafeMutableBytes { raw -> Int in
        guard let base = raw.baseAddress else { return 0 }
        return read(fd, base + got, count - got)
      }
      if n > 0 {
        got += n
      } else if n < 0 && errno == EINTR {
        continue
      } else {
        break
      }
    }
    return Array(bytes.prefix(got))
  }

  private func describe(_ byte: Int) -> String {
    if byte >= 0x80 { return "byte 0x\(hex2(byte))" }
    return "character '\(printable(byte))'"
  }

  private func printable(_ byte: Int) -> String {
    if byte >= 0x21 && byte < 0x7F { return String(UnicodeScalar(UInt8(byte))) }
    return "U+\(hex4(UInt32(max(byte, 0))))"
  }

  private func quoted(_ key: String) -> String {
    var out: [UInt8] = []
    JSONWriter.appendString(key, to: &out)
    return String(decoding: out, as: UTF8.self)
  }
}

/// Counts flagged bytes (high bit set) in a stream of words without a population-count
/// instruction, which the default x86-64 target lacks (a software `nonzeroBitCount` costs
/// about fifteen instructions): each word adds one per flagged byte to eight byte lanes,
/// which are summed before any can overflow.
struct ByteLaneCounter {
  private var lanes: UInt64 = 0
  private var words = 0
  private var sum = 0

  /// Adds the flags of one word: bits other than each byte's high bit must be clear.
  @inline(__always)
  mutating func add(_ flags: UInt64) {
    lanes &+= flags >> 7
    words += 1
    if words == 255 { flush() }
  }

  @inline(__always)
  private mutating func flush() {
    // Pairs of byte lanes into 16-bit lanes (at most 510 each), then their sum.
    let pairs = (lanes & 0x00FF_00FF_00FF_00FF) &+ ((lanes >> 8) & 0x00FF_00FF_00FF_00FF)
    sum += Int(truncatingIfNeeded: (pairs &* 0x0001_0001_0001_0001) >> 48)
    lanes = 0
    words = 0
  }

  /// The number of flagged bytes added.
  var total: Int {
    mutating get {
      flush()
      return sum
    }
  }
}

@available(*, unavailable, message: "a reader holds a mutable buffer and is used by one thread")
extension JSONReader: Sendable {}

private func hex2(_ value: Int) -> String {
  let digits = String(value, radix: 16, uppercase: false)
  return digits.count < 2 ? "0" + digits : digits
}

private func hex4(_ value: UInt32) -> String {
  let digits = String(value, radix: 16, uppercase: false)
  return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}

extension JSONDiagnostic {
  /// The same diagnostic one level further from the root: document errors gain the token.
  func prepending(_ token: String) -> JSONDiagnostic {
    guard category == .invalidDocument else { return self }
    var copy = self
    copy.pointer.tokens.insert(token, at: 0)
    return copy
  }

  /// `prepending` for a key still in canonical string form (with quotes and escapes).
  func prepending(canonicalKey: ArraySlice<UInt8>) -> JSONDiagnostic {
    guard category == .invalidDocument else { return self }
    let text = String(decoding: canonicalKey, as: UTF8.self)
    let key = (try? JSONReader(string: text).readString()) ?? text
    return prepending(key)
  }
}
