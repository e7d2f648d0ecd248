/// Reading a catalog entry whole with ``FastEntryScanner``.
extension JSONReader {
  /// Reads the entry object that is next with the fast entry scanner into `raw`, reset for
  /// entry `index` at `position`, its end offset set: the `{`, after whitespace, must be the
  /// next byte and its place the last asked for (``positionOfNextToken()``).
  ///
  /// `kindObserver` is told the kind's bytes as soon as the scanner has them (see
  /// ``FastEntryScanner/scan(_:limit:levels:scratch:kindObserver:)``).
  ///
  /// - Returns: The position of the entry's kind, or nil when the scanner cannot take the
  ///   entry; then nothing was read and `raw` is unchanged.
  func readEntryFast<Observer: FastEntryScanner.KindObserver>(
    into raw: inout RawCatalogEntry, index: Int, position: SourcePosition,
    kindObserver: inout Observer
  ) -> SourcePosition? {
    let input = self.input
    let start = input.index
    // The line bookkeeping goes on from the `{` with the scanner's newlines.
    guard depth < maxDepth, input.trackIndex == start, start < input.end else { return nil }
    let scratch = fastScratch
    let base = UnsafePointer(input.buffer + start)
    let entry: FastEntryScanner.Entry
    if let (index, first) = structuralCursor(),
      let (structural, next) = StructuralEntryScanner.scan(
        index, from: first, levels: maxDepth - depth, scratch: scratch,
        kindObserver: &kindObserver)
    {
      entry = structural
      index.cursor = next
      structuralReads += 1
    } else if let scalar = FastEntryScanner.scan(
      base, limit: input.end - start, levels: maxDepth - depth, scratch: scratch,
      kindObserver: &kindObserver)
    {
      entry = scalar
    } else {
      return nil
    }
    func bytes(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
      UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)
    }
    raw.setStandardMembers(
      index: index, position: position, kind: bytes(entry.kind), category: bytes(entry.category),
      description: bytes(entry.description),
      payload: UnsafeBufferPointer(start: scratch.output, count: entry.payloadCount),
      order: entry.order)
    let beforeKind = entry.linesBeforeKind
    input.advanceTracking(
      to: start + entry.kindQuote, newlines: beforeKind.newlines,
      lastNewline: start + beforeKind.lastNewline)
    let kindPosition = SourcePosition(
      line: input.trackLine, column: input.trackColumn,
      offset: input.bufferOffset + start + entry.kindQuote)
    input.advanceTracking(
      to: start + entry.end, newlines: entry.lines.newlines - beforeKind.newlines,
      lastNewline: start + entry.lines.lastNewline)
    input.index = start + entry.end
    raw.endOffset = input.bufferOffset + input.index
    return kindPosition
  }
}
