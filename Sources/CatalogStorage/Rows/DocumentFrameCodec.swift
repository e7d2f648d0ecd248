import Components

/// The one place that turns a ``DocumentFrame`` into the columns of a `document_frame` row
/// and back (`Migrations/*/0003_document_frame.sql`): `form` is `object` or `array`, and the
/// members before and after `components` are each one canonical JSON object text, in
/// written order, as an entry's `extra` column is.
package enum DocumentFrameCodec {
  /// The `form`, `members_before` and `members_after` columns of `frame`.
  package static func columns(_ frame: DocumentFrame) -> (
    form: String, before: String, after: String
  ) {
    (
      frame.form.rawValue,
      String(decoding: EntryCodec.extraBytes(frame.before), as: UTF8.self),
      String(decoding: EntryCodec.extraBytes(frame.after), as: UTF8.self)
    )
  }

  /// The frame a row holds.
  ///
  /// - Throws: ``CatalogError/database(_:)`` when a column cannot be read back.
  package static func frame(revision: Int64, form: String, before: String, after: String)
    throws -> DocumentFrame
  {
    guard let form = DocumentFrame.Form(rawValue: form) else {
      throw CatalogError.database(
        .inconsistent("the document frame of revision \(revision) has an unknown form '\(form)'"))
    }
    func members(_ text: String) throws -> [CatalogEntry.Member] {
      guard case .object(let object) = try JSONValue(parsing: text) else {
        throw CatalogError.database(
          .inconsistent("the document frame of revision \(revision) is not a JSON object"))
      }
      return object.members.map { .init(key: $0.key, value: JSONText($0.value)) }
    }
    return DocumentFrame(form: form, before: try members(before), after: try members(after))
  }
}
