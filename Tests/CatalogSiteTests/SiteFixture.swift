import CatalogStore
import Components
import Foundation
import TestSupport

/// A small catalog with the history the site shows: two imports, a rename, a removal, a
/// deprecation, two tags, and hostile text in every field a page prints.
struct SiteFixture {
  /// Text that would become markup or script if any page forgot to escape it.
  static let hostile = [
    "<script>alert('kind')</script>", "<img src=x onerror=alert('category')>",
    "</script><script>alert('description')</script>", "<svg onload=alert('value')>",
    "<b>mallory</b>", "<!--", "<img src=x onerror=alert('message')>",
    "<img src=x onerror=alert('key')>",
  ]

  let directory: TemporaryDirectory
  let catalog: Catalog

  init() throws {
    directory = try TemporaryDirectory()
    catalog = try Catalog(path: directory.path("catalog.sqlite"))
    let first = """
      {"components": [
        {"kind": "button", "category": "Input", "description": "A pressable button",
         "payload": {"title": "OK", "style": {"radius": 4}, "tags": ["a", "b"]}},
        {"kind": "tile-preview", "category": "Display", "description": "A tile",
         "payload": {"rounded": true, "caption": {"text": "Hi", "lines": 2}}},
        {"kind": "<script>alert('kind')</script>",
         "category": "<img src=x onerror=alert('category')>",
         "description": "</script><script>alert('description')</script> & <!--",
         "payload": {"<img src=x onerror=alert('key')>": "<svg onload=alert('value')>"}},
        {"kind": "old-banner", "category": "Display", "description": "Going away",
         "payload": {"text": "Sale"}}
      ]}
      """
    try catalog.importDocument(
      from: .bytes(Array(first.utf8), name: "first.json"),
      options: WriteOptions(author: "alice", message: "First import"))
    try catalog.tag("v1", author: "alice")
    try catalog.rename(
      "tile-preview", to: "tile-card", options: WriteOptions(author: "bob", message: "Rename"))
    let second = """
      {"components": [
        {"kind": "button", "category": "Input", "description": "A pressable button",
         "payload": {"title": "Okay", "style": {"radius": 4}, "tags": ["a", "b"]}},
        {"kind": "tile-card", "category": "Display", "description": "A tile",
         "payload": {"rounded": "yes", "caption": {"text": "Hi"}}},
        {"kind": "<script>alert('kind')</script>",
         "category": "<img src=x onerror=alert('category')>",
         "description": "</script><script>alert('description')</script> & <!--",
         "payload": {"<img src=x onerror=alert('key')>": "<svg onload=alert('value')>!"}}
      ]}
      """
    try catalog.importDocument(
      from: .bytes(Array(second.utf8), name: "second.json"),
      options: WriteOptions(
        author: "<b>mallory</b>", message: "<img src=x onerror=alert('message')>"),
      prune: true)
    try catalog.setDeprecated(
      "button", true, options: WriteOptions(author: "carol", message: "Deprecate"))
    try catalog.tag("v2", author: "carol")
  }

  /// Every file of a site, by relative path.
  static func files(in root: String) throws -> [String: [UInt8]] {
    try FileTree.files(in: root)
  }

  static func text(_ bytes: [UInt8]?) -> String {
    String(decoding: bytes ?? [], as: UTF8.self)
  }
}
