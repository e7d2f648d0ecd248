/// The document reader's duplicate check: every kind read is recorded with where it was
/// first met, so that a kind met again is reported with the place of the first.
///
/// A kind the caller knows (``KnownKinds``: head's kinds for an import, OLD's for a diff's
/// NEW) is recorded by its id there; any other in the check's own table (``SeenKinds``),
/// which is sized ahead for the document's kinds (``reserveIfDue(consumed:claimedSize:maxSize:)``).
/// A kind outside ASCII ends the use of known kinds, since such kinds compare as strings,
/// not bytes.
struct DuplicateKindCheck {
  /// What checking one kind found.
  enum Outcome {
    /// The kind was not met before; it is recorded now.
    case first
    /// The kind was met before, at `place`; `differentBytes` when only its Unicode
    /// normalization differs from the first's.
    case duplicate(of: KindPlaces.Place, differentBytes: Bool)
  }

  /// How many kinds the own table holds when it first estimates how many the document has.
  static let kindsBeforeReserving = 1024
  /// How many times the kinds read so far the table makes room for at most, at each
  /// estimate: the next estimate comes when that many are read.
  static let reservationStep = 16
  /// The kinds not among the known ones, and where each was first met (by its id there).
  /// The fast entry scanner prefetches the slot of each kind it reads in `seen`.
  var seen = SeenKinds()
  private var seenAt = KindPlaces()
  /// The kinds the caller knows, nil when none were given or once a kind outside ASCII was
  /// met; and for each, where it was first met.
  private(set) var known: KnownKinds?
  private var knownSeenAt = KindPlaces()
  /// Whether known kinds were given: then ``take()`` has no table to give.
  private(set) var tookKnownKinds: Bool
  /// How many kinds are read when the table next estimates how many the document has.
  private var nextReservation = Self.kindsBeforeReserving
  /// Whether known kinds will be given (``useKnownKinds(_:)``): then the own table holds
  /// only the kinds they lack, and is not sized for the document's.
  var expectsKnownKinds = false

  /// A check with no known kinds.
  init() {
    tookKnownKinds = false
  }

  /// A check that looks each kind up in `knownKinds` first (unless one of them is outside
  /// ASCII).
  init(knownKinds: KnownKinds) {
    tookKnownKinds = true
    if knownKinds.isASCII {
      known = knownKinds
      knownSeenAt = KindPlaces(unmet: knownKinds.count)
    }
  }

  /// How many kinds the own table holds without growing (for tests).
  var capacity: Int { seen.capacity }

  /// Whether the own table should estimate the document's kinds now.
  var reservationDue: Bool { seenAt.count >= nextReservation }

  /// Looks the kinds checked from now on up in `knownKinds`, as a check made with them
  /// does; the kinds checked before are looked up in them too. Returns what was found of
  /// each, in the order they were first met; nil, changing nothing, when kinds were given
  /// already, or some kind (met or known) is outside ASCII.
  mutating func useKnownKinds(_ knownKinds: KnownKinds) -> [RawCatalogEntry.KnownKindMatch]? {
    guard !tookKnownKinds, knownKinds.isASCII, seen.isASCII else { return nil }
    var known = knownKinds
    var knownSeenAt = KindPlaces(unmet: known.count)
    var matches: [RawCatalogEntry.KnownKindMatch] = []
    matches.reserveCapacity(seenAt.count)
    seen.strings.withStorage { stored in
      for id in 0..<seenAt.count {
        if let knownID = known.id(of: stored[id]) {
          knownSeenAt[knownID] = seenAt[id]
          matches.append(.found(knownID))
        } else {
          matches.append(.absent)
        }
      }
    }
    self.known = known
    self.knownSeenAt = knownSeenAt
    tookKnownKinds = true
    return matches
  }

