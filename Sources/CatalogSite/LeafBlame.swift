import CatalogDiff
import Components

/// Who last changed each leaf of a value, read in the order a tree walk meets the leaves.
///
/// A component with one state has every leaf from that state's revision, which is what
/// ``Attribution`` answers for it without building one. Otherwise the answers are
/// ``Attribution/leaves``: the tree and the attribution walk a value the same way (object
/// members in order, array elements in order, a leaf being a scalar or an empty container),
/// and a value's pointers are unique (duplicate keys are refused on input; keys compare by
/// bytes), so the next leaf is the one the walk is at; a leaf that is not is found through
/// an index built then, so a page stays linear in its leaves whatever they are.
struct LeafBlame {
  /// The revision of every leaf, when there is one for all (no pointer needs asking).
  let single: Int64?
  /// Each leaf's pointer, as text, and its revision, in document order.
  private let pointers: [[UInt8]]
  private let revisions: [Int64]
  private var next = 0
  private var index: [[UInt8]: Int]?

  /// Every leaf changed by `revision`.
  init(revision: Int64) {
    single = revision
    pointers = []
    revisions = []
  }

  /// Leaves by their pointers' texts, in document order.
  init(pointers: [[UInt8]], revisions: [Int64]) {
    single = nil
    self.pointers = pointers
    self.revisions = revisions
  }

  /// The leaves of an attribution whose pointers start with `prefix` (`/payload`), or do
  /// not (`excluding`).
  init(leaves all: [Attribution.Leaf], prefix: String, excluding: Bool = false) {
    var pointers: [[UInt8]] = []
    var revisions: [Int64] = []
    for leaf in all
    where (leaf.pointer.tokens.first?.hasSameBytes(as: prefix) ?? false) != excluding {
      pointers.append(Array(leaf.pointer.description.utf8))
      revisions.append(leaf.revision)
    }
    self.init(pointers: pointers, revisions: revisions)
  }

  /// The revision of the leaf at `pointer` (its text), nil when there is none.
  mutating func revision(at pointer: [UInt8]) -> Int64? {
    if let single { return single }
    if next < pointers.count, pointers[next] == pointer {
      next += 1
      return revisions[next - 1]
    }
    if index == nil {
      var built: [[UInt8]: Int] = [:]
      for (position, text) in pointers.enumerated() { built[text] = position }
      index = built
    }
    return index?[pointer].map { revisions[$0] }
  }
}
