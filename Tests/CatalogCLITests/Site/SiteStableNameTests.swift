import Foundation
import TestSupport
import Testing

/// A kind's page keeps its name whatever else the catalog holds: the name depends on the kind
/// alone, so adding kinds (before it in export order, with the same slug, without ASCII
/// letters), importing the same file into a new catalog, or renaming another kind never
/// renames it; a renamed kind's old page leads to its new one.
@Suite("catalog site: stable page names")
struct SiteStableNameTests {
  static func entry(_ kind: String) -> String {
    // The test's kinds hold no quote, backslash or control character.
    let text = "\"\(kind)\""
    return
      #"{"kind": \#(text), "category": "C", "description": "d", "payload": {"title": \#(text)}}"#
  }

  static func document(_ kinds: [String]) -> String {
    "{\"components\": [\n" + kinds.map(entry).joined(separator: ",\n") + "\n]}\n"
  }

  /// The page of every kind, by the kind it shows (its `<h1>`), read from the written site.
  static func pages(_ runner: CatalogRunner, _ output: String) throws -> [String: String] {
    let folder = runner.directory.path("\(output)/kinds")
    var pages: [String: String] = [:]
    for file in try FileManager.default.contentsOfDirectory(atPath: folder) {
      let html = try String(contentsOfFile: "\(folder)/\(file)", encoding: .utf8)
      guard !html.contains("http-equiv=\"refresh\""),
        let start = html.range(of: "<h1 class=kind-title>"),
        let end = html.range(of: "</h1>", range: start.upperBound..<html.endIndex)
      else { continue }
      var kind = String(html[start.upperBound..<end.lowerBound])
      if let badge = kind.range(of: " <span") { kind = String(kind[..<badge.lowerBound]) }
      #expect(pages.updateValue(file, forKey: kind) == nil, "two pages for \(kind)")
    }
    return pages
  }

  @Test(arguments: TestEngine.allCases)
  func addingKindsNeverRenamesAPage(_ engine: TestEngine) throws {
    let runner = CatalogRunner(location: try engine.makeLocation())
    let first = ["tile-preview", "Tile Preview", "日本", "★", "Button"]
    try runner.directory.write("v1.json", Self.document(first))
    try runner.run(["import", "v1.json"], expect: 0)
    try runner.run(["site", "-o", "one"], expect: 0)
    let before = try Self.pages(runner, "one")
    #expect(before.count == first.count)
    #expect(before["tile-preview"] == "tile-preview.html")
    #expect(before["Tile Preview"]?.hasPrefix("tile-preview--") == true)
    #expect(before["日本"]?.hasPrefix("item--") == true)

    // New kinds first in export order, sharing slugs with the old ones and with each other.
    let added = ["ＴＩＬＥ", "tile preview", "日本語", "☆", "button!", "item"]
    try runner.directory.write("v2.json", Self.document(added + first))
    try runner.run(["import", "v2.json"], expect: 0)
    try runner.run(["site", "-o", "two"], expect: 0)
    let after = try Self.pages(runner, "two")
    #expect(after.count == first.count + added.count)
    for kind in first { #expect(after[kind] == before[kind], "\(kind)") }
    #expect(Set(after.values).count == after.count)

    // The same file into a new catalog: the same names.
    let again = CatalogRunner(location: try engine.makeLocation())
    try again.directory.write("v2.json", Self.document(Array((added + first).reversed())))
    try again.run(["import", "v2.json"], expect: 0)
    try again.run(["site", "-o", "three"], expect: 0)
    #expect(try Self.pages(again, "three") == after)
  }

  @Test(arguments: TestEngine.allCases)
  func aRenamedKindsOldPageLeadsToItsNewOne(_ engine: TestEngine) throws {
    let runner = CatalogRunner(location: try engine.makeLocation())
    try runner.directory.write("v1.json", Self.document(["tile-preview", "日本"]))
    try runner.run(["import", "v1.json"], expect: 0)
    try runner.run(["site", "-o", "site"], expect: 0)
    let before = try Self.pages(runner, "site")
    try runner.run(["rename", "tile-preview", "Tile Card"], expect: 0)
    try runner.run(["rename", "Tile Card", "tile-card"], expect: 0)
    try runner.run(["site", "-o", "site"], expect: 0)
    let after = try Self.pages(runner, "site")
    #expect(after["tile-card"] == "tile-card.html")
    #expect(after["日本"] == before["日本"])
    // Both former names lead to the kind's page.
    let hashed = try #require(
      try FileManager.default.contentsOfDirectory(atPath: runner.directory.path("site/kinds"))
        .first { $0.hasPrefix("tile-card--") })
    for former in ["tile-preview.html", hashed] {
      let html = String(
        decoding: try runner.directory.read("site/kinds/\(former)"), as: UTF8.self)
      #expect(
        html.contains("<meta http-equiv=\"refresh\" content=\"0; url=tile-card.html\">"),
        "\(former)")
      #expect(html.contains("Renamed to <a href=\"tile-card.html\">tile-card</a>"), "\(former)")
    }
    let manifest = String(
      decoding: try runner.directory.read("site/.catalog-site"), as: UTF8.self)
    #expect(manifest.contains("kinds/tile-preview.html\n"))

    // A new kind under the old name takes its page back.
    try runner.directory.write("v2.json", Self.document(["tile-preview"]))
    try runner.run(["import", "v2.json", "--allow-former-names"], expect: 0)
    try runner.run(["site", "-o", "site"], expect: 0)
    let last = try Self.pages(runner, "site")
    #expect(last["tile-preview"] == "tile-preview.html")
    #expect(last["tile-card"] == "tile-card.html")
  }
}
