import CatalogStorage
import Components

extension Catalog {
  /// Refuses a source that holds U+0000 anywhere a catalog keeps text, before anything is
  /// written: PostgreSQL's text cannot hold it, and input refuses it on both engines, so only
  /// a SQLite catalog written before that rule can hold one. The message says where: the
  /// revision, the kind and the JSON Pointer (the payload's own, found by reading its
  /// canonical text with the reader that refuses U+0000 at input).
  ///
  /// - Throws: ``RequestProblem/copySourceHoldsNUL(place:)`` naming the first place found.
  static func refuseNUL(in source: any CatalogReadContext) throws {
    func holdsNUL(_ text: String) -> Bool { text.utf8.contains(0) }
    func refuse(_ place: String) -> CatalogError { .request(.copySourceHoldsNUL(place: place)) }
    let head = try source.headRevision()
    for id in stride(from: 1, through: head, by: 1) {
      guard let revision = try source.revision(id) else { continue }
      for (field, text) in [
        ("author", revision.author), ("message", revision.message), ("source", revision.source),
      ] where holdsNUL(text) {
        throw refuse("revision \(id): its \(field)")
      }
    }
    var found: String?
    try source.forEachVersionRow(ofComponent: nil) { row in
      guard found == nil else { return }
      let kind = String(decoding: row.kind, as: UTF8.self)
      let place = "revision \(row.revision), kind '\(kind)'"
      if row.kind.contains(0) {
        found = "\(place): /kind"
      } else if row.category.contains(0) {
        found = "\(place): /category"
      } else if row.description.contains(0) {
        found = "\(place): /description"
      } else if let pointer = Self.nulPointer(inCanonical: row.payload, under: "/payload") {
        found = "\(place): \(pointer)"
      } else if let extra = row.extra, let pointer = Self.nulPointer(inCanonical: extra, under: "")
      {
        found = "\(place): \(pointer)"
      }
    }
    if let found { throw refuse(found) }
    for tag in try source.tags()
    where holdsNUL(tag.name) || holdsNUL(tag.message) || holdsNUL(tag.author) {
      throw refuse("tag '\(tag.name)'")
    }
    for event in try source.tagEvents()
    where holdsNUL(event.name) || holdsNUL(event.message) || holdsNUL(event.author ?? "") {
      throw refuse("tag event \(event.id) (tag '\(event.name)')")
    }
  }

  /// The JSON Pointer (under `prefix`) of the first string in canonical JSON `text` that
  /// holds U+0000 (written `\u0000` in canonical text, or raw), or nil.
  private static func nulPointer(inCanonical text: UnsafeRawBufferPointer, under prefix: String)
    -> String?
  {
    // A cheap test first: canonical text writes U+0000 as the escape \u0000.
    let escape = Array("\\u0000".utf8)
    let bytes = Array(text)
    guard bytes.contains(0) || bytes.firstRange(of: escape) != nil else { return nil }
    let reader = JSONReader(bytes: bytes)
    reader.refusesNUL = true
    do {
      _ = try reader.readDocument()
    } catch {
      return prefix + error.pointer.description
    }
    // An escaped backslash followed by "u0000" is not U+0000.
    return bytes.contains(0) ? prefix : nil
  }
}
