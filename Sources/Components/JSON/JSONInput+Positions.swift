extension JSONInput {
  /// Moves the line/column bookkeeping forward to `target` (a buffer index).
  ///
  /// Every byte of the input passes through here once, so it counts newlines eight bytes at
  /// a time, and the column only from the last newline: a column is a Unicode scalar, so it
  /// counts the bytes that are not UTF-8 continuation bytes (`10xxxxxx`).
  func advanceTracking(to target: Int) {
    guard target > trackIndex else { return }
    let start = trackIndex
    let bytes = UnsafePointer(buffer)
    let newlines = ByteScan.newlineCount(bytes, from: start, to: target)
    if newlines == 0 {
      trackColumn += ByteScan.scalarCount(bytes, from: start, to: target)
    } else {
      trackLine += newlines
      var lineStart = target
      while bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
      trackColumn = 1 + ByteScan.scalarCount(bytes, from: lineStart, to: target)
    }
    trackIndex = target
  }

  /// Moves the line/column bookkeeping forward to `target` (a buffer index) past bytes
  /// whose newlines a fast path counted (``FastTranscoder/LineTally``): `newlines` of them
  /// in `buffer[trackIndex..<target]`, the last at buffer index `lastNewline`.
  func advanceTracking(to target: Int, newlines: Int, lastNewline: Int) {
    guard target > trackIndex else { return }
    let bytes = UnsafePointer(buffer)
    if newlines == 0 {
      trackColumn += ByteScan.scalarCount(bytes, from: trackIndex, to: target)
    } else {
      trackLine += newlines
      trackColumn = 1 + ByteScan.scalarCount(bytes, from: lastNewline + 1, to: target)
    }
    trackIndex = target
  }

  /// The source location of buffer index `bufferIndex`, which must not be before earlier
  /// locations asked for in the same buffer.
  func position(at bufferIndex: Int) -> SourcePosition {
    let target = min(max(bufferIndex, trackIndex), end)
    // Tracking only moves forward: note the open string's quote on the way past it.
    if let openString {
      let quote = openString - bufferOffset
      if quote >= trackIndex && quote < target {
        advanceTracking(to: quote)
        openStringPosition = SourcePosition(
          line: trackLine, column: trackColumn, offset: openString)
      }
    }
    advanceTracking(to: target)
    return SourcePosition(line: trackLine, column: trackColumn, offset: bufferOffset + target)
  }

  /// The source location of an absolute offset: in the current buffer, in the last bytes of
  /// the previous one (a token that straddles a refill), or the start of the string being
  /// read when a refill happened inside it; otherwise the earliest location still known.
  func position(atAbsolute offset: Int) -> SourcePosition {
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

  /// The source location of the next byte.
  var currentPosition: SourcePosition { position(at: index) }
}
