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
    get { storage }
    set {
      storage = newValue
      positions = nil
    }
    _modify {
      positions = nil
      yield &storage
    }
  }

  private var storage: [Member]
  /// Each key's position, by bytes, for an object of more than ``indexThreshold`` members:
  /// made by the first mutating lookup, kept up to date by ``subscript(_:)``'s setter, and
  /// dropped by any other change of ``members``. It makes a JSON Patch of many operations on
  /// one large object linear instead of a scan of the members per operation.
  private var positions: [BytewiseString: Int]?

  /// Objects up to this many members are scanned; larger ones get an index. The one such
  /// threshold: the reader's duplicate-key check and its fast transcoder use it too.
  static let indexThreshold = 16

  public init(_ members: [Member] = []) {
    self.storage = members
  }

  public var count: Int { storage.count }
  public var isEmpty: Bool { storage.isEmpty }
  public var keys: [String] { storage.map(\.key) }

  public func makeIterator() -> IndexingIterator<[Member]> {
    storage.makeIterator()
  }

  public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
    lhs.storage == rhs.storage
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(storage)
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
      case (let index?, nil): members.remove(at: index)
      case (nil, let value?):
        storage.append(Member(key: key, value: value))
        positions?[BytewiseString(key)] = storage.count - 1
      case (nil, nil): break
      }
    }
  }

  /// The position of the member whose key has the same bytes as `key`.
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
      for (index, member) in storage.enumerated() {
        let key = BytewiseString(member.key)
        if made[key] == nil { made[key] = index }
      }
      positions = made
    }
    return index(forKey: key)
  }
}
