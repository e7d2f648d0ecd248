import Components

extension CatalogMerge {
  /// A side's file as it was read: its bytes, its entries with the offset of each one's `{`,
  /// and its frame; what a merge needs to write its result in that file's style.
  public struct SideText: Sendable {
    public var bytes: [UInt8]
    public var entries: [CatalogEntry]
    /// The byte offset of each entry's `{` in ``bytes``.
    public var entryStarts: [Int]
    public var frame: DocumentFrame

    public init(bytes: [UInt8], entries: [CatalogEntry], entryStarts: [Int], frame: DocumentFrame) {
      self.bytes = bytes
      self.entries = entries
      self.entryStarts = entryStarts
      self.frame = frame
    }
  }

  /// The merged document written in the style of OURS' file (``DocumentStyle``), or why it is
  /// in the export format instead.
  public struct StyledDocument: Sendable {
    public var document: MarkedDocument
    /// OURS' style, when the document is written in it.
    public var style: DocumentStyle?
    /// Why the style of OURS could not be told (the document is then in the export format).
    public var unknownStyle: DocumentStyle.Unknown?
  }

  /// ``document(with:)`` in the style of `ours`, the file merged into: its indentation, line
  /// ending and final newline.
  ///
  /// A clean merge is spliced from OURS' own bytes: an entry the merge left as OURS has it is
  /// copied byte for byte, and so are the text before the first entry and after the last (when
  /// the top-level members did not change and the last entry is OURS' last) and the text
  /// between two entries that were neighbours in OURS; the other entries are written in the
  /// export format's layout turned into OURS' style, at the depth of OURS' entries. With conflicts the whole marked document is turned into the style, so
  /// its lines, and the markers' line numbers, are those of ``document(with:)``. When OURS'
  /// style cannot be told (``DocumentStyle/detect(_:)``), the document is in the export format.
  ///
  /// - Parameter frame: the merged frame (``FrameMerge/frame``, or OURS' where it conflicts).
  public func document(
    with frames: FrameMerge, frame: DocumentFrame, inStyleOf ours: SideText
  ) throws(CatalogMergeError) -> StyledDocument {
    let marked = try document(with: frames)
    let style: DocumentStyle
    switch DocumentStyle.detect(ours.bytes) {
    case .success(let detected): style = detected
    case .failure(let unknown):
      return StyledDocument(document: marked, style: nil, unknownStyle: unknown)
    }
    guard let entries, frames.conflicts.isEmpty,
      let spliced = Self.splice(entries, frame: frame, ours: ours, style: style)
    else {
      var styled = marked
      styled.bytes = style.apply(toCanonical: marked.bytes)
      return StyledDocument(document: styled, style: style, unknownStyle: nil)
    }
    return StyledDocument(
      document: MarkedDocument(bytes: spliced, lines: [], frameLines: []), style: style,
      unknownStyle: nil)
  }

  /// A clean merge's `entries` written from OURS' bytes where they are OURS', and in `style`
  /// elsewhere; nil when OURS has no entries or they cannot be found in its bytes.
  static func splice(
    _ entries: [CatalogEntry], frame: DocumentFrame, ours: SideText, style: DocumentStyle
  ) -> [UInt8]? {
    guard !entries.isEmpty, !ours.entries.isEmpty, ours.entryStarts.count == ours.entries.count
    else { return nil }
    var ends: [Int] = []
    ends.reserveCapacity(ours.entryStarts.count)
    for start in ours.entryStarts {
      guard let end = valueEnd(ours.bytes, from: start) else { return nil }
      ends.append(end)
    }
    var inOurs: [BytewiseString: Int] = [:]
    for (index, entry) in ours.entries.enumerated() { inOurs[BytewiseString(entry.kind)] = index }

    // The depth of the entries in the export format, and in OURS (from the line OURS' first
    // entry opens on, when the `{` starts it).
    let canonicalLevel = frame.form == .array ? 1 : 2
    var level = canonicalLevel
    var lineStart = ours.entryStarts[0]
    while lineStart > 0, ours.bytes[lineStart - 1] == 0x20 || ours.bytes[lineStart - 1] == 0x09 {
      lineStart -= 1
    }
    if lineStart == 0 || ours.bytes[lineStart - 1] == 0x0A {
      level = (ours.entryStarts[0] - lineStart) / style.indent.count
    }
    var newlineAndIndent = style.lineEnding
    for _ in 0..<level { newlineAndIndent += style.indent }
    // The export format's text before the first entry, and after the last one.
    let canonicalHead = CatalogDocumentWriter(frame: frame, capacity: 256).output
    var tailWriter = CatalogDocumentWriter(frame: frame, capacity: 256)
    tailWriter.append(
      CatalogEntry(kind: "", category: "", description: "", payload: JSONText(JSONValue.null)))
    let entryOnlyLength = tailWriter.output.count
    tailWriter.close()
    let canonicalTail = Array(tailWriter.output[entryOnlyLength...])
    let entryIndent = 1 + 2 * canonicalLevel  // the export format's "\n" and indentation before `{`

    let sameForm = frame.form == ours.frame.form
    var output: [UInt8] = []
    output.reserveCapacity(ours.bytes.count + ours.bytes.count / 8)
    if sameForm && frame.before == ours.frame.before {
      output += ours.bytes[0..<ours.entryStarts[0]]
    } else {
      output += style.apply(toCanonical: canonicalHead)
      output += newlineAndIndent
    }
    // `previous`: the index in OURS of the entry written last, by kind.
    var previous: Int? = nil
    for (position, entry) in entries.enumerated() {
      let current = inOurs[BytewiseString(entry.kind)]
      if position > 0 {
        if let previous, let current, current == previous + 1 {
          output += ours.bytes[ends[previous]..<ours.entryStarts[current]]
        } else {
          output.append(0x2C)
          output += newlineAndIndent
        }
      }
      if let current, CatalogDiff.sameFields(entry, ours.entries[current]) {
        output += ours.bytes[ours.entryStarts[current]..<ends[current]]
      } else {
        var writer = CatalogDocumentWriter(frame: frame, capacity: 4096)
        let start = writer.output.count + entryIndent
        writer.append(entry)
        output += style.apply(
          toCanonical: Array(writer.output[start...]), shift: level - canonicalLevel)
      }
      previous = current
    }
    let last = ours.entries.count - 1
    if sameForm && frame.after == ours.frame.after, let previous, previous == last {
      output += ours.bytes[ends[last]...]
    } else {
      output += style.apply(toCanonical: canonicalTail)
    }
    return output
  }

  /// The offset just after the JSON object or array that opens at `start`, found by
  /// matching brackets outside strings; nil when it does not close.
  static func valueEnd(_ bytes: [UInt8], from start: Int) -> Int? {
    var depth = 0
    var index = start
    var inString = false
    while index < bytes.count {
      let byte = bytes[index]
      if inString {
        if byte == 0x5C {
          index += 1
        } else if byte == 0x22 {
          inString = false
        }
      } else if byte == 0x22 {
        inString = true
      } else if byte == 0x7B || byte == 0x5B {
        depth += 1
      } else if byte == 0x7D || byte == 0x5D {
        depth -= 1
        if depth == 0 { return index + 1 }
      }
      index += 1
    }
    return nil
  }
}
