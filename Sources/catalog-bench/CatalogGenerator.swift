import Components
import Foundation

/// A Swift port of `../shared/bench/gen_components.py`: synthetic components.json catalogs of
/// any size, deterministic, byte for byte what the Python script writes for the same count,
/// seed and mutation (checked by `Tests/Benchmarks/compare-baselines.sh` when python3 is
/// there), so the benchmark needs neither Python nor `../shared`.
///
/// Entries have kebab-case kinds, a few dozen categories, descriptions, and payloads with
/// strings (some non-ASCII), numbers, booleans, nulls, nested objects and arrays, and, for one
/// entry in ten, nested child components.
struct CatalogGenerator {
  static let categories = [
    "Display", "Input", "Navigation", "Layout", "Feedback", "Media", "Data", "Overlay",
    "Typography", "Forms", "Charts", "Lists", "Cards", "Badges", "Buttons", "Menus", "Tables",
    "Editors", "Canvas", "Status",
  ]
  static let words = """
    tile preview hero card badge toggle slider stepper label field canvas \
    panel header footer avatar chip banner toast sheet drawer tab grid \
    list row cell icon image caption title subtitle status progress \
    meter gauge chart legend axis marker tooltip popover menu item
    """.split(separator: " ").map(String.init)
  static let unicode = [
    "Überschrift", "タイトル", "заголовок", "título", "标题", "🎨 palette", "naïve café",
  ]

  /// A sample payload, kept as fields so that a mutation can change one of them.
  struct Payload {
    var title: String
    var subtitle: String
    var isActive: Bool
    var count: Int
    /// The number as Python's `repr` writes it.
    var ratio: String
    var accent: String?
    var insets: (top: Int, leading: Int, bottom: Int, trailing: Int)
    var tags: [String]
    var children: [(kind: String, payload: Payload)]?
  }

  struct Entry {
    var kind: String
    var category: String
    var description: String
    var payload: Payload
  }

  /// `gen_components.py COUNT --seed SEED --mutate PERCENT`.
  static func entries(count: Int, seed: UInt64 = 41, mutate: Double = 0) -> [Entry] {
    var random = PythonRandom(seed: seed)
    var entries = (0..<count).map { entry($0, &random) }
    guard mutate != 0 else { return entries }
    var m = PythonRandom(seed: seed + 1)
    let changes = max(1, Int(Double(count) * mutate / 100))
    for _ in 0..<changes {
      let op = m.random()
      let j = m.below(entries.count)
      if op < 0.6 {
        switch m.choice(["title", "count", "isActive", "tags", "insets"]) {
        case "insets": entries[j].payload.insets.top += 1
        case "tags": entries[j].payload.tags.append(m.choice(words))
        case "count": entries[j].payload.count += 1
        case "isActive": entries[j].payload.isActive.toggle()
        default: entries[j].payload.title += " v2"
        }
      } else if op < 0.7 {
        entries[j].description += " (updated)"
      } else if op < 0.85 {
        entries.remove(at: j)
      } else {
        entries.append(entry(count + j + 1_000_000, &m))
      }
    }
    return entries
  }

  /// The components.json bytes Python's `json.dump(..., ensure_ascii=False, indent=2)` writes,
  /// plus the final newline.
  static func document(_ entries: [Entry]) -> [UInt8] {
    var writer = CatalogDocumentWriter()
    for entry in entries {
      var payload: [UInt8] = []
      append(entry.payload, to: &payload)
      writer.append(
        CatalogEntry(
          kind: entry.kind, category: entry.category, description: entry.description,
          payload: JSONText(canonicalBytes: payload)))
    }
    return writer.finish()
  }

  private static func entry(_ i: Int, _ random: inout PythonRandom) -> Entry {
    let kind = random.sample(words, 2).joined(separator: "-") + "-" + String(i, radix: 16)
    let category = random.choice(categories)
    let description = "Displays " + random.sample(words, random.int(3...12)).joined(separator: " ")
    return Entry(
      kind: kind, category: category, description: description, payload: payload(&random))
  }

