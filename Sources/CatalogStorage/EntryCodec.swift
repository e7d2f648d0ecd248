import Components

/// The one place that turns a catalog entry into the columns of a stored entry row and back.
///
/// Engines store the columns as they are (text, and NULL for `nil`); only this codec knows
/// how an entry's extra members and member order are written into them.
package enum EntryCodec {
  /// The extra members as one canonical JSON object text (the `extra` column).
  package static func extraBytes(_ members: [CatalogEntry.Member]) -> [UInt8] {
    var out: [UInt8] = [0x7B]
    for (i, member) in members.enumerated() {
      if i > 0 { out.append(0x2C) }
      JSONWriter.appendString(member.key, to: &out)
      out.append(0x3A)
      out.append(contentsOf: member.value.bytes)
    }
    out.append(0x7D)
    return out
  }

  /// The explicit member order as a JSON array text (the `key_order` column).
  package static func keyOrderBytes(_ names: [String]) -> [UInt8] {
    JSONWriter.canonicalBytes(.array(names.map(JSONValue.string)))
  }

  /// Rebuilds an entry from its stored parts.
  package static func entry(
    kind: String, category: String, description: String, payload: JSONText, extra: String?,
    keyOrder: String?
  ) throws -> CatalogEntry {
    var members: [CatalogEntry.Member] = []
    if let extra {
      guard case .object(let object) = try JSONValue(parsing: extra) else {
        throw CatalogError.database(
          .inconsistent("stored extra members of \"\(kind)\" are not a JSON object"))
      }
      members = object.members.map { .init(key: $0.key, value: JSONText($0.value)) }
    }
    var order: [String]?
    if let keyOrder {
      guard case .array(let names) = try JSONValue(parsing: keyOrder) else {
        throw CatalogError.database(
          .inconsistent("stored member order of \"\(kind)\" is not a JSON array"))
      }
      order = names.compactMap(\.stringValue)
    }
    return CatalogEntry(
      kind: kind, category: category, description: description, payload: payload,
      extraMembers: members, memberOrder: order)
  }
}
