import Components

/// The one place that turns a catalog entry into the columns of a stored entry row
/// (``EntryRow``) and back, and that lists those columns.
///
/// Engines store the columns as they are (integers, text, and NULL for `nil`); only this
/// codec knows how an entry's extra members and member order are written into them.
///
/// Adding a column: a migration per engine (`Migrations/*/`), a field of ``EntryRow``, its
/// name in ``columns``, its encoding here, and each engine's binding and reading of a row
/// (SQLite: `SQLiteEntryColumns`), then the code that uses the field.
package enum EntryCodec {
  /// The columns of an entry row (the `entry_version` table), in the order engines bind and
  /// read them. The column `position` (named in a shipped migration) holds
  /// ``EntryRow/orderKey``.
  package static let columns = [
    "component_id", "revision_id", "change", "kind", "category", "description", "payload_id",
    "extra", "key_order", "position",
  ]

  /// The entry a row holds, as values. The row's payload text must have been read.
  ///
  /// The payload is checked to be canonical JSON within the reader's depth limit, so that a
  /// damaged file is reported as such, naming the entry, by every command that reads it,
  /// rather than failing later in whatever parses or copies the text.
  ///
  /// - Parameter checkingPayload: false for a caller that checks the payload itself (the
  ///   export, whose copy of the text checks it; `doctor`, which reports every one).
  /// - Throws: ``CatalogError/database(_:)`` when a stored column cannot be read back.
  package static func decode(_ row: EntryRow, checkingPayload: Bool = true) throws
    -> EntryVersion
  {
    func text(_ bytes: UnsafeRawBufferPointer) -> String { String(decoding: bytes, as: UTF8.self) }
    if checkingPayload {
      do {
        try JSONWriter.checkCanonical(row.payload.bindMemory(to: UInt8.self))
      } catch {
        throw CatalogError.database(
          .damagedPayload(kind: text(row.kind), revision: row.revision, error))
      }
    }
    let entry = try entry(
      kind: text(row.kind), category: text(row.category), description: text(row.description),
      payload: JSONText(canonicalBytes: Array(row.payload)), extra: row.extra.map(text),
      keyOrder: row.keyOrder.map(text))
    return EntryVersion(
      revision: row.revision, change: row.change, entry: entry, componentID: row.componentID,
      orderKey: text(row.orderKey))
  }

  /// The `extra` column of an entry with these members beyond the standard four: nil (NULL)
  /// when there are none.
  package static func extraColumn(_ members: [CatalogEntry.Member]) -> [UInt8]? {
    members.isEmpty ? nil : extraBytes(members)
  }

  /// The `key_order` column of an entry with this member order: nil (NULL) for the standard
  /// order.
  package static func keyOrderColumn(_ order: [String]?) -> [UInt8]? {
    order.map(keyOrderBytes)
  }

  /// The extra members as one canonical JSON object text (the `extra` column).
  static func extraBytes(_ members: [CatalogEntry.Member]) -> [UInt8] {
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
  static func keyOrderBytes(_ names: [String]) -> [UInt8] {
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

  /// Calls `body` with the bytes of an optional column (nil stays nil: NULL).
  package static func withOptionalBytes<R>(
    _ bytes: [UInt8]?, _ body: (UnsafeRawBufferPointer?) throws -> R
  ) rethrows -> R {
    guard let bytes else { return try body(nil) }
    return try bytes.withUnsafeBytes { try body($0) }
  }

  /// Calls `body` with the row of an entry as the document reader gives it: its texts as
  /// read, its payload's canonical text, its `extra` and `key_order` columns encoded.
  package static func withRow<R>(
    of entry: RawCatalogEntry, componentID: Int64, revision: Int64, change: EntryChange,
    payloadID: Int64, orderKey: String, _ body: (EntryRow) throws -> R
  ) rethrows -> R {
    var orderKey = orderKey
    return try entry.kind.withUnsafeBytes { kind in
      try entry.category.withUnsafeBytes { category in
        try entry.description.withUnsafeBytes { description in
          try entry.payload.withUnsafeBytes { payload in
            try withOptionalBytes(extraColumn(entry.extraMembers)) { extra in
              try withOptionalBytes(keyOrderColumn(entry.memberOrder)) { keyOrder in
                try orderKey.withUTF8 { orderKey in
                  try body(
                    EntryRow(
                      componentID: componentID, revision: revision, change: change, kind: kind,
                      category: category, description: description, payloadID: payloadID,
                      payload: payload, extra: extra, keyOrder: keyOrder,
                      orderKey: UnsafeRawBufferPointer(orderKey)))
                }
              }
            }
          }
        }
      }
    }
  }
}
