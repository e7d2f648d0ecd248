/// The cursor of an engine without a faster one: each payload looked up by id.
package final class PayloadLookups: PayloadCursor {
  private let context: any CatalogReadContext

  package init(_ context: any CatalogReadContext) {
    self.context = context
  }

  package func withPayload<R>(_ id: Int64, _ body: (UnsafeRawBufferPointer) throws -> R) throws
    -> R
  {
    try context.withPayload(id, body)
  }

  package func close() {}
}
