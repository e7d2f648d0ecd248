extension CatalogEntry {
  /// An entry's extra members by key, for code that visits every member: a lookup takes
  /// constant time instead of a scan of the members, so that visiting all of them is linear
  /// in their number (an entry may hold tens of thousands).
  ///
  /// Keys compare by bytes, as ``CatalogEntry/subscript(extra:)`` compares them; the first
  /// member of a name wins.
  public struct MemberLookup: Sendable {
    private let members: [Member]
    /// Each key's index in `members`; `nil` for a few members, which are scanned.
    private let positions: [BytewiseString: Int]?

    init(_ members: [Member]) {
      self.members = members
      if members.count > JSONObject.indexThreshold {
        var made: [BytewiseString: Int] = [:]
        made.reserveCapacity(members.count)
        for (index, member) in members.enumerated() {
          let key = BytewiseString(member.key)
          if made[key] == nil { made[key] = index }
        }
        positions = made
      } else {
        positions = nil
      }
    }

    /// The value of the extra member named `key`, or `nil`.
    public subscript(key: String) -> JSONText? {
      if let positions { return positions[BytewiseString(key)].map { members[$0].value } }
      return members.first { $0.key.hasSameBytes(as: key) }?.value
    }
  }

  /// The extra members by key (``MemberLookup``): make it once, look up many.
  public var memberLookup: MemberLookup { MemberLookup(extraMembers) }
}
