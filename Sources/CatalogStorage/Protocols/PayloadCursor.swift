/// Reads stored payloads one after another for a caller that asks for them mostly in
/// ascending id order: a write comparing a whole document with head, whose payloads were
/// stored in the order of the document that head came from.
///
/// An engine can then step through its payload table instead of looking each payload up
/// (on SQLite a primary-key probe per payload was a fifth of a re-import). Any order is
/// answered correctly; ascending order is only faster. The texts are those
/// ``CatalogReadContext/withPayload(_:_:)`` gives.
package protocol PayloadCursor: AnyObject {
  /// Calls `body` with the canonical text of stored payload `id`, valid only during the call.
  ///
  /// - Throws: ``CatalogError/database(_:)`` when there is no such payload.
  func withPayload<R>(_ id: Int64, _ body: (UnsafeRawBufferPointer) throws -> R) throws -> R

  /// Ends the reading early (releasing what the engine holds for it); the cursor is not used
  /// afterwards. Dropping the cursor does the same.
  func close()
}
