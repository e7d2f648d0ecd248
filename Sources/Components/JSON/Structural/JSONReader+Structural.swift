/// The structural reader inside ``JSONReader``: which path reads a value, and the index of
/// the buffered bytes that stage 2 walks.
extension JSONReader {
  /// Which of the reader's paths reads values.
  ///
  /// The scalar paths are the default: on the catalogs this package is measured on, stage 1
  /// alone costs about half of what the scalar reader spends on the whole document, and the
  /// structural reader is not yet faster (docs/benchmarks.md). It is complete and held to the
  /// scalar reader's outcomes by a differential test, and chosen where asked for.
  public enum Strategy: Sendable, Hashable {
    /// Only the scalar paths (the fast transcoder and the container walker).
    case scalar
    /// The structural reader (``StructuralIndex`` and its walk) wherever bytes are
    /// buffered, the scalar paths for what it gives back.
    case structural
  }

  /// How many times in one buffer a window may be found out of step with the reader (its
  /// next offset not the next value's first byte) and built again before the structural
  /// reader gives that buffer up: a bound on the work an odd input can cause.
  static let structuralRebuildBudget = 8

  /// The structural index positioned at the next byte (a value's first, after whitespace),
  /// and the index in its offsets of that byte; nil when the scalar paths read this value.
  ///
  /// A window is built from the next byte to the end of the buffer (at most
  /// ``StructuralIndex/windowCapacity`` bytes) and kept while the reader moves through it;
  /// a refill, a value past its end or a next byte it did not record starts a new one.
  func structuralCursor() -> (StructuralIndex, Int)? {
    guard strategy != .scalar else { return nil }
    let input = self.input
    let start = input.index
    let available = input.end - start
    guard available > 0 else { return nil }
    let index: StructuralIndex
    if let existing = structuralStorage {
      index = existing
    } else {
      index = StructuralIndex()
      structuralStorage = index
    }
    if index.bufferOffset == input.bufferOffset {
      let relative = start - index.bufferIndex
      if relative >= 0 && relative < index.length {
        let target = UInt32(relative)
        var cursor = index.cursor
        while cursor < index.count && index.positions[cursor] < target { cursor += 1 }
        if cursor < index.count && index.positions[cursor] == target {
          index.cursor = cursor
          return (index, cursor)
        }
        guard structuralRebuilds < Self.structuralRebuildBudget else { return nil }
        structuralRebuilds += 1
      }
    } else {
      structuralRebuilds = 0
    }
    index.build(UnsafePointer(input.buffer + start), length: available)
    index.bufferOffset = input.bufferOffset
    index.bufferIndex = start
    guard index.count > 0, index.positions[0] == 0 else { return nil }
    return (index, 0)
  }

  /// ``transcodeValue(into:)`` by the structural reader: true when it took the value (its
  /// canonical text appended to `out`, the input past it), false having changed nothing.
  func transcodeStructurally(into out: inout [UInt8]) -> Bool {
    guard let (index, first) = structuralCursor() else { return false }
    let scratch = fastScratch
    guard
      let value = StructuralTranscoder.transcode(
        index, from: first, levels: maxDepth - depth, scratch: scratch)
    else { return false }
    out.append(contentsOf: UnsafeBufferPointer(start: scratch.output, count: value.count))
    index.cursor = value.next
    input.index = index.bufferIndex + value.end
    structuralReads += 1
    return true
  }
}
