import Components

extension ValueMerger {
  /// Merges arrays: each side is lined up with BASE (``SideAlignment``), and the two
  /// alignments are reconciled place by place: insertions made by one side (or the same by
  /// both) are taken, and each BASE element is kept, changed, moved or removed as the sides
  /// say.
  ///
  /// Where the alignments cannot be reconciled the merge conflicts instead of guessing: both
  /// sides changed one element and one of them was only paired with it by guesswork; one side
  /// inserted inside a place the other rewrote by guesswork; one side moved an element the
  /// other removed, or both moved it to different places. An element one side moved and the
  /// other changed is merged at its new place.
  mutating func mergeArrays(
    _ base: [JSONValue], _ ours: [JSONValue], _ theirs: [JSONValue], at pointer: JSONPointer
  ) -> MergedValue {
    let o = SideAlignment(base, ours)
    let t = SideAlignment(base, theirs)
    var slots: [MergedSlot] = []
    // The index in the result with conflicts resolved to OURS: what pointers show.
    var index = 0
    func append(_ slot: MergedSlot) {
      slots.append(slot)
      index += slot.resolved(.ours).count
    }
    for gap in 0...base.count {
      let ourInsertions = o.inserted[gap]
      let theirInsertions = t.inserted[gap]
      if !ourInsertions.isEmpty || !theirInsertions.isEmpty {
        let ourValues = ourInsertions.map { ours[$0] }
        let theirValues = theirInsertions.map { theirs[$0] }
        var origin: CatalogMerge.Origin?
        if ourValues == theirValues {
          origin = .both
        } else if theirValues.isEmpty {
          origin = t.guessed[gap] ? nil : .ours
        } else if ourValues.isEmpty {
          origin = o.guessed[gap] ? nil : .theirs
        }
        if let origin {
          let fromTheirs = origin == .theirs
          for j in fromTheirs ? theirInsertions : ourInsertions {
            let here = pointer.appending(index)
            let value = fromTheirs ? theirs[j] : ours[j]
            let from = fromTheirs ? t.movedFrom[j] : o.movedFrom[j]
            if let from, origin != .both {
              append(
                moved(
                  base[from], value, by: fromTheirs ? .theirs : .ours,
                  other: fromTheirs ? o.fate[from] : t.fate[from],
                  otherValues: fromTheirs ? ours : theirs, at: here))
              continue
            }
            record(
              origin, CatalogDiff.Change(pointer: here, old: nil, new: value, rule: .elementAdded))
            append(.value(.clean(value)))
          }
        } else {
          append(
            conflict(
              .bothInserted, at: pointer.appending(index), base: nil, ours: ourValues,
              theirs: theirValues, sequence: true))
        }
      }
      guard gap < base.count else { break }
      let here = pointer.appending(index)
      let element = base[gap]
      switch (o.fate[gap], t.fate[gap]) {
      case (.kept, .kept):
        append(.value(.clean(element)))
      case (.kept, .changed(let j, _)):
        record(.theirs, element, theirs[j], at: here)
        append(.value(.clean(theirs[j])))
      case (.changed(let i, _), .kept):
        record(.ours, element, ours[i], at: here)
        append(.value(.clean(ours[i])))
      case (.changed(let i, let oursSure), .changed(let j, let theirsSure)):
        if oursSure && theirsSure || ours[i] == theirs[j] {
          append(merge(element, ours[i], theirs[j], at: here))
        } else {
          append(
            conflict(.bothChanged, at: here, base: element, ours: [ours[i]], theirs: [theirs[j]]))
        }
      case (.removed, .removed):
        elementRemoval(.both, element, at: here)
      case (.removed, .kept), (.moved, .kept):
        elementRemoval(.ours, element, at: here)
      case (.kept, .removed), (.kept, .moved):
        elementRemoval(.theirs, element, at: here)
      case (.removed, .changed(let j, _)):
        append(
          conflict(.removedAndChanged, at: here, base: element, ours: [], theirs: [theirs[j]]))
      case (.changed(let i, _), .removed):
        append(
          conflict(.removedAndChanged, at: here, base: element, ours: [ours[i]], theirs: []))
      case (.moved, .changed), (.changed, .moved), (.moved, .removed), (.removed, .moved),
        (.moved, .moved):
        // Merged, or in conflict, where the element was moved to.
        break
      }
    }
    guard slots.allSatisfy(\.isClean) else { return .array(slots) }
    return .clean(.array(slots.flatMap { $0.resolved(.ours) }))
  }

  /// The slot of an element one side moved to a new place, given what the other side did
  /// with it at its BASE place.
  private mutating func moved(
    _ element: JSONValue, _ value: JSONValue, by side: CatalogMerge.ConflictSide,
    other: SideAlignment.Fate, otherValues: [JSONValue], at here: JSONPointer
  ) -> MergedSlot {
    let origin: CatalogMerge.Origin = side == .ours ? .ours : .theirs
    func sides(_ mine: [JSONValue], _ others: [JSONValue]) -> (
      ours: [JSONValue], theirs: [JSONValue]
    ) {
      side == .ours ? (mine, others) : (others, mine)
    }
    switch other {
    case .kept:
      record(origin, CatalogDiff.Change(pointer: here, old: nil, new: value, rule: .elementAdded))
      return .value(.clean(value))
    case .changed(let k, let sure):
      let (o, t) = sides([value], [otherValues[k]])
      if sure || o == t {
        return merge(element, o[0], t[0], at: here)
      }
      return conflict(.bothChanged, at: here, base: element, ours: o, theirs: t)
    case .removed:
      let (o, t) = sides([value], [])
      return conflict(.removedAndChanged, at: here, base: element, ours: o, theirs: t)
    case .moved:
      // Both moved it, to different places (one place is an insertion by both): each place
      // is a conflict, so that no resolution holds it twice.
      let (o, t) = sides([value], [])
      return conflict(.bothChanged, at: here, base: element, ours: o, theirs: t)
    }
  }
}
