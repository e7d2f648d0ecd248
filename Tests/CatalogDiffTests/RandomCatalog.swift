import Components
import TestSupport

/// Random catalogs and random edits of them, for property-style tests.
///
/// Every key and kind an edit adds is new (a counter makes it unique), so that NEW's member
/// order is the order a patch produces and results can be compared exactly, key order included.
struct RandomCatalog {
  var rng: SplitMix64
  private var counter = 0
  /// Words, some of them equal up to Unicode normalization or case: NFC `café`, NFD `café`,
  /// `Café`, `HERO`, `Hero`. Equality is bytes, so each is a value of its own.
  private static let words = [
    "hero", "tile", "card", "chip", "badge", "row", "grid", "tab", "caf\u{E9}", "cafe\u{301}",
    "Caf\u{E9}", "HERO", "Hero",
  ]

  init(seed: UInt64) {
    rng = SplitMix64(seed: seed)
  }

  private mutating func fresh(_ prefix: String) -> String {
    counter += 1
    return "\(prefix)\(counter)"
  }

  mutating func word() -> String {
    Self.words[rng.below(Self.words.count)]
  }

  mutating func scalar() -> JSONValue {
    switch rng.below(6) {
    case 0: return .null
    case 1: return .bool(rng.chance(0.5))
    case 2: return .number(JSONNumber(rng.below(100) - 20))
    case 3: return .number(JSONNumber(text: "0.\(rng.below(1000))") ?? JSONNumber(0))
    default: return .string(word())
    }
  }

  mutating func value(depth: Int) -> JSONValue {
    guard depth < 3 else { return scalar() }
    switch rng.below(6) {
    case 0: return .array((0..<rng.below(5)).map { _ in .string(word()) })
    case 1: return .array((0..<rng.below(3)).map { _ in value(depth: depth + 1) })
    case 2: return object(depth: depth + 1)
    default: return scalar()
    }
  }

  mutating func object(depth: Int) -> JSONValue {
    var object = JSONObject()
    for _ in 0..<rng.below(5) { object[fresh("key")] = value(depth: depth) }
    if rng.chance(0.3) {
      // Keys that differ only in normalization or case, side by side in one object.
      counter += 1
      for key in ["\u{E9}\(counter)", "e\u{301}\(counter)", "\u{C9}\(counter)"] {
        object[key] = value(depth: depth)
      }
    }
    return .object(object)
  }

  mutating func entry() -> CatalogEntry {
    var payload = JSONObject()
    payload["title"] = .string(word())
    payload["tags"] = .array((0..<rng.below(6)).map { _ in .string(word()) })
    payload["insets"] = ["top": .number(JSONNumber(rng.below(10))), "leading": 4]
    for _ in 0..<rng.below(4) { payload[fresh("key")] = value(depth: 1) }
    var entry = CatalogEntry(
      kind: fresh("kind-"), category: word(), description: "Shows a \(word())",
      payload: .object(payload))
    if rng.chance(0.2) {
      entry.extraMembers = [CatalogEntry.Member(key: "since", value: JSONText(.string(word())))]
    }
    return entry
  }

  mutating func catalog(count: Int) -> [CatalogEntry] {
    (0..<count).map { _ in entry() }
  }

  /// NEW from OLD: entries removed, added, moved, and changed in their fields and payloads.
  mutating func edited(_ old: [CatalogEntry]) throws -> [CatalogEntry] {
    var entries = old
    for _ in 0..<rng.below(4) {
      guard !entries.isEmpty, rng.chance(0.5) else { break }
      entries.remove(at: rng.below(entries.count))
    }
    for _ in 0..<rng.below(3) {
      guard entries.count > 1 else { break }
      let moving = entries.remove(at: rng.below(entries.count))
      entries.insert(moving, at: rng.below(entries.count + 1))
    }
    for index in entries.indices where rng.chance(0.4) {
      entries[index] = try changed(entries[index])
    }
    for _ in 0..<rng.below(4) where rng.chance(0.5) {
      entries.insert(entry(), at: rng.below(entries.count + 1))
    }
    return entries
  }

  private mutating func changed(_ entry: CatalogEntry) throws -> CatalogEntry {
    var entry = entry
    if rng.chance(0.15) { entry.category = word() }
    if rng.chance(0.15) { entry.description += " v2" }
    if rng.chance(0.1) {
      if entry.extraMembers.isEmpty {
        entry.extraMembers.append(
          CatalogEntry.Member(key: fresh("extra"), value: JSONText(scalar())))
      } else {
        entry.extraMembers.removeFirst()
      }
    }
    var payload = try entry.payload.value()
    for _ in 0..<(1 + rng.below(4)) { mutate(&payload, depth: 0) }
    entry.payload = JSONText(payload)
    return entry
  }

  /// One random edit somewhere inside `value`.
  mutating func mutate(_ value: inout JSONValue, depth: Int) {
    switch value {
    case .object(var object):
      let choice = rng.below(10)
      if !object.isEmpty && choice < 6 {
        let index = rng.below(object.count)
        mutate(&object.members[index].value, depth: depth + 1)
      } else if !object.isEmpty && choice < 8 {
        object.members.remove(at: rng.below(object.count))
      } else {
        object[fresh("key")] = self.value(depth: depth + 1)
      }
      value = .object(object)
    case .array(var elements):
      let choice = rng.below(10)
      if !elements.isEmpty && choice < 4 {
        let index = rng.below(elements.count)
        mutate(&elements[index], depth: depth + 1)
      } else if !elements.isEmpty && choice < 7 {
        elements.remove(at: rng.below(elements.count))
      } else {
        elements.insert(
          rng.chance(0.5) ? .string(word()) : self.value(depth: depth + 1),
          at: rng.below(elements.count + 1))
      }
      value = .array(elements)
    case .null, .bool, .number, .string:
      value = rng.chance(0.7) ? scalar() : self.value(depth: depth + 1)
    }
  }

  /// `{"components": [...]}` as a value.
  static func document(_ entries: [CatalogEntry]) throws -> JSONValue {
    ["components": .array(try entries.map { try $0.jsonValue })]
  }
}
