import Components

extension CatalogDiff {
  /// The same diff with only the blocks of `kinds` (NEW's kind for changed and moved entries,
  /// the entry's kind for added and removed ones): what `log -p KIND` prints for one
  /// revision.
  public func restricted(to kinds: [String]) -> CatalogDiff {
    let kinds = Set(kinds.map(BytewiseString.init))
    return CatalogDiff(
      added: added.filter { kinds.contains(BytewiseString($0.kind)) },
      removed: removed.filter { kinds.contains(BytewiseString($0.kind)) },
      moved: moved.filter { kinds.contains(BytewiseString($0.kind)) },
      changed: changed.filter { kinds.contains(BytewiseString($0.kind)) },
      oldIndexOfNew: oldIndexOfNew, oldCount: oldCount)
  }

  /// The same diff with only what it changes at `pointer` (``touch(_:_:)``): each changed
  /// entry keeps its changes at, above or below it and is left out without one, an added or
  /// removed entry stays when it has something at `pointer`, and moves go (they change no
  /// value). What `log --path POINTER -p` prints for one revision, as `git log -p -- PATH`
  /// prints only that path's changes. For reading: its JSON Patch edits are not restricted.
  public func restricted(toPath pointer: JSONPointer) -> CatalogDiff {
    var kept: [ChangedEntry] = []
    for entry in changed {
      var entry = entry
      entry.changes = entry.changes.filter { Self.touch([$0], pointer) }
      if !entry.changes.isEmpty { kept.append(entry) }
    }
    func has(_ item: IndexedEntry) -> Bool {
      (try? item.entry.jsonValue)?.has(pointer) ?? false
    }
    return CatalogDiff(
      added: added.filter(has), removed: removed.filter(has), moved: [], changed: kept,
      oldIndexOfNew: oldIndexOfNew, oldCount: oldCount)
  }

  /// The kinds whose entries the diff changes at `pointer`, as the formats print them on a
  /// line (a rename as `old => new`), in byte order: what `log --path POINTER --oneline`
  /// names.
  public func kinds(touching pointer: JSONPointer) -> [String] {
    restricted(toPath: pointer).differingKinds
  }

  /// Whether the diff changes anything at `pointer` (relative to an entry, such as
  /// `/payload/title`) in any kind: a change at, above or below it, or an added or removed
  /// entry that has it. What `log --path POINTER` asks of each revision.
  public func touches(_ pointer: JSONPointer) -> Bool {
    if changed.contains(where: { Self.touch($0.changes, pointer) }) { return true }
    return (added + removed).contains { item in
      guard let value = try? item.entry.jsonValue else { return false }
      return value.has(pointer)
    }
  }

  /// Whether one of `changes` is at, above or below `pointer`. A reorder of an object's
  /// members changes no value inside it, so it counts only at the object itself.
  public static func touch(_ changes: [Change], _ pointer: JSONPointer) -> Bool {
    changes.contains { change in
      if change.rule == .membersReordered { return change.pointer == pointer }
      return change.pointer.tokens.starts(with: pointer.tokens)
        || pointer.tokens.starts(with: change.pointer.tokens)
    }
  }
}

extension JSONValue {
  /// Whether something is at `pointer` (array indices as decimal tokens).
  public func has(_ pointer: JSONPointer) -> Bool {
    var current = self
    for token in pointer.tokens {
      switch current {
      case .object(let object):
        guard let next = object[token] else { return false }
        current = next
      case .array(let elements):
        guard let index = Int(token), index >= 0, index < elements.count else { return false }
        current = elements[index]
      default:
        return false
      }
    }
    return true
  }
}
