import Components

extension CatalogDiff {
  /// The widest bar ``stat(color:)`` draws; longer ones are scaled down, as git does.
  static let statBarWidth = 40

  /// One line per kind and a total, like `git diff --stat`; the empty string for an empty diff.
  ///
  /// ```text
  ///  badge-new | added
  ///  card-grid | 6 --+~~~
  ///  old-tile  | removed
  ///  tile-view | moved
  ///  4 kinds: 1 added, 1 removed, 1 changed, 1 moved; 8 changes: 3 breaking, 2 additive, …
  /// ```
  ///
  /// (The total line goes on: `2 value, 1 metadata`.) A renamed kind is named `old => new`,
  /// as git names a renamed file. A kind that changed and moved ends with `(moved)`. A change of the document's frame adds the line ` document frame changed`
  /// before the total (and is the whole output when no kind changed).
  ///
  /// A changed kind shows its number of changes and a bar of one character per change:
  /// `-` breaking, `+` additive, `~` value or metadata.
  public func stat(color: Bool = false) -> String {
    let blocks = kindBlocks
    // A frame change has a line of its own, before the total.
    let frameLine = frame == nil ? "" : " document frame changed\n"
    guard !blocks.isEmpty else { return frameLine }
    let paint = Painter(enabled: color)
    let nameWidth = blocks.map { $0.label.count }.max() ?? 0
    let countWidth = changed.map { String($0.changes.count).count }.max() ?? 0
    let largest = changed.map(\.changes.count).max() ?? 0
    var out = ""
    for block in blocks {
      let name = block.label
      out += " " + name + String(repeating: " ", count: nameWidth - name.count) + " | "
      switch block {
      case .added: out += paint(.green, "added")
      case .removed: out += paint(.red, "removed")
      case .moved: out += paint(.cyan, "moved")
      case .changed(let entry, let move):
        let count = String(entry.changes.count)
        out += String(repeating: " ", count: countWidth - count.count) + count + " "
        out += bar(entry.changes, largest: largest, paint: paint)
        if move != nil { out += " (moved)" }
      }
      out += "\n"
    }
    out += frameLine
    let kinds = blocks.count
    let changes = ChangeClass.allCases.reduce(0) { $0 + count(of: $1) }
    out +=
      " \(kinds.counting("kind")): \(added.count) added, \(removed.count) removed, "
    out += "\(changed.count) changed, \(moved.count) moved; "
    out += "\(changes.counting("change")): "
    out += ChangeClass.allCases.map { "\(count(of: $0)) \($0.rawValue)" }.joined(separator: ", ")
    return out + "\n"
  }

  /// `-` per breaking change, `+` per additive one, `~` per value or metadata one, scaled to
  /// ``statBarWidth`` when the largest entry has more changes than that.
  private func bar(_ changes: [Change], largest: Int, paint: Painter) -> String {
    let segments: [(Character, Painter.Color, Int)] = [
      ("-", .red, changes.count { $0.changeClass == .breaking }),
      ("+", .green, changes.count { $0.changeClass == .additive }),
      ("~", .yellow, changes.count { $0.changeClass == .value || $0.changeClass == .metadata }),
    ]
    return segments.map { character, color, count in
      var width = count
      if largest > Self.statBarWidth && count > 0 {
        width = max(1, count * Self.statBarWidth / largest)
      }
      return width == 0 ? "" : paint(color, String(repeating: character, count: width))
    }.joined()
  }
}
