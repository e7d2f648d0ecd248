import Components

extension CatalogDiff {
  /// What happened to one kind, as the formats list it.
  enum KindBlock {
    case added(IndexedEntry)
    case removed(IndexedEntry)
    /// Changed, and moved too when the move is given.
    case changed(ChangedEntry, Move?)
    case moved(Move)

    var kind: String {
      switch self {
      case .added(let entry), .removed(let entry): return entry.kind
      case .changed(let entry, _): return entry.kind
      case .moved(let move): return move.kind
      }
    }

    /// How `--stat` and `--name-only` name the block on one line: the kind
    /// (``String/printableKind``), `old => new` for a rename, as git names a renamed file.
    var label: String {
      guard case .changed(let entry, _) = self, let old = entry.renamedFrom else {
        return kind.printableKind
      }
      return old.printableKind + " => " + kind.printableKind
    }

    /// Where a block goes among blocks of the same kind (a revision that removes X and
    /// renames Y to X has two): removed, then added, changed, moved.
    fileprivate var rank: Int {
      switch self {
      case .removed: return 0
      case .added: return 1
      case .changed: return 2
      case .moved: return 3
      }
    }
  }

  /// One block per kind that differs, sorted by kind (a kind that one entry gave up and
  /// another took in the same diff has two, in ``KindBlock/rank`` order).
  var kindBlocks: [KindBlock] {
    // Kinds by bytes (an NFC and an NFD spelling are two kinds), sorted in byte order.
    var moves: [BytewiseString: Move] = [:]
    for move in moved { moves[BytewiseString(move.kind)] = move }
    var blocks: [KindBlock] = added.map { .added($0) } + removed.map { .removed($0) }
    for entry in changed {
      blocks.append(.changed(entry, moves.removeValue(forKey: BytewiseString(entry.kind))))
    }
    blocks += moved.filter { moves[BytewiseString($0.kind)] != nil }.map { .moved($0) }
    return blocks.sorted {
      let (left, right) = (BytewiseString($0.kind), BytewiseString($1.kind))
      return left != right ? left < right : $0.rank < $1.rank
    }
  }

  /// Every entry that differs (added, removed, changed or moved), once each, in byte order
  /// of its kind, as the formats print a kind (``String/printableKind``: one line each, a
  /// JSON string literal when it could be read as something else), and a renamed one as
  /// `old => new`. A revision that removes X and renames Y to X lists `X` and `Y => X`.
  public var differingKinds: [String] { kindBlocks.map(\.label) }

  /// The line `diff --name-only` prints for a change of the document's frame, before the
  /// kinds: no kind is printed this way (``String/printableKind``).
  public static let frameName = "* document"

  /// What `diff --name-only` prints: ``frameName`` when the document's frame changed, then
  /// ``differingKinds``, one a line; the empty string for an empty diff.
  public func nameOnly() -> String {
    ((frame == nil ? [] : [Self.frameName]) + differingKinds).map { $0 + "\n" }.joined()
  }
}

extension String {
  /// The string as a formats print it on one line: as is, or as a JSON string literal when it
  /// is empty, starts or ends with whitespace (a kind " " would print as nothing), or holds
  /// control characters (C0, DEL or C1) that would break the line or drive a terminal.
  package var printable: String {
    guard
      isEmpty || hasWhitespaceEdges || unicodeScalars.contains(where: \.isTerminalControl)
    else {
      return self
    }
    return JSONValue.string(self).canonicalText.withTerminalControlsEscaped
  }

  /// Whether the string starts or ends with whitespace, which a line shows as nothing: a kind
  /// " " or "tile " printed as it is cannot be told from another, so it is quoted.
  package var hasWhitespaceEdges: Bool {
    guard let first = unicodeScalars.first, let last = unicodeScalars.last else { return false }
    return first.properties.isWhitespace || last.properties.isWhitespace
  }

  /// A kind as the formats print it on one line: ``printable``, and a JSON string literal
  /// too when it starts with `"` or `*` or holds ` => `, so that in `diff --name-only` a
  /// line that starts with `"` is always a literal, one that starts with `*` is never a kind
  /// (``CatalogDiff/frameName``) and an unquoted ` => ` is always a rename.
  package var printableKind: String {
    guard let first = unicodeScalars.first, first == "\"" || first == "*" || contains(" => ")
    else {
      return printable
    }
    return JSONValue.string(self).canonicalText.withTerminalControlsEscaped
  }

  /// JSON text with DEL and the C1 controls (U+0080–U+009F) written as `\u00XX` escapes.
  ///
  /// Canonical JSON (RFC 8785) escapes only C0 controls, but a raw U+009B is a terminal's
  /// control sequence introducer. In JSON text these characters can only stand inside a
  /// string, where the escape means the same character, so the result is the same JSON value.
  var withTerminalControlsEscaped: String {
    guard unicodeScalars.contains(where: \.isTerminalControl) else { return self }
    var result = ""
    result.reserveCapacity(utf8.count + 12)
    for scalar in unicodeScalars {
      if scalar.value >= 0x7F && scalar.isTerminalControl {
        result += "\\u00" + String(scalar.value, radix: 16, uppercase: true)
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