  private static func payload(_ random: inout PythonRandom, depth: Int = 0) -> Payload {
    let title = random.choice(words).capitalized + " " + random.choice(words)
    let subtitle =
      random.random() < 0.2
      ? random.choice(unicode) : random.sample(words, 4).joined(separator: " ")
    let isActive = random.random() < 0.7
    let count = random.int(-1000...100_000)
    let ratio = pythonRepr(rounded: random.uniform(0, 1))
    let accent = random.random() < 0.3 ? nil : "#" + hex6(random.int(0...0xFF_FFFF))
    let insets = (
      top: random.int(0...32), leading: random.int(0...32), bottom: random.int(0...32),
      trailing: random.int(0...32)
    )
    let tags = random.sample(words, random.int(0...5))
    var children: [(kind: String, payload: Payload)]?
    if depth == 0 && random.random() < 0.1 {
      children = (0..<random.int(1...3)).map { _ in
        let kind = "label-" + String(random.int(0...999), radix: 16)
        return (kind, payload(&random, depth: depth + 1))
      }
    }
    return Payload(
      title: title, subtitle: subtitle, isActive: isActive, count: count, ratio: ratio,
      accent: accent, insets: insets, tags: tags, children: children)
  }

  /// Canonical compact JSON of a payload, members in the script's order.
  private static func append(_ payload: Payload, to out: inout [UInt8]) {
    func member(_ key: String, _ first: Bool = false) {
      if !first { out.append(UInt8(ascii: ",")) }
      JSONWriter.appendString(key, to: &out)
      out.append(UInt8(ascii: ":"))
    }
    out.append(UInt8(ascii: "{"))
    member("title", true)
    JSONWriter.appendString(payload.title, to: &out)
    member("subtitle")
    JSONWriter.appendString(payload.subtitle, to: &out)
    member("isActive")
    out.append(contentsOf: (payload.isActive ? "true" : "false").utf8)
    member("count")
    out.append(contentsOf: String(payload.count).utf8)
    member("ratio")
    out.append(contentsOf: payload.ratio.utf8)
    member("accent")
    if let accent = payload.accent {
      JSONWriter.appendString(accent, to: &out)
    } else {
      out.append(contentsOf: "null".utf8)
    }
    member("insets")
    out.append(
      contentsOf:
        "{\"top\":\(payload.insets.top),\"leading\":\(payload.insets.leading),\"bottom\":\(payload.insets.bottom),\"trailing\":\(payload.insets.trailing)}"
        .utf8)
    member("tags")
    out.append(UInt8(ascii: "["))
    for (i, tag) in payload.tags.enumerated() {
      if i > 0 { out.append(UInt8(ascii: ",")) }
      JSONWriter.appendString(tag, to: &out)
    }
    out.append(UInt8(ascii: "]"))
    if let children = payload.children {
      member("children")
      out.append(UInt8(ascii: "["))
      for (i, child) in children.enumerated() {
        if i > 0 { out.append(UInt8(ascii: ",")) }
        out.append(contentsOf: "{\"kind\":".utf8)
        JSONWriter.appendString(child.kind, to: &out)
        out.append(contentsOf: ",\"payload\":".utf8)
        append(child.payload, to: &out)
        out.append(UInt8(ascii: "}"))
      }
      out.append(UInt8(ascii: "]"))
    }
    out.append(UInt8(ascii: "}"))
  }

  /// `repr(round(x, 6))`: C's `%.6f` rounds the exact binary value to six decimals as
  /// CPython's `round` does, and Swift's `description` is the shortest text that reads back
  /// as the same double, as `repr` is (both switch to `1e-05` notation below 1e-4).
  private static func pythonRepr(rounded x: Double) -> String {
    let rounded = Double(String(format: "%.6f", x)) ?? x
    return rounded.description
  }

  private static func hex6(_ value: Int) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: max(0, 6 - digits.count)) + digits
  }
}
