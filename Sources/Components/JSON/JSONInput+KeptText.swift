/// Keeping the text of one value as written (a diff compares an entry's text in NEW with
/// OLD's before it compares canonical forms): the bytes from a start offset to an end
/// offset, read from the buffer when they are all still there, else from the copy a refill
/// makes of the part it drops.
extension JSONInput {
  /// Keeps the text from absolute offset `start` (at or after the next byte to read) on,
  /// forgetting any text kept before.
  func keepText(from start: Int) {
    keptText = KeptText(start: start)
  }

  /// Ends the kept text at absolute offset `end` (at most the next byte to read).
  func endKeptText(at end: Int) {
    keptText?.end = end
  }

  /// Calls `body` with the kept text, once it has an end; nil when there is none.
  func withKeptText<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R? {
    guard var kept = keptText, let end = kept.end, end <= bytesConsumed else { return nil }
    if kept.dropped.isEmpty && kept.start >= bufferOffset {
      return try body(
        UnsafeRawBufferPointer(start: buffer + (kept.start - bufferOffset), count: end - kept.start)
      )
    }
    if !kept.isComplete {
      let from = max(kept.start, bufferOffset) - bufferOffset
      let to = end - bufferOffset
      if to > from {
        kept.dropped.append(contentsOf: UnsafeBufferPointer(start: buffer + from, count: to - from))
      }
      kept.isComplete = true
      keptText = kept
    }
    return try kept.dropped.withUnsafeBytes(body)
  }

  /// Before a refill drops the buffer: copies the part of the kept text in it.
  func saveKeptText() {
    guard var kept = keptText, !kept.isComplete else { return }
    let from = max(kept.start, bufferOffset) - bufferOffset
    let to = min(end, (kept.end ?? Int.max) - bufferOffset)
    guard to > from else { return }
    keptText = nil  // the copy below then appends to a uniquely held buffer
    kept.dropped.append(contentsOf: UnsafeBufferPointer(start: buffer + from, count: to - from))
    keptText = kept
  }

  /// The text kept by ``keepText(from:)``.
  struct KeptText {
    var start: Int
    var end: Int?
    /// The part of the text that left the buffer, in order.
    var dropped: [UInt8] = []
    /// Whether `dropped` holds the whole text.
    var isComplete = false
  }
}
