import Components

extension CatalogDiff {
  /// The diff for people: one block per kind, sorted by kind.
  ///
  /// ```text
  /// + badge-new  [additive: ENTRY_ADDED]
  /// ~ card-grid  (moved: 4 → 1)
  ///   /payload/title: "Hero" → "Hero v2"  [value: VALUE_CHANGED]
  ///   /payload/subtitle: "Old" → (absent)  [breaking: KEY_REMOVED]
  /// - old-tile  [breaking: ENTRY_REMOVED]
  /// = tile-view  (moved: 3 → 5)
  /// ```
  ///
  /// A change of the document's frame comes first, as a block of its own:
  ///
  /// ```text
  /// * document
  ///   /version: 3 → 4
  ///   /$schema: (absent) → "https://example.com/s.json"
  ///   form: {"components": […]} → a bare array
  ///   top-level order: "$schema", components, "version" → components, "$schema", "version"
  /// ```
  ///
  /// `+` is an added kind, `-` a removed one, `~` a changed one with one line per changed
  /// field, `=` one that only moved (indices are positions in the components array, OLD's then
  /// NEW's). Values are compact JSON, cut to `maxValueLength` characters with `…` (and when two
  /// long values start alike, most of the shared start is elided so the difference shows);
  /// `(absent)` stands for a key or element that is not there. An empty diff is the empty string.
  ///
  /// - Parameters:
  ///   - color: add ANSI colours (the caller decides: a terminal, `--color`, `NO_COLOR`).
  ///   - maxValueLength: the longest value printed in full.
  public func text(color: Bool = false, maxValueLength: Int = 60) -> String {
    let paint = Painter(enabled: color)
    var out = frameText(paint: paint, maxValueLength: maxValueLength)
    for block in kindBlocks {
      let kind = block.kind.printableKind
      switch block {
      case .added:
        out += paint(.green, "+ \(kind)") + "  " + paint.tag(.entryAdded) + "\n"
      case .removed:
        out += paint(.red, "- \(kind)") + "  " + paint.tag(.entryRemoved) + "\n"
      case .moved(let move):
        out += paint(.cyan, "= \(kind)") + "  " + Self.movedNote(move) + "\n"
      case .changed(let entry, let move):
        out +=
          paint(.yellow, "~ \(kind)")
          + (entry.renamedFrom.map { " (renamed from \($0.printableKind))" } ?? "")
          + (move.map { "  " + Self.movedNote($0) } ?? "") + "\n"
        for change in entry.changes {
          let (old, new) = Self.shortenedPair(
            change.old?.canonicalText.withTerminalControlsEscaped,
            change.new?.canonicalText.withTerminalControlsEscaped, limit: maxValueLength)
          let pointer = change.pointer.tokens.isEmpty ? "(members)" : change.pointer.description
          out += "  \(pointer.printable): \(old) → \(new)  "
          out += paint.tag(change.rule) + "\n"
        }
      }
    }
    return out
  }

  /// The block of a frame change, or the empty string.
  private func frameText(paint: Painter, maxValueLength: Int) -> String {
    guard let frame else { return "" }
    var out = paint(.cyan, "* document") + "\n"
    for member in frame.members {
      let (old, new) = Self.shortenedPair(
        member.old?.description.withTerminalControlsEscaped,
        member.new?.description.withTerminalControlsEscaped, limit: maxValueLength)
      out += "  \(member.pointer.description.printable): \(old) → \(new)\n"
    }
    if frame.formChanged {
      out +=
        "  form: \(FrameChange.describe(frame.old.form)) → \(FrameChange.describe(frame.new.form))\n"
    } else if frame.orderChanged {
      func order(_ side: DocumentFrame) -> String {
        FrameChange.keyOrder(side).map {
          $0.string == "components"
            ? "components" : JSONValue.string($0.string).canonicalText.printable
        }.joined(separator: ", ")
      }
      out += "  top-level order: \(order(frame.old)) → \(order(frame.new))\n"
    }
    return out
  }

  /// How many characters of a long common prefix stay visible before the first difference.
  static let sharedContext = 12

  /// Both values, cut to `limit` characters. When both are long and start alike, most of the
  /// shared start is replaced by `…`, so that the difference stays in view:
  /// `…ooltip preview (updated)"` rather than two identical-looking cut values.
  static func shortenedPair(_ old: String?, _ new: String?, limit: Int) -> (String, String) {
    guard let old, let new else {
      return (
        old?.shortened(to: limit) ?? "(absent)", new?.shortened(to: limit) ?? "(absent)"
      )
    }
    let a = Array(old)
    let b = Array(new)
    var shared = 0
    while shared < min(a.count, b.count) && a[shared] == b[shared] { shared += 1 }
    let start = shared - sharedContext
    guard start > 1, max(a.count, b.count) > limit else {
      return (old.shortened(to: limit), new.shortened(to: limit))
    }
    return (
      ("…" + String(a[start...])).shortened(to: limit),
      ("…" + String(b[start...])).shortened(to: limit)
    )
  }

  private static func movedNote(_ move: Move) -> String {
    "(moved: \(move.oldIndex) → \(move.newIndex))"
  }
}

/// Wraps text in ANSI colours, or leaves it alone.
struct Painter {
  enum Color: String {
    case red = "31"
    case green = "32"
    case yellow = "33"
    case cyan = "36"
    case boldRed = "1;31"
  }

  var enabled: Bool

  func callAsFunction(_ color: Color, _ text: String) -> String {
    enabled ? "\u{1B}[\(color.rawValue)m\(text)\u{1B}[0m" : text
  }

  /// `[breaking: KEY_REMOVED]`, coloured by class.
  func tag(_ rule: ChangeRule) -> String {
    self(Self.color(of: rule.changeClass), "[\(rule.changeClass.rawValue): \(rule.rawValue)]")
  }

  static func color(of changeClass: ChangeClass) -> Color {
    switch changeClass {
    case .breaking: return .boldRed
    case .additive: return .green
    case .value: return .yellow
    case .metadata: return .cyan
    }
  }
}
