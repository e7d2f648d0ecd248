import Components

extension CatalogMerge {
  /// The merged document with the conflicts of its top-level members marked as well as its
  /// entries', and the line of each conflict's `<<<<<<<` marker.
  public struct MarkedDocument: Sendable {
    public var bytes: [UInt8]
    /// The marker line of each of ``CatalogMerge/conflicts``, in their order.
    public var lines: [Int]
    /// The marker line of each of ``FrameMerge/conflicts``, in their order.
    public var frameLines: [Int]
  }

  /// ``document`` with the top-level members' conflicts of `frames` marked too, so that a
  /// conflict anywhere leaves a file that is not JSON until a person resolves it.
  ///
  /// The document is written twice, in the frame resolved to each side (``FrameMerge/resolved``);
  /// the two differ only in the lines before `"components"` and after its array, and each of
  /// those two places that differs is one marked region (lines both sides share stay outside
  /// the markers). A conflict of the form (a bare array against an object) marks the whole
  /// document.
  public func document(with frames: FrameMerge) throws(CatalogMergeError) -> MarkedDocument {
    guard !frames.conflicts.isEmpty else {
      return MarkedDocument(bytes: document, lines: conflicts.map(\.line), frameLines: [])
    }
    let ours = Self.lines(try document(in: frames.resolved.ours))
    let theirs = Self.lines(try document(in: frames.resolved.theirs))
    var output: [[UInt8]] = []
    var markerLines: [Int] = []
    func mark(_ ours: ArraySlice<[UInt8]>, _ theirs: ArraySlice<[UInt8]>) {
      var prefix = 0
      while prefix < min(ours.count, theirs.count)
        && ours[ours.startIndex + prefix] == theirs[theirs.startIndex + prefix]
      {
        prefix += 1
      }
      var suffix = 0
      while suffix < min(ours.count, theirs.count) - prefix
        && ours[ours.endIndex - 1 - suffix] == theirs[theirs.endIndex - 1 - suffix]
      {
        suffix += 1
      }
      output += ours.prefix(prefix)
      if prefix + suffix < max(ours.count, theirs.count) {
        markerLines.append(output.count + 1)
        output.append(markers.oursLine)
        output += ours[(ours.startIndex + prefix)..<(ours.endIndex - suffix)]
        output.append(markers.separatorLine)
        output += theirs[(theirs.startIndex + prefix)..<(theirs.endIndex - suffix)]
        output.append(markers.theirsLine)
      }
      output += ours.suffix(suffix)
    }
    let componentsLine = Array(#"  "components": "#.utf8)
    let oursSplit = ours.firstIndex { $0.starts(with: componentsLine) }
    let theirsSplit = theirs.firstIndex { $0.starts(with: componentsLine) }
    let headMarkers: Int
    var shift = 0
    if frames.conflicts.contains(.root) {
      mark(ours[...], theirs[...])
      headMarkers = markerLines.count
      // The entries' markers are inside the region, after the OURS marker.
      shift = 1
    } else if let oursSplit, let theirsSplit {
      mark(ours[..<oursSplit], theirs[..<theirsSplit])
      headMarkers = markerLines.count
      shift = output.count - oursSplit
      mark(ours[oursSplit...], theirs[theirsSplit...])
    } else {
      mark(ours[...], theirs[...])
      headMarkers = markerLines.count
    }
    // An entry's conflict line in OURS' document, moved by what came in before it.
    let oursConflictLines = try conflictLines(in: frames.resolved.ours)
    let keysBefore = Set(
      (frames.resolved.ours.before + frames.resolved.theirs.before).map {
        BytewiseString($0.key)
      })
    let frameLines = frames.conflicts.map { pointer -> Int in
      guard !pointer.isRoot, let key = pointer.tokens.first else { return markerLines.first ?? 1 }
      let isBefore = keysBefore.contains(BytewiseString(key))
      if isBefore || headMarkers == markerLines.count { return markerLines.first ?? 1 }
      return markerLines[headMarkers]
    }
    var bytes: [UInt8] = []
    for line in output {
      bytes += line
      bytes.append(0x0A)
    }
    // The split into lines made one more (empty) line after the final newline.
    if bytes.count >= 2 && bytes[bytes.count - 1] == 0x0A && bytes[bytes.count - 2] == 0x0A {
      bytes.removeLast()
    }
    return MarkedDocument(
      bytes: bytes, lines: oursConflictLines.map { $0 + shift }, frameLines: frameLines)
  }

  /// The document in `frame`, with the entries' conflicts marked as in ``document``.
  private func document(in frame: DocumentFrame) throws(CatalogMergeError) -> [UInt8] {
    if let entries { return CatalogDocumentWriter.document(entries, frame: frame) }
    var writer = MergeDocumentWriter(conflictCount: conflicts.count, frame: frame, markers: markers)
    try writer.write(items)
    return writer.output
  }

  /// The entries' conflicts' lines in the document written in `frame`, in ``conflicts``'
  /// order (which is the order of their lines in any frame).
  private func conflictLines(in frame: DocumentFrame) throws(CatalogMergeError) -> [Int] {
    guard entries == nil else { return [] }
    var writer = MergeDocumentWriter(conflictCount: conflicts.count, frame: frame, markers: markers)
    try writer.write(items)
    return writer.lines.sorted()
  }

  private static func lines(_ bytes: [UInt8]) -> [[UInt8]] {
    bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
  }
}
