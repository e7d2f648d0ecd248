import Components
import Foundation
import TestSupport
import Testing

/// The site's kind page shows the kind's shape and which retained app builds decode it
/// (issue 32, item 6), on both engines; what the builds are called is data, escaped.
@Suite("The site and the app builds")
struct SiteContractsTests {
  static func page(_ runner: CatalogRunner, _ location: TestLocation, kind: String) throws
    -> String
  {
    try runner.run(["site", "--output", "public"])
    return String(decoding: try location.directory.read("public/kinds/\(kind).html"), as: UTF8.self)
  }

  @Test(arguments: TestEngine.allCases)
  func kindPagesNameTheBuildsAndTheirShapes(_ engine: TestEngine) throws {
    let location = try engine.makeLocation()
    let runner = CatalogRunner(location: location, environment: ["CATALOG_AUTHOR": "ann"])
    try location.directory.write("v1.json", ClientGateTests.document(count: "1.5"))
    try runner.run(["import", "v1.json"])
    let plain = try Self.page(runner, location, kind: "counter")
    #expect(!plain.contains("App builds"))

    try location.directory.write("ios.json", ContractFiles.ios("5.2.0"))
    try runner.run(["contract", "record", "ios.json"])
    // An app name is data: markup in it is text on the page.
    let registry = ComponentsRegistry()
    registry.register(FractionalCounterComponent.self)
    try location.directory.write(
      "web.json", registry.contract(app: "<b>web</b>", version: "1.0").canonicalBytes)
    try runner.run(["contract", "record", "web.json"])

    let counter = try Self.page(runner, location, kind: "counter")
    #expect(counter.contains("<h2 id=apps-h>App builds</h2>"), "\(counter)")
    #expect(
      counter.contains(
        "<p class=decoded-by>Decoded by <code class=build>&lt;b&gt;web&lt;/b&gt;@1.0</code>, "
          + "<code class=build>ios@5.2.0</code></p>"), "\(counter)")
    #expect(!counter.contains("<b>web</b>"))
    #expect(
      counter.contains(
        "<li class=rejection>/payload/count: app ios@5.2.0 decodes an integer, found 1.5</li>"),
      "\(counter)")
    // Two shapes: the Double build's and the Int build's, each with its schema.
    #expect(counter.components(separatedBy: "<h3 class=shape-h>").count == 3, "\(counter)")
    #expect(counter.contains(#""type": "integer""#), "\(counter)")
    #expect(counter.contains(#""type": "number""#), "\(counter)")

    let badge = try Self.page(runner, location, kind: "badge")
    #expect(
      badge.contains(
        "<p class=\"muted not-known-by\">Not known by <code class=build>&lt;b&gt;web&lt;/b&gt;@1.0</code>"
      ),
      "\(badge)")
    let promo = try Self.page(runner, location, kind: "promo")
    #expect(promo.contains("No retained app build decodes this kind."), "\(promo)")

    // Retired builds are no longer shown.
    try runner.run(["contract", "retire", "ios@5.2.0"])
    try runner.run(["contract", "retire", "<b>web</b>@1.0"])
    #expect(!(try Self.page(runner, location, kind: "counter")).contains("App builds"))
  }
}
