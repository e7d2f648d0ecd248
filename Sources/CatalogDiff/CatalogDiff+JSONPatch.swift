import Components

extension CatalogDiff {
  /// An RFC 6902 patch that turns OLD's document into NEW's: the same values in the same
  /// array order, as any conforming tool applies it.
  ///
  /// The operations come in four groups, each with indices as the operations before leave the
  /// components array:
  /// 1. removed entries, `remove /components/i`, from the last index down;
  /// 2. moved entries, `move` from their current index to just after their predecessor in
  ///    NEW's order (see ``moved``);
  /// 3. added entries, `add /components/j` with the whole entry, in increasing NEW index;
  /// 4. changed entries, in increasing NEW index: one operation per changed leaf at the leaf's
  ///    path (`replace /components/7/payload/title`), array elements added and removed as the
  ///    LCS alignment found them, and category, description and other members replaced whole.
  ///
  /// 5. the document's top-level members and its form, when its frame changed
  ///    (``frameOperations``); a bare array OLD that NEW makes an object is replaced whole
  ///    by `newDocument` instead.
  ///
  /// Members an `add` creates go at the end of their object; where NEW's member order is not
  /// reached that way (a reorder, or a member added before others), the members from the
  /// first one out of place on are removed and added again in NEW's order. So applying the
  /// patch to OLD's document gives NEW's document byte for byte, once written the way the
  /// catalog exports.
  ///
  /// - Parameters:
  ///   - withTests: guard every `replace` and `remove` with a `test` of the old value (the
  ///     whole entry before an entry's removal), and every moved or changed entry with a `test`
  ///     of its `kind`, so that the patch refuses a document that has moved on.
  ///   - components: where the entries array is: `/components` (the default) for
  ///     `{"components": [...]}`, the root pointer for a document that is a bare array.
  ///   - newDocument: NEW's whole document, needed when OLD is a bare array and NEW an object
  ///     (``needsNewDocument(components:)``): the patch then ends with a `replace` of the root
  ///     (RFC 6902 allows the root pointer `""`) by it.
  /// - Throws: ``CatalogDiffError/invalidText(kind:member:side:_:)`` when an added or removed
  ///   entry, or a top-level member, holds invalid JSON text (never for entries from
  ///   ``CatalogDocumentReader``); ``CatalogDiffError/newDocumentNeeded`` when NEW's document
  ///   is needed and not given.
  public func jsonPatch(
    withTests: Bool = false, components: JSONPointer = JSONPointer(["components"]),
    newDocument: JSONValue? = nil
  ) throws(CatalogDiffError) -> JSONPatch {
    var operations: [JSONPatchOperation] = []

    for removal in removed.sorted(by: { $0.index > $1.index }) {
      let path = components.appending(removal.index)
      if withTests {
        operations.append(.test(path: path, value: try Self.value(of: removal.entry, side: .old)))
      }
      operations.append(.remove(path: path))
    }

    for step in movePlan() {
      if withTests {
        operations.append(
          .test(path: components.appending(step.from).appending("kind"), value: .string(step.kind)))
      }
      operations.append(
        .move(from: components.appending(step.from), path: components.appending(step.to)))
    }

    for addition in added.sorted(by: { $0.index < $1.index }) {
      operations.append(
        .add(
          path: components.appending(addition.index),
          value: try Self.value(of: addition.entry, side: .new)))
    }

    for entry in changed.sorted(by: { $0.newIndex < $1.newIndex }) {
      let base = components.appending(entry.newIndex)
      if withTests {
        operations.append(
          .test(path: base.appending("kind"), value: .string(entry.renamedFrom ?? entry.kind)))
      }
      for edit in entry.edits {
        switch edit {
        case .add(let pointer, let new):
          operations.append(.add(path: JSONPointer(base.tokens + pointer.tokens), value: new))
        case .remove(let pointer, let old):
          let path = JSONPointer(base.tokens + pointer.tokens)
          if withTests { operations.append(.test(path: path, value: old)) }
          operations.append(.remove(path: path))
        case .replace(let pointer, let old, let new):
          let path = JSONPointer(base.tokens + pointer.tokens)
          if withTests { operations.append(.test(path: path, value: old)) }
          operations.append(.replace(path: path, value: new))
        }
      }
    }
    if needsNewDocument(components: components) {
      // A JSON Patch cannot wrap an array in an object without repeating its elements (a
      // `move` into a child of itself is not allowed): NEW replaces the whole document, after
      // the entries' operations only when they carry tests that guard OLD.
      guard let newDocument else { throw .newDocumentNeeded }
      return JSONPatch(
        (withTests ? operations : []) + [.replace(path: components, value: newDocument)])
    }
    operations += try frameOperations(withTests: withTests, oldIsBareArray: components.isRoot)
    return JSONPatch(operations)
  }

  /// Whether ``jsonPatch(withTests:components:newDocument:)`` needs NEW's whole document:
  /// when OLD is a bare array (`components` is the root pointer) and NEW is an object.
  public func needsNewDocument(components: JSONPointer) -> Bool {
    components.isRoot && frame?.new.form == .object
  }

