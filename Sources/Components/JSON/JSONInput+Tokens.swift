extension JSONInput {
  /// How a string token's text is appended.
  enum StringForm {
    /// The UTF-8 of the decoded value.
    case decoded
    /// Canonical JSON string text, quotes included: what ``JSONWriter`` writes for the value.
    case canonical
  }

  /// Consumes `:` after an object key.
  func expectColon() throws(JSONDiagnostic) {
    skipWhitespace()
    guard peek() == 0x3A else { throw unexpected(peek(), expecting: "':' after an object key") }
    advance()
  }

  /// Consumes `literal` (`true`, `false` or `null`), whose first byte is next.
  func expectLiteral(_ literal: StaticString) throws(JSONDiagnostic) {
    let start = bytesConsumed
    let base = literal.utf8Start
    for i in 0..<literal.utf8CodeUnitCount {
      let byte = peek()
      guard byte == base[i] else {
        if byte == nil { try checkReadError() }
        throw syntaxError(
          at: byte == nil ? bytesConsumed : start,
          byte == nil
            ? "unexpected end of input in '\(literal)'" : "invalid literal; expected '\(literal)'")
      }
      advance()
    }
  }

  /// Scans a number, appending its text to `out` unchanged.
  func scanNumber(into out: inout [UInt8]) throws(JSONDiagnostic) {
    func digit(_ byte: UInt8?) -> Bool { byte.map { $0 &- 0x30 < 10 } ?? false }
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
    if let e = peek(), e == 0x65 || e == 0x45 {
      out.append(e)
      advance()
      if let sign = peek(), sign == 0x2B || sign == 0x2D {
        out.append(sign)
        advance()
      }
      if copyDigits(&out) == 0 { throw unexpected(peek(), expecting: "a digit in the exponent") }
    }
  }

  /// Scans a string token (the opening quote is next) and appends its value to `out` in
  /// `form`.
  func scanString(into out: inout [UInt8], _ form: StringForm) throws(JSONDiagnostic) {
    let canonical = form == .canonical
    let start = bytesConsumed
    openString = start
    advance()  // "
    if canonical { out.append(0x22) }
    // A lone surrogate is reported after the closing quote, so that a syntax error later in
    // the same string is reported as one.
    var loneSurrogate: JSONDiagnostic?
    // A high surrogate escape waiting for its low half: (value, escape offset).
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
      index = ByteScan.plainRunEnd(buffer, from: index, to: end)
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
              if scalar == 0, refusesNUL, loneSurrogate == nil {
                loneSurrogate = documentError(
                  at: escapeStart,
                  "string holds U+0000 (\\u0000), which a catalog cannot store (PostgreSQL "
                    + "text cannot hold it); remove it")
              }
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
    case 0x75?:
      return .unicode(try readHex4(escapeStart: escapeStart))
    case nil:
      try checkReadError()
      throw syntaxError("unexpected end of input in a string escape")
    case let byte?:
      if byte < 0x80, let decoded = JSONWriter.unescapedBytes[Int(byte)] {
        return .character(decoded)
      }
      throw syntaxError(at: escapeStart, "invalid escape '\\\(printable(byte))' in string")
    }
  }

  private func readHex4(escapeStart: Int) throws(JSONDiagnostic) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = peek()
      let digit: UInt8
      switch byte {
      case let byte? where byte >= 0x30 && byte <= 0x39: digit = byte - 0x30
      case let byte? where byte >= 0x41 && byte <= 0x46: digit = byte - 0x41 + 10
      case let byte? where byte >= 0x61 && byte <= 0x66: digit = byte - 0x61 + 10
      default:
        if byte == nil { try checkReadError() }
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
    let lead = buffer[index]
    guard let (length, bits, minimum) = ByteScan.utf8Lead(lead) else {
      throw syntaxError("invalid UTF-8: unexpected byte 0x\(hex2(lead))")
    }
    var scalar = bits
    var bytes: [UInt8] = [lead]
    advance()
    for _ in 1..<length {
      let byte = peek()
      guard let byte, byte >= 0x80 && byte <= 0xBF else {
        if byte == nil { try checkReadError() }
        throw syntaxError(
          at: start, "invalid UTF-8: truncated sequence starting with byte 0x\(hex2(lead))")
      }
      scalar = scalar << 6 | UInt32(byte & 0x3F)
      bytes.append(byte)
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
}