  /// Checks the (non-empty) kind of `raw`, entry `raw.index` whose kind is at
  /// `kindPosition`, and records it when it is new. A known kind is noted in `raw`
  /// (``RawCatalogEntry/knownKind``).
  mutating func check(_ raw: inout RawCatalogEntry, at kindPosition: SourcePosition) -> Outcome {
    let index = raw.index
    if known != nil && !raw.kind.allSatisfy({ $0 < 0x80 }) { stopUsingKnownKinds() }
    if known != nil {
      if let id = raw.kind.withUnsafeBytes({ known?.id(of: $0) }) {
        guard let first = knownSeenAt[id] else {
          knownSeenAt[id] = KindPlaces.Place(index: index, at: kindPosition)
          raw.knownKind = .found(id)
          return .first
        }
        return .duplicate(of: first, differentBytes: false)
      }
      raw.knownKind = .absent
    }
    let (inserted, id, differentBytes) = raw.kind.withUnsafeBytes { seen.insert($0) }
    if inserted {
      seenAt.append(KindPlaces.Place(index: index, at: kindPosition))
      return .first
    }
    // Every kind in the table had its place appended with it.
    let first = seenAt[id] ?? KindPlaces.Place(index: index, at: kindPosition)
    return .duplicate(of: first, differentBytes: differentBytes)
  }

  /// Makes room in the own table for as many kinds as the document seems to have: the
  /// kinds so far, scaled by the input's size (`claimedSize`) over the bytes `consumed`,
  /// and never more than the input has room for (``DocumentLimits/minimumEntryBytes`` an
  /// entry). Growing by doubling rehashed the table and copied the kinds and their places a
  /// dozen times for a large document, and zeroed every smaller table's memory, 3% of
  /// reading.
  ///
  /// The input's size is a claim, not bytes read: a sparse file of a terabyte, a file that
  /// shrinks, whitespace after a few entries. So the estimate is bounded by `maxSize`, the
  /// reader's size limit, and by ``reservationStep`` times the kinds actually read, and
  /// made again each time that many are read: the room reserved stays within a constant
  /// factor of the kinds read (memory linear in the input), and a 100,000-entry document is
  /// sized in two steps.
  mutating func reserveIfDue(consumed: Int, claimedSize: Int?, maxSize: Int) {
    guard reservationDue else { return }
    let count = seen.strings.count
    nextReservation =
      count.multipliedReportingOverflow(by: Self.reservationStep).overflow
      ? Int.max : count * Self.reservationStep
    guard !expectsKnownKinds else { return }
    guard let claimed = claimedSize, consumed > 0, count > 0 else { return }
    let size = min(claimed, maxSize)
    guard size > consumed else { return }
    let expected = min(
      Int(min(Double(size) / Double(consumed) * Double(count), Double(Int.max / 2))),
      size / DocumentLimits.minimumEntryBytes, nextReservation)
    guard expected > count else { return }
    let bytesPerKind = (seen.strings.byteCount + count - 1) / count
    let bytes = expected.multipliedReportingOverflow(by: bytesPerKind)
    seen.reserveCapacity(expected, bytes: bytes.overflow ? size : min(bytes.partialValue, size))
    seenAt.reserveCapacity(expected)
  }

  /// Moves the known kinds met so far into the own table, and stops looking kinds up among
  /// them: a kind outside ASCII may equal another as a string with other bytes.
  private mutating func stopUsingKnownKinds() {
    guard let known else { return }
    known.strings.withStorage { stored in
      // A kind met before the known kinds were given (``useKnownKinds(_:)``) is there already.
      for id in 0..<known.count {
        guard let place = knownSeenAt[id] else { continue }
        if seen.insert(stored[id]).inserted { seenAt.append(place) }
      }
    }
    self.known = nil
    knownSeenAt = KindPlaces()
  }

  /// The kinds met, by bytes, kind `i` the `i`-th met; nil when known kinds were given (the
  /// table holds only the others). The check forgets them.
  mutating func take() -> ByteStringTable? {
    guard !tookKnownKinds else { return nil }
    // Where each kind was first met is for reporting a duplicate, and reading is over.
    seenAt = KindPlaces()
    return seen.take()
  }
}
