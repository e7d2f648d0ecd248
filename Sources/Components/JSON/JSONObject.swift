/// A JSON object's members, in the order they were written.
public struct JSONObject: Sendable, Hashable, Sequence {
  /// One `"key": value` member.
  public struct Member: Sendable, Hashable {
    public var key: String
    public var value: JSONValue

    public init(key: String, value: JSONValue) {
      self.key = key
      self.value = value
    }

    /// Keys compare by bytes, as the reader's duplicate check does (RFC 8259 section 8.3).
    public static func == (lhs: Member, rhs: Member) -> Bool {
      lhs.key.hasSameBytes(as: rhs.key) && lhs.value == rhs.value
    }
  }

  /// The members in document order. Keys are unique in objects the reader produces.
  public var members: [Member] {
    get { hasRemovedSlots ? live : storage }
    set {
      storage = newValue
      positions = nil
    }
    _modify {
      compact()
      positions = nil
      yield &storage
    }
  }

  /// The members, and while ``hasRemovedSlots`` the slots of removed ones among them.
  private var storage: [Member]
  /// Each key's slot in ``storage``, by bytes, for an object of more than
  /// ``indexThreshold`` members with unique keys: made by the first mutating lookup, kept up
  /// to date by ``subscript(_:)``'s setter and ``removeValue(forKey:)``, and dropped by any
  /// other change of ``members``. It makes a JSON Patch of many operations on one large
  /// object linear instead of a scan of the members per operation.
  ///
  /// Removing a member of an indexed object only drops its key from the index and leaves
  /// its slot in ``storage``, instead of moving every later member (a patch that reorders
  /// many members removes and adds each): a slot is live exactly when the index names it for
  /// its key, so the index alone tells the live members from the removed ones, and the
  /// object stays two words. The slots go at the next ``compact()``: once they are half of
  /// ``storage``, and before ``members`` is changed in place.
  private var positions: [BytewiseString: Int]?

  /// Objects up to this many members are scanned; larger ones get an index. The one such
  /// threshold: the reader's duplicate-key check and its fast transcoder use it too.
  static let indexThreshold = 16

  public init(_ members: [Member] = []) {
    self.storage = members
  }

  public var count: Int { positions?.count ?? storage.count }
  public var isEmpty: Bool { count == 0 }
  public var keys: [String] { members.map(\.key) }

  public func makeIterator() -> IndexingIterator<[Member]> {
    members.makeIterator()
  }

  public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
    lhs.members == rhs.members
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(members)
  }

  /// Whether ``storage`` holds slots of removed members.
  private var hasRemovedSlots: Bool {
    if let positions { return positions.count != storage.count }
    return false
  }

  /// The live members, in order, without the slots of removed ones.
  private var live: [Member] {
    guard let positions, positions.count != storage.count else { return storage }
    var result: [Member] = []
    result.reserveCapacity(positions.count)
    for (slot, member) in storage.enumerated()
    where positions[BytewiseString(member.key)] == slot {
      result.append(member)
    }
    return result
  }

  /// Drops the slots of removed members, renumbering the index.
  private mutating func compact() {
    guard hasRemovedSlots else { return }
    storage = live
    var made: [BytewiseString: Int] = [:]
    made.reserveCapacity(storage.count)
    for (index, member) in storage.enumerated() { made[BytewiseString(member.key)] = index }
    positions = made
  }

  /// Removes the member whose key has the same bytes as `key` and returns its value, or
  /// returns `nil` when there is none.
  ///
  /// In an object large enough to have an index the member's slot is only left behind, so
  /// that each removal takes constant time (amortized).
  @discardableResult
  public mutating func removeValue(forKey key: String) -> JSONValue? {
    guard let slot = position(ofKey: key) else { return nil }
    let value = storage[slot].value
    guard positions != nil else {
      storage.remove(at: slot)
      return value
    }
    positions?[BytewiseString(key)] = nil
    // Drop the removed member's value now; the slot itself goes at the next compaction.
    storage[slot].value = .null
    if let live = positions?.count, (storage.count - live) * 2 > storage.count { compact() }
    return value
  }

  /// The value of the member whose key has the same bytes as `key`, or `nil`. Setting `nil`
  /// removes the member; setting a new key appends it, and setting an existing key replaces
  /// it in place.
  public subscript(key: String) -> JSONValue? {
    get { index(forKey: key).map { storage[$0].value } }
    set {
      let index = position(ofKey: key)
      switch (index, newValue) {
      case (let index?, let value?): storage[index].value = value
      case (_?, nil): removeValue(forKey: key)
      case (nil, let value?):
        storage.append(Member(key: key, value: value))
        positions?[BytewiseString(key)] = storage.count - 1
      case (nil, nil): break
      }
    }
  }

  /// The slot of the member whose key has the same bytes as `key`, for
  /// ``modifyValue(at:_:)``. It is the member's index in ``members`` unless members of a
  /// large object were removed since ``members`` last changed.
  public func index(forKey key: String) -> Int? {
    if let positions { return positions[BytewiseString(key)] }
    return storage.firstIndex { $0.key.hasSameBytes(as: key) }
  }

  /// Calls `body` with the value of the member at `index`, in place; keys stay as they are,
  /// and so does the index of a large object.
  public mutating func modifyValue<Result, Failure: Error>(
    at index: Int, _ body: (inout JSONValue) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try body(&storage[index].value)
  }

  /// ``index(forKey:)``, making the index of a large object first, so that later lookups
  /// in this value take constant time.
  public mutating func position(ofKey key: String) -> Int? {
    if positions == nil && storage.count > Self.indexThreshold {
      var made: [BytewiseString: Int] = [:]
      made.reserveCapacity(storage.count)
      var unique = true
      for (index, member) in storage.enumerated()
      where made.updateValue(index, forKey: BytewiseString(member.key)) != nil {
        // A key twice (only an object built from such members): no index, the first of
        // the name is found by a scan, as in a small object.
        unique = false
        break
      }
      if unique { positions = made }
    }
    return index(forKey: key)
  }
}
