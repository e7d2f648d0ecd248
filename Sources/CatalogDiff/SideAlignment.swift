import Components

/// One side's array lined up with BASE's by ``ArrayAlignment``: what became of each BASE
/// element, what the side inserted before each BASE element (and at the end), and how sure
/// the alignment is of each of those, so that ``ValueMerger`` can reconcile the two sides'
/// alignments instead of trusting each alone.
///
/// Sure: an element lined up by its id, an element equal on both, or the one element without
/// an id replaced at its place. Guessed: elements without ids paired in order where several
/// were replaced at one place (`[b, c]` became `[X, Y, Z]`: was `b` edited into `X`, or
/// removed?). A BASE element removed at one place and the same element (same id, or the same
/// value) inserted at another, once each, is a move.
struct SideAlignment {
  enum Fate: Equatable {
    /// Equal to the side's element at this index.
    case kept(Int)
    /// Became the side's element at this index; `sure` as described above.
    case changed(Int, sure: Bool)
    case removed
    /// Removed here and inserted elsewhere as the side's element at this index.
    case moved(Int)
  }

  var fate: [Fate]
  /// `inserted[g]`: indices of the side's elements inserted before BASE element `g`
  /// (`g == base.count`: at the end), moved elements included.
  var inserted: [[Int]]
  /// The BASE index each moved element came from, by the side's index.
  var movedFrom: [Int: Int] = [:]
  /// `guessed[g]`: gap `g` lies inside a place this side rewrote with guessed pairs, so that
  /// an insertion the other side made there has no sure place among them.
  var guessed: [Bool]

  init(_ base: [JSONValue], _ side: [JSONValue]) {
    fate = [Fate](repeating: .removed, count: base.count)
    inserted = [[Int]](repeating: [], count: base.count + 1)
    guessed = [Bool](repeating: false, count: base.count + 1)
    let steps = ArrayAlignment.align(base, side)
    var consumed = 0
    // The current run: the steps between two elements lined up by value or id.
    var runStart = 0
    func closeRun(_ end: Int) {
      var plainPairs = 0
      var plainOthers = 0
      var first = Int.max
      var last = -1
      for step in steps[runStart..<end] {
        switch step {
        case .pair(let i, _):
          plainPairs += 1
          first = min(first, i)
          last = max(last, i)
        case .remove(let i):
          if ArrayAlignment.identity(of: base[i]) == nil { plainOthers += 1 }
          first = min(first, i)
          last = max(last, i)
        case .insert(let j):
          if ArrayAlignment.identity(of: side[j]) == nil { plainOthers += 1 }
        case .match:
          break
        }
      }
      guard plainPairs > 0, !(plainPairs == 1 && plainOthers == 0) else { return }
      for step in steps[runStart..<end] {
        if case .pair(let i, let j) = step { fate[i] = .changed(j, sure: false) }
      }
      if first < last { for gap in (first + 1)...last { guessed[gap] = true } }
    }
    for (position, step) in steps.enumerated() {
      switch step {
      case .match(let i, let j):
        closeRun(position)
        runStart = position + 1
        fate[i] = .kept(j)
        consumed = max(consumed, i + 1)
      case .pair(let i, let j):
        if ArrayAlignment.identity(of: base[i]) != nil {
          closeRun(position)
          runStart = position + 1
        }
        fate[i] = .changed(j, sure: true)
        consumed = max(consumed, i + 1)
      case .remove(let i):
        fate[i] = .removed
        consumed = max(consumed, i + 1)
      case .insert(let j):
        inserted[consumed].append(j)
      }
    }
    closeRun(steps.count)
    findMoves(base, side)
  }

  /// Turns a removal and an insertion of one element, each the only one of its key on this
  /// side, into a move.
  private mutating func findMoves(_ base: [JSONValue], _ side: [JSONValue]) {
    enum Key: Hashable {
      case identity(JSONValue)
      case value(JSONValue)
    }
    func key(_ value: JSONValue) -> Key {
      ArrayAlignment.identity(of: value).map { .identity($0) } ?? .value(value)
    }
    var removed: [Key: (count: Int, index: Int)] = [:]
    for (i, fate) in fate.enumerated() where fate == .removed {
      let k = key(base[i])
      removed[k] = ((removed[k]?.count ?? 0) + 1, i)
    }
    guard !removed.isEmpty else { return }
    var added: [Key: (count: Int, index: Int)] = [:]
    for gap in inserted {
      for j in gap {
        let k = key(side[j])
        added[k] = ((added[k]?.count ?? 0) + 1, j)
      }
    }
    for (k, from) in removed where from.count == 1 {
      guard let to = added[k], to.count == 1 else { continue }
      fate[from.index] = .moved(to.index)
      movedFrom[to.index] = from.index
    }
  }
}
