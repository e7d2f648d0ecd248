/// One stored entry version, the one shape in which entries cross the storage seam: the
/// columns of an `entry_version` row (docs/schema.md), its texts borrowed.
///
/// The texts are valid only during the call that receives the row (a read's `body`, or the
/// write method it is passed to); an engine copies what it keeps. ``EntryCodec`` turns an
/// entry into these columns and back, and owns their list (``EntryCodec/columns``).
package struct EntryRow {
  /// The component this row is a state of (stable across renames).
  package var componentID: Int64
  /// The revision that wrote the row.
  package var revision: Int64
  package var change: EntryChange
  package var kind: UnsafeRawBufferPointer
  package var category: UnsafeRawBufferPointer
  package var description: UnsafeRawBufferPointer
  /// The payload's id in the payload table.
  package var payloadID: Int64
  /// The payload's canonical compact text when the read includes it; empty otherwise, and
  /// ignored by writes, which store ``payloadID``.
  package var payload: UnsafeRawBufferPointer
  /// The entry's members beyond the standard four, as one canonical JSON object text; nil
  /// (NULL) when there are none.
  package var extra: UnsafeRawBufferPointer?
  /// The entry's member order as a JSON array of names; nil (NULL) for the standard order.
  package var keyOrder: UnsafeRawBufferPointer?
  /// The order key: entries are exported in ascending byte order of it (``OrderKey``).
  package var orderKey: UnsafeRawBufferPointer
  /// The SHA-256 digest stored for the payload (`payload_digest`, schema 0010), 32 bytes,
  /// when the read includes it (``EntryReading/withoutPayloads``) and one is stored; nil
  /// otherwise. Ignored by writes: the engine stores a new payload's digest itself.
  package var payloadDigest: UnsafeRawBufferPointer?

  package init(
    componentID: Int64, revision: Int64, change: EntryChange, kind: UnsafeRawBufferPointer,
    category: UnsafeRawBufferPointer, description: UnsafeRawBufferPointer, payloadID: Int64,
    payload: UnsafeRawBufferPointer = UnsafeRawBufferPointer(start: nil, count: 0),
    extra: UnsafeRawBufferPointer?, keyOrder: UnsafeRawBufferPointer?,
    orderKey: UnsafeRawBufferPointer, payloadDigest: UnsafeRawBufferPointer? = nil
  ) {
    self.componentID = componentID
    self.revision = revision
    self.change = change
    self.kind = kind
    self.category = category
    self.description = description
    self.payloadID = payloadID
    self.payload = payload
    self.extra = extra
    self.keyOrder = keyOrder
    self.orderKey = orderKey
    self.payloadDigest = payloadDigest
  }
}