  /// The operations that turn OLD's top-level members and form into NEW's, after the
  /// entries'.
  ///
  /// A revision is addressed as `{"components": [...]}` with its members whatever its form
  /// (``DocumentFrame/patchedForm``, as `catalog patch` addresses a catalog). Then:
  /// - NEW a bare array: the entries array becomes the whole document,
  ///   `move /components → ""` (RFC 6902's `add` at the root pointer replaces the document),
  ///   and OLD's members go with the rest of it;
  /// - both objects: members OLD alone has are removed; a member in place whose value changed
  ///   is replaced; from the first member out of NEW's order on, each is appended again in
  ///   NEW's order (a `remove` and an `add` when its value changed, two `move`s through a
  ///   name neither document uses otherwise, so `components` itself never travels as a
  ///   value).
  private func frameOperations(withTests: Bool, oldIsBareArray: Bool)
    throws(CatalogDiffError) -> [JSONPatchOperation]
  {
    guard let frame else { return [] }
    func value(_ text: JSONText, _ key: String, _ side: CatalogDiffError.Side)
      throws(CatalogDiffError) -> JSONValue
    {
      do {
        return try text.value()
      } catch {
        throw .invalidText(kind: "(document)", member: key, side: side, error)
      }
    }
    // A bare array OLD and an object NEW: replaced whole (see jsonPatch).
    if oldIsBareArray { return [] }
    let old = frame.old.patchedForm
    if frame.new.form == .array {
      var operations: [JSONPatchOperation] = []
      if withTests {
        for member in old.members {
          operations.append(
            .test(path: JSONPointer([member.key]), value: try value(member.value, member.key, .old))
          )
        }
      }
      operations.append(.move(from: JSONPointer(["components"]), path: JSONPointer([])))
      return operations
    }
    let new = frame.new
    guard old != new else { return [] }
    let components = BytewiseString("components")
    var operations: [JSONPatchOperation] = []
    let (inOld, inNew) = (old.memberLookup, new.memberLookup)
    var removed: Set<BytewiseString> = []
    for member in old.members where inNew[member.key] == nil {
      let path = JSONPointer([member.key])
      if withTests {
        operations.append(.test(path: path, value: try value(member.value, member.key, .old)))
      }
      operations.append(.remove(path: path))
      removed.insert(BytewiseString(member.key))
    }
    let current = FrameChange.keyOrder(old).filter { !removed.contains($0) }
    let target = FrameChange.keyOrder(new)
    var inPlace = 0
    while inPlace < current.count && current[inPlace] == target[inPlace] { inPlace += 1 }
    var used = Set(target)
    used.formUnion(current)
    var temporary = "moving"
    while used.contains(BytewiseString(temporary)) { temporary = "_" + temporary }
    for (i, key) in target.enumerated() {
      let path = JSONPointer([key.string])
      let newValue = key == components ? nil : inNew[key.string]
      let oldValue = key == components ? nil : inOld[key.string]
      if i < inPlace {
        guard let newValue, let oldValue, newValue != oldValue else { continue }
        if withTests {
          operations.append(.test(path: path, value: try value(oldValue, key.string, .old)))
        }
        operations.append(.replace(path: path, value: try value(newValue, key.string, .new)))
      } else if key == components || (oldValue != nil && oldValue == newValue) {
        // Appended again, value and all.
        let through = JSONPointer([temporary])
        operations.append(.move(from: path, path: through))
        operations.append(.move(from: through, path: path))
      } else if let newValue {
        if let oldValue {
          if withTests {
            operations.append(.test(path: path, value: try value(oldValue, key.string, .old)))
          }
          operations.append(.remove(path: path))
        }
        operations.append(.add(path: path, value: try value(newValue, key.string, .new)))
      }
    }
    return operations
  }

  /// The moves that reorder the shared entries once the removed ones are gone.
  private func movePlan() -> [MovePlanner.Step] {
    guard !moved.isEmpty else { return [] }
    // An entry's index among the shared entries of OLD: its OLD index less the removed
    // entries before it.
    var isRemoved = [Bool](repeating: false, count: oldCount)
    for removal in removed { isRemoved[removal.index] = true }
    var sharedPosition = [Int](repeating: -1, count: oldCount)
    var position = 0
    for i in 0..<oldCount where !isRemoved[i] {
      sharedPosition[i] = position
      position += 1
    }
    // Moves come before the changes, so a renamed entry still bears its old kind.
    var oldKinds: [BytewiseString: String] = [:]
    for entry in changed {
      if let old = entry.renamedFrom { oldKinds[BytewiseString(entry.kind)] = old }
    }
    var movingKind: [Int: String] = [:]
    for move in moved {
      movingKind[move.newIndex] = oldKinds[BytewiseString(move.kind)] ?? move.kind
    }
    var positions: [Int] = []
    var moving: [String?] = []
    positions.reserveCapacity(position)
    moving.reserveCapacity(position)
    for (j, i) in oldIndexOfNew.enumerated() where i >= 0 {
      positions.append(sharedPosition[i])
      moving.append(movingKind[j])
    }
    return MovePlanner.plan(positions: positions, moving: moving)
  }

  private static func value(
    of entry: CatalogEntry, side: CatalogDiffError.Side
  ) throws(CatalogDiffError) -> JSONValue {
    do {
      return try entry.jsonValue
    } catch {
      throw .invalidText(kind: entry.kind, member: "entry", side: side, error)
    }
  }
}
