/// Where a document reader first met each kind (the entry's index, the kind's line and
/// column), by the kind's id, for reporting a duplicate with the place of the first: 12
/// bytes a kind, where a tuple of an `Int` and a ``SourcePosition`` took 32 (4 MiB for the
/// 100,000 kinds of a large catalog, held until the document's end).
///
/// A place whose numbers do not fit 32 bits (a document of more than 4 GiB on one line)
/// is kept aside in a dictionary, so any document is reported exactly.
struct KindPlaces {
  /// Where a kind was first met.
  struct Place: Equatable {
    var index: Int
    var line: Int
    var column: Int

    init(index: Int, line: Int, column: Int) {
      self.index = index
      self.line = line
      self.column = column
    }

    /// Entry `index`'s kind, at `position`.
    init(index: Int, at position: SourcePosition) {
      self.init(index: index, line: position.line, column: position.column)
    }
  }

  private struct Packed {
    /// `UInt32.max` while the kind is not met yet.
    var index: UInt32
    /// `UInt32.max` when the place is in `large`.
    var line: UInt32
    var column: UInt32
  }

  private var packed: [Packed] = []
  private var large: [Int: Place] = [:]

  init() {}

  /// `count` kinds, none met yet.
  init(unmet count: Int) {
    packed = [Packed](repeating: Packed(index: .max, line: 0, column: 0), count: count)
  }

  /// Adds the place of the next kind (its id is the count before).
  mutating func append(_ place: Place) {
    packed.append(Packed(index: .max, line: 0, column: 0))
    self[packed.count - 1] = place
  }

  /// The place of kind `id`, nil while it is not met.
  subscript(id: Int) -> Place? {
    get {
      let place = packed[id]
      if place.index == .max { return nil }
      if place.line == .max { return large[id] }
      return Place(index: Int(place.index), line: Int(place.line), column: Int(place.column))
    }
    set {
      // Only a place that does not fit 32 bits is in `large`: most documents have none,
      // and removing from an empty dictionary still hashes the key.
      if !large.isEmpty { large[id] = nil }
      guard let newValue else {
        packed[id] = Packed(index: .max, line: 0, column: 0)
        return
      }
      if let index = UInt32(exactly: newValue.index), index != .max,
        let line = UInt32(exactly: newValue.line), line != .max,
        let column = UInt32(exactly: newValue.column)
      {
        packed[id] = Packed(index: index, line: line, column: column)
      } else {
        packed[id] = Packed(index: 0, line: .max, column: 0)
        large[id] = newValue
      }
    }
  }

  /// The number of kinds (met or not).
  var count: Int { packed.count }
}
