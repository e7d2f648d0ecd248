#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension JSONInput {
  /// Throws the input's read error, if reading stopped at one.
  func checkReadError() throws(JSONDiagnostic) {
    guard let code = readError else { return }
    throw readErrorDiagnostic(code)
  }

  /// The size limit for EFBIG, else the system's reason reading stopped.
  private func readErrorDiagnostic(_ code: Int32) -> JSONDiagnostic {
    if code == EFBIG { return sizeError() }
    return JSONDiagnostic(
      .readFailure, at: position(at: index), "read error: \(SystemError.message(code))")
  }

  private func sizeError() -> JSONDiagnostic {
    JSONDiagnostic(
      .invalidDocument, at: position(at: index),
      "the document is larger than \(maxSize) bytes (the --max-size limit)")
  }

  /// An invalid-JSON error at an absolute byte offset (the next byte by default).
  func syntaxError(at offset: Int? = nil, _ message: String) -> JSONDiagnostic {
    JSONDiagnostic(.invalidJSON, at: position(atAbsolute: offset ?? bytesConsumed), message)
  }

  /// A document error at an absolute byte offset.
  func documentError(at offset: Int, _ message: String) -> JSONDiagnostic {
    JSONDiagnostic(.invalidDocument, at: position(atAbsolute: offset), message)
  }

  /// An error for a byte (nil: the end of input) that is not what the grammar allows here.
  func unexpected(_ byte: UInt8?, expecting expected: String) -> JSONDiagnostic {
    guard let byte else {
      if let code = readError { return readErrorDiagnostic(code) }
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
  private func conflictMarker(_ byte: UInt8) -> String? {
    guard byte == 0x3C || byte == 0x3D || byte == 0x3E,
      position(atAbsolute: bytesConsumed).column == 1
    else { return nil }
    let inBuffer = min(ConflictMarkers.length, end - index)
    for k in 1..<inBuffer where buffer[index + k] != byte { return nil }
    if inBuffer < ConflictMarkers.length {
      // The marker runs past this buffer: read the rest of it from the input, so that the
      // message does not depend on where a read ended. Reading stops at this error anyway.
      let rest = readAhead(ConflictMarkers.length - inBuffer)
      guard rest.count == ConflictMarkers.length - inBuffer, rest.allSatisfy({ $0 == byte })
      else { return nil }
    }
    return String(repeating: String(UnicodeScalar(byte)), count: ConflictMarkers.length)
  }

  /// `character 'x'`, or `byte 0xNN` for a byte that is not ASCII.
  func describe(_ byte: UInt8) -> String {
    if byte >= 0x80 { return "byte 0x\(hex2(byte))" }
    return "character '\(printable(byte))'"
  }

  /// The byte itself when it is visible ASCII, `U+NNNN` otherwise.
  func printable(_ byte: UInt8) -> String {
    if byte >= 0x21 && byte < 0x7F { return String(UnicodeScalar(byte)) }
    return "U+\(hex4(UInt32(byte)))"
  }
}

/// Two lowercase hexadecimal digits.
func hex2(_ value: UInt8) -> String {
  let digits = String(value, radix: 16, uppercase: false)
  return digits.count < 2 ? "0" + digits : digits
}

/// Four lowercase hexadecimal digits (at least).
func hex4(_ value: UInt32) -> String {
  let digits = String(value, radix: 16, uppercase: false)
  return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}
