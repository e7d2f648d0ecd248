/// An entry as ``CatalogDocumentReader/nextRaw()`` leaves it: its strings as UTF-8 bytes and
/// its payload as canonical text, in buffers the reader reuses for the next entry.
///
/// This is the import's fast path: an import compares and stores bytes, so it needs neither
/// a `String` per member nor a ``CatalogEntry`` per entry. ``entry`` makes the value when
/// one is wanted.
@usableFromInline package struct RawCatalogEntry: Sendable {
  /// The four members every entry has, in their standard order.
  package enum StandardMember: Int, CaseIterable, Sendable {
    case kind, category, description, payload

    package var name: String { CatalogEntry.standardKeys[rawValue] }

    /// The member a key names, or nil for any other key.
    package init?(_ key: [UInt8]) {
      guard let member = key.withUnsafeBytes({ Self($0) }) else { return nil }
      self = member
    }

    /// The member a key's bytes name, or nil for any other key.
    @inline(__always)
    init?(_ key: UnsafeRawBufferPointer) {
      // By length, then the bytes against the name as static bytes: no string is made.
      let member: StandardMember
      let name: StaticString
      switch key.count {
      case 4: (member, name) = (.kind, "kind")
      case 7: (member, name) = (.payload, "payload")
      case 8: (member, name) = (.category, "category")
      case 11: (member, name) = (.description, "description")
      default: return nil
      }
      let nameBytes = UnsafeRawBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
      guard ByteComparison.equal(key, nameBytes) else { return nil }
      self = member
    }
  }

  /// A set of standard members, as bits.
  package struct MemberSet: Equatable, Sendable {
    private var bits: UInt8 = 0

    package init() {}

    package static let all: MemberSet = {
      var set = MemberSet()
      for member in StandardMember.allCases { set.insert(member) }
      return set
    }()

    package func contains(_ member: StandardMember) -> Bool { bits & 1 << member.rawValue != 0 }

    package mutating func insert(_ member: StandardMember) { bits |= 1 << member.rawValue }
  }

  /// The decoded UTF-8 of the `kind`, `category` and `description` strings.
  package var kind: [UInt8] = []
  package var category: [UInt8] = []
  package var description: [UInt8] = []
  /// The payload's canonical compact text.
  package var payload: [UInt8] = []
  /// Members other than the standard four, in written order.
  package var extraMembers: [CatalogEntry.Member] = []
  /// The members in written order: a ``StandardMember`` raw value, or ``extraCode(_:)`` of
  /// an index into ``extraMembers``.
  package var order: [Int] = []
  /// The entry's index in the entries array.
  package var index = 0
  /// What the reader found of the kind among the kinds it was told of
  /// (``CatalogDocumentReader/init(_:knownKinds:)``).
  package var knownKind = KnownKindMatch.notLookedUp
  /// The position of the entry's `{`.
  package var position = SourcePosition(line: 1, column: 1, offset: 0)
  /// The offset just after the entry's `}`: its text is `position.offset..<endOffset`.
  package var endOffset = 0

  package init() {}

  /// What the reader found of an entry's kind among the ``KnownKinds`` it was given.
  package enum KnownKindMatch: Equatable, Sendable {
    /// The reader was given no known kinds, or stopped using them (a kind outside ASCII):
    /// the caller looks the kind up itself.
    case notLookedUp
    /// Not among them (by bytes, which for ASCII kinds is also as strings compare).
    case absent
    /// The known kind with this id has exactly these bytes.
    case found(Int)
  }

  /// The order code of extra member `index`.
  package static func extraCode(_ index: Int) -> Int { StandardMember.allCases.count + index }

  /// Empties the buffers for the next entry, keeping their capacity.
  mutating func reset(index: Int, position: SourcePosition) {
    kind.removeAll(keepingCapacity: true)
    category.removeAll(keepingCapacity: true)
    description.removeAll(keepingCapacity: true)
    payload.removeAll(keepingCapacity: true)
    if !extraMembers.isEmpty { extraMembers = [] }
    order.removeAll(keepingCapacity: true)
    knownKind = .notLookedUp
    self.index = index
    self.position = position
  }

  /// Makes this the entry of the four standard members alone (the fast entry path's), as
  /// ``reset(index:position:)`` and appending each member's bytes would, but copying each
  /// buffer over in one step: the buffers are reused from entry to entry, and emptying and
  /// then appending to each cost two uniqueness checks and two calls per buffer, a tenth
  /// of the fast path's time outside scanning.
  ///
  /// - Parameter order: The members in written order, four ``StandardMember`` raw values,
  ///   the first in the lowest byte.
  mutating func setStandardMembers(
    index: Int, position: SourcePosition, kind: UnsafeBufferPointer<UInt8>,
    category: UnsafeBufferPointer<UInt8>, description: UnsafeBufferPointer<UInt8>,
    payload: UnsafeBufferPointer<UInt8>, order: UInt32
  ) {
    Self.replaceContents(of: &self.kind, with: kind)
    Self.replaceContents(of: &self.category, with: category)
    Self.replaceContents(of: &self.description, with: description)
    Self.replaceContents(of: &self.payload, with: payload)
    if !extraMembers.isEmpty { extraMembers = [] }
    // Entries usually list their members in one order: then `order` holds it already.
    let count = StandardMember.allCases.count
    if self.order.count != count
      || (0..<count).contains(where: { self.order[$0] != Int(order >> UInt32(8 * $0) & 0xFF) })
    {
      self.order.removeAll(keepingCapacity: true)
      for k in 0..<count { self.order.append(Int(order >> UInt32(8 * k) & 0xFF)) }
    }
    knownKind = .notLookedUp
    self.index = index
    self.position = position
  }

  @inline(__always)
  private static func replaceContents(
    of buffer: inout [UInt8], with bytes: UnsafeBufferPointer<UInt8>
  ) {
    buffer.replaceSubrange(0..<buffer.count, with: bytes)
  }

  /// Whether the members were written in the standard order: kind, category, description,
  /// payload, then the extra members.
  package var hasStandardOrder: Bool {
    order.indices.allSatisfy { order[$0] == $0 }
  }

  /// The member names in written order when that order is not the standard one, else nil:
  /// ``CatalogEntry/memberOrder``.
  package var memberOrder: [String]? {
    if hasStandardOrder { return nil }
    return order.map { code in
      code < StandardMember.allCases.count
        ? CatalogEntry.standardKeys[code] : extraMembers[code - StandardMember.allCases.count].key
    }
  }

  /// The entry as a value.
  package var entry: CatalogEntry {
    CatalogEntry(
      kind: String(decoding: kind, as: UTF8.self),
      category: String(decoding: category, as: UTF8.self),
      description: String(decoding: description, as: UTF8.self),
      payload: JSONText(canonicalBytes: Self.exactCopy(payload)), extraMembers: extraMembers,
      memberOrder: memberOrder)
  }

  /// A copy of `bytes` in storage of exactly their size: the reused buffers keep the
  /// capacity of the largest entry so far, which an entry kept for long should not.
  package static func exactCopy(_ bytes: [UInt8]) -> [UInt8] {
    [UInt8](unsafeUninitializedCapacity: bytes.count) { buffer, count in
      count = buffer.initialize(fromContentsOf: bytes)
    }
  }
}
