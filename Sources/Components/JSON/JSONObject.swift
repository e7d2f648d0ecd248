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
  public var members: [Member]

  public init(_ members: [Member] = []) {
    self.members = members
  }

  public var count: Int { members.count }
  public var isEmpty: Bool { members.isEmpty }
  public var keys: [String] { members.map(\.key) }

  public func makeIterator() -> IndexingIterator<[Member]> {
    members.makeIterator()
  }

  /// The value of the member whose key has the same bytes as `key`, or `nil`. Setting `nil` removes the member;
  /// setting a new key appends it, and setting an existing key replaces it in place.
  public subscript(key: String) -> JSONValue? {
    get { members.first { $0.key.hasSameBytes(as: key) }?.value }
    set {
      let index = members.firstIndex { $0.key.hasSameBytes(as: key) }
      switch (index, newValue) {
      case (let index?, let value?): members[index].value = value
      case (let index?, nil): members.remove(at: index)
      case (nil, let value?): members.append(Member(key: key, value: value))
      case (nil, nil): break
      }
    }
  }

  /// The position of the member whose key has the same bytes as `key`.
  public func index(forKey key: String) -> Int? {
    members.firstIndex { $0.key.hasSameBytes(as: key) }
  }
}
