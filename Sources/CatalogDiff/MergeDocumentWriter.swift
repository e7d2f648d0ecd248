import Components

/// Writes a merge result that has conflicts: the export format, with git-style conflict
/// markers around the smallest enclosing entry or member, each side written as the document
/// would be with the conflicts resolved to that side.
///
/// ```text
///       "payload": {
/// <<<<<<< OURS
///         "title": "A",
/// =======
///         "title": "B",
/// >>>>>>> THEIRS
///         "isActive": true
/// ```
///
/// A member is marked where it exists on both sides; a member one side removed is marked with
/// the smallest enclosing member both sides have, an array conflict with the array's member,
/// and an entry one side removed with the entry (together with the entry before it when it is
/// the last, so that the commas of either side make valid JSON).
struct MergeDocumentWriter {
  private(set) var output: [UInt8] = []
  /// For each conflict id, the line of the `<<<<<<<` marker around it.
  private(set) var lines: [Int]
  private var markers: [(offset: Int, ids: [Int])] = []

  private let oursMarker: [UInt8]
  private let separator: [UInt8]
  private let theirsMarker: [UInt8]

  /// The document's frame: the form and top-level members the result is written in.
  private let frame: DocumentFrame

  init(
    conflictCount: Int, frame: DocumentFrame = .standard, markers: ConflictMarkerStyle = .standard
  ) {
    lines = [Int](repeating: 0, count: conflictCount)
    self.frame = frame
    oursMarker = markers.oursLine
    separator = markers.separatorLine
    theirsMarker = markers.theirsLine
  }

  /// One thing written in a container: an element, or a member with its key.
  private enum Piece {
    case value(JSONValue)
    /// A value with conflicts that are marked inside it.
    case hosted(MergedValue)
    indirect case member(String, Piece)
  }

  private enum Block {
    case plain(Piece)
    case region(ours: [Piece], theirs: [Piece], ids: [Int])
  }

  mutating func write(_ items: [MergedItem]) throws(CatalogMergeError) {
    var blocks: [Block] = []
    for item in items {
      let block: Block
      switch item {
      case .entry(let entry):
        block = .plain(.value(try CatalogMerge.value(entry, .ours)))
      case .merged(let value):
        block =
          Self.canHost(value)
          ? .plain(.hosted(value))
          : .region(
            ours: [.value(value.resolved(.ours))], theirs: [.value(value.resolved(.theirs))],
            ids: Self.conflictIDs(value))
      case .conflict(let id, let ours, let theirs):
        block = .region(
          ours: ours.map { [.value($0)] } ?? [], theirs: theirs.map { [.value($0)] } ?? [],
          ids: [id])
      }
      // Neighbouring regions become one.
      if case .region(let ours, let theirs, let ids) = block,
        case .region(let previousOurs, let previousTheirs, let previousIDs)? = blocks.last
      {
        blocks[blocks.count - 1] = .region(
          ours: previousOurs + ours, theirs: previousTheirs + theirs, ids: previousIDs + ids)
      } else {
        blocks.append(block)
      }
    }
    // A last region that is empty on one side takes the entry before it in, so that no side
    // leaves a comma before the closing bracket.
    if blocks.count >= 2, case .region(let ours, let theirs, let ids) = blocks[blocks.count - 1],
      ours.isEmpty || theirs.isEmpty, case .plain(let previous) = blocks[blocks.count - 2]
    {
      var oursBefore = previous
      var theirsBefore = previous
      var allIDs = ids
      if case .hosted(let value) = previous {
        oursBefore = .value(value.resolved(.ours))
        theirsBefore = .value(value.resolved(.theirs))
        allIDs = Self.conflictIDs(value) + ids
      }
      blocks.removeLast(2)
      blocks.append(
        .region(ours: [oursBefore] + ours, theirs: [theirsBefore] + theirs, ids: allIDs))
    }

    switch frame.form {
    case .array:
      writeList(blocks, open: 0x5B, close: 0x5D, level: 0)
      output.append(0x0A)
    case .object:
      output.append(contentsOf: "{\n".utf8)
      for member in frame.before {
        output.append(contentsOf: "  ".utf8)
        write(.member(member.key, .value(try Self.value(of: member))), level: 1)
        output.append(contentsOf: ",\n".utf8)
      }
      output.append(contentsOf: "  \"components\": ".utf8)
      writeList(blocks, open: 0x5B, close: 0x5D, level: 1)
      for member in frame.after {
        output.append(contentsOf: ",\n  ".utf8)
        write(.member(member.key, .value(try Self.value(of: member))), level: 1)
      }
      output.append(contentsOf: "\n}\n".utf8)
    }

    // Marker lines, in one pass over the output.
    var line = 1
    var position = 0
    for marker in markers {
      while position < marker.offset {
        if output[position] == 0x0A { line += 1 }
        position += 1
      }
      for id in marker.ids { lines[id] = line }
    }
  }

  /// Whether the conflicts in `value` can be marked inside it: every conflict is a member
  /// both sides have, inside objects reached through objects and arrays without conflicts of
  /// their own elements.
  private static func canHost(_ value: MergedValue) -> Bool {
    switch value {
    case .clean:
      return true
    case .object(let members):
      return members.allSatisfy { member in
        if case .conflict(_, let ours, let theirs) = member.slot {
          return ours.count == 1 && theirs.count == 1
        }
        return true
      }
    case .array(let slots):
      return slots.allSatisfy { slot in
        if case .value(let element) = slot { return canHost(element) }
        return false
      }
    }
  }

  private static func conflictIDs(_ value: MergedValue) -> [Int] {
    switch value {
    case .clean: return []
    case .object(let members): return members.flatMap { conflictIDs($0.slot) }
    case .array(let slots): return slots.flatMap(conflictIDs)
    }
  }

  /// A top-level member's value.
  private static func value(of member: CatalogEntry.Member) throws(CatalogMergeError) -> JSONValue {
    do {
      return try member.value.value()
    } catch {
      throw .invalidText(kind: "(document)", input: .ours, error)
    }
  }

  private static func conflictIDs(_ slot: MergedSlot) -> [Int] {
    switch slot {
    case .value(let value): return conflictIDs(value)
    case .conflict(let id, _, _): return [id]
    }
  }

  /// Writes `[...]` or `{...}` whose items sit at `level + 1`, as `json.dump(indent=2)` does.
  private mutating func writeList(_ blocks: [Block], open: UInt8, close: UInt8, level: Int) {
    guard !blocks.isEmpty else {
      output.append(contentsOf: [open, close])
      return
    }
    output.append(open)
    let indent = [UInt8](repeating: 0x20, count: 2 * (level + 1))
    for (k, block) in blocks.enumerated() {
      let hasNext = k < blocks.count - 1
      switch block {
      case .plain(let piece):
        output.append(0x0A)
        output.append(contentsOf: indent)
        write(piece, level: level + 1)
        if hasNext { output.append(0x2C) }
      case .region(let ours, let theirs, let ids):
        output.append(0x0A)
        markers.append((output.count, ids))
        output.append(contentsOf: oursMarker)
        for (side, pieces) in [ours, theirs].enumerated() {
          if side == 1 {
            output.append(0x0A)
            output.append(contentsOf: separator)
          }
          for (m, piece) in pieces.enumerated() {
            output.append(0x0A)
            output.append(contentsOf: indent)
            write(piece, level: level + 1)
            if hasNext || m < pieces.count - 1 { output.append(0x2C) }
          }
        }
        output.append(0x0A)
        output.append(contentsOf: theirsMarker)
      }
    }
    output.append(0x0A)
    output.append(contentsOf: [UInt8](repeating: 0x20, count: 2 * level))
    output.append(close)
  }

  private mutating func write(_ piece: Piece, level: Int) {
    switch piece {
    case .value(let value):
      output.append(contentsOf: JSONWriter.indentedBytes(value, level: level))
    case .member(let key, let value):
      JSONWriter.appendString(key, to: &output)
      output.append(contentsOf: ": ".utf8)
      write(value, level: level)
    case .hosted(let value):
      switch value {
      case .clean(let value):
        output.append(contentsOf: JSONWriter.indentedBytes(value, level: level))
      case .object(let members):
        let blocks = members.map { member -> Block in
          switch member.slot {
          case .conflict(let id, let ours, let theirs):
            return .region(
              ours: ours.map { .member(member.key, .value($0)) },
              theirs: theirs.map { .member(member.key, .value($0)) }, ids: [id])
          case .value(let value):
            if value.isClean || Self.canHost(value) {
              return .plain(.member(member.key, .hosted(value)))
            }
            return .region(
              ours: [.member(member.key, .value(value.resolved(.ours)))],
              theirs: [.member(member.key, .value(value.resolved(.theirs)))],
              ids: Self.conflictIDs(value))
          }
        }
        writeList(blocks, open: 0x7B, close: 0x7D, level: level)
      case .array(let slots):
        let blocks = slots.map { slot -> Block in
          if case .value(let value) = slot { return .plain(.hosted(value)) }
          return .plain(.value(.null))  // not reached: canHost rules out array conflicts here
        }
        writeList(blocks, open: 0x5B, close: 0x5D, level: level)
      }
    }
  }
}
