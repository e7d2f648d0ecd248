import CatalogDiff
import Components
import Foundation
import TestSupport
import Testing

/// The merge of arrays against a model of what each side did to which element: random BASE
/// arrays of objects with ids, and on each side disjoint edits (insertions of new elements,
/// removals, a move, edits of an element, both sides editing different fields of one element).
/// Every clean merge must hold every edit of both sides at the right element: no element lost
/// or doubled, none left that a side removed, each element with exactly the edits made to it,
/// and each side's order of the elements the other side did not move or insert. A conflict is
/// allowed (the merge may refuse to guess), but must leave a document that is not JSON.
///
/// The normal run takes 3,000 rounds; `CATALOG_MERGE_MODEL_ROUNDS=100000 swift test
/// --filter ArrayMergeModelTests` is the full run (docs/reliability.md). One round in 1,000
/// has a BASE array of 2,050 to 2,600 elements, past the alignment's dynamic-programming
/// budget (a few seconds each in a debug build).
@Suite("Array merge against a model")
struct ArrayMergeModelTests {
  static var rounds: Int {
    ProcessInfo.processInfo.environment["CATALOG_MERGE_MODEL_ROUNDS"].flatMap(Int.init) ?? 3000
  }

  @Test func disjointEditsOfArraysAllLandOnTheirElements() throws {
    var clean = 0
    var conflicted = 0
    for seed in 0..<UInt64(Self.rounds) {
      let round = ArrayMergeRound(seed: seed)
      let merge = try CatalogMerge(
        base: [Self.entry(round.base)], ours: [Self.entry(round.ours)],
        theirs: [Self.entry(round.theirs)])
      guard let entries = merge.entries else {
        conflicted += 1
        try #require((try? JSONValue(parsing: merge.document)) == nil, "seed \(seed)")
        continue
      }
      clean += 1
      let payload = try #require(entries.first).payload
      let items = try #require(try payload.value().objectValue?["items"]?.arrayValue)
      if let problem = round.problem(with: items) {
        Issue.record("seed \(seed): \(problem)\n\(round)")
        return
      }
    }
    // Both outcomes are exercised in quantity.
    #expect(clean > Self.rounds / 3 && conflicted > Self.rounds / 20, "\(clean) \(conflicted)")
  }

  static func entry(_ items: [JSONValue]) -> CatalogEntry {
    CatalogEntry(
      kind: "list", category: "Display", description: "A list",
      payload: .object(JSONObject([JSONObject.Member(key: "items", value: .array(items))])))
  }
}

/// One round of the array model: BASE, the two sides, and what each side did.
struct ArrayMergeRound: CustomStringConvertible {
  enum Action {
    case untouched
    /// Only this side edits the element (and may move it), or removes it.
    case edit(side: Int, moved: Bool)
    case remove(side: Int)
    case move(side: Int)
    /// Both edit it, different fields.
    case bothEdit
  }

  var base: [JSONValue] = []
  var ours: [JSONValue] = []
  var theirs: [JSONValue] = []
  /// The expected content of each element in a clean result, by id.
  var expected: [String: JSONValue] = [:]
  /// Ids each side moved or inserted: their place is that side's.
  var placed: [Set<String>] = [[], []]

  init(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    let count = seed % 1000 == 999 ? 2050 + rng.below(550) : rng.below(13)
    base = (0..<count).map { Self.element("b\($0)", &rng) }
    var actions: [Action] = []
    for _ in 0..<count {
      let roll = rng.below(100)
      let side = rng.below(2)
      let action: Action
      switch roll {
      case ..<45: action = .untouched
      case ..<65: action = .edit(side: side, moved: rng.chance(0.2))
      case ..<77: action = .remove(side: side)
      case ..<89: action = .move(side: side)
      default: action = .bothEdit
      }
      actions.append(count > 100 && roll >= 45 && rng.chance(0.98) ? .untouched : action)
    }
    var sides: [[JSONValue]] = [base, base]
    var toMove: [[JSONValue]] = [[], []]
    for (index, action) in actions.enumerated() {
      let id = "b\(index)"
      let element = base[index]
      switch action {
      case .untouched:
        expected[id] = element
      case .edit(let side, let moved):
        let edited = Self.edit(element, &rng)
        expected[id] = edited
        Self.replace(id, in: &sides[side], with: edited)
        if moved {
          toMove[side].append(edited)
          placed[side].insert(id)
        }
      case .remove(let side):
        sides[side].removeAll { Self.id(of: $0) == id }
      case .move(let side):
        expected[id] = element
        toMove[side].append(element)
        placed[side].insert(id)
      case .bothEdit:
        var merged = element.objectValue ?? JSONObject()
        for side in 0..<2 {
          let key = side == 0 ? "fromOurs" : "fromTheirs"
          let value = JSONValue.number(JSONNumber(rng.below(1000)))
          merged[key] = value
          var object = element.objectValue ?? JSONObject()
          object[key] = value
          Self.replace(id, in: &sides[side], with: .object(object))
        }
        expected[id] = .object(merged)
      }
    }
    for side in 0..<2 {
      // One move per side, past at least two other elements of BASE that the side kept: then
      // the side's own alignment is unambiguous (a move past one element is also the other
      // element moved, and two moves can be read as two others), and the model can say what
      // the right place of everything is. Other elements it chose to move stay in place.
      for element in toMove[side].dropFirst() {
        placed[side].remove(Self.id(of: element) ?? "")
      }
      if let element = toMove[side].first, let id = Self.id(of: element) {
        let rank = sides[side].firstIndex { Self.id(of: $0) == id } ?? 0
        sides[side].removeAll { Self.id(of: $0) == id }
        let choices = (0...sides[side].count).filter { abs($0 - rank) >= 2 }
        if choices.isEmpty {
          sides[side].insert(element, at: rank)
          placed[side].remove(id)
        } else {
          sides[side].insert(element, at: choices[rng.below(choices.count)])
        }
      }
      let insertions = rng.below(count > 100 ? 4 : 3)
      for k in 0..<insertions {
        let id = "\(side == 0 ? "o" : "t")\(k)"
        let element = Self.element(id, &rng)
        expected[id] = element
        placed[side].insert(id)
        sides[side].insert(element, at: rng.below(sides[side].count + 1))
      }
    }
    (ours, theirs) = (sides[0], sides[1])
  }

  static let words = ["hero", "tile", "card", "chip", "badge", "row"]

  static func element(_ id: String, _ rng: inout SplitMix64) -> JSONValue {
    var object = JSONObject()
    object["id"] = .string(id)
    object["name"] = .string(words[rng.below(words.count)])
    object["n"] = .number(JSONNumber(rng.below(10)))
    if rng.chance(0.3) { object["tags"] = .array([.string(words[rng.below(words.count)])]) }
    return .object(object)
  }

  /// One side's edit of an element: a field changed, added or removed.
  static func edit(_ element: JSONValue, _ rng: inout SplitMix64) -> JSONValue {
    var object = element.objectValue ?? JSONObject()
    switch rng.below(3) {
    case 0: object["n"] = .number(JSONNumber(10 + rng.below(90)))
    case 1: object["extra"] = .string(words[rng.below(words.count)])
    default: object.members.removeAll { $0.key == "name" }
    }
    return .object(object)
  }

  static func id(of value: JSONValue) -> String? {
    value.objectValue?["id"]?.stringValue
  }

  static func replace(_ id: String, in array: inout [JSONValue], with value: JSONValue) {
    if let index = array.firstIndex(where: { Self.id(of: $0) == id }) { array[index] = value }
  }

  var description: String {
    func show(_ array: [JSONValue]) -> String {
      array.map { String(decoding: JSONWriter.canonicalBytes($0), as: UTF8.self) }.joined(
        separator: "\n  ")
    }
    return "base:\n  \(show(base))\nours:\n  \(show(ours))\ntheirs:\n  \(show(theirs))"
  }

  /// What is wrong with a clean merge's array, or `nil`.
  func problem(with result: [JSONValue]) -> String? {
    let ids = result.map { Self.id(of: $0) ?? "?" }
    guard Set(ids).count == ids.count else { return "an element twice: \(ids)" }
    guard Set(ids) == Set(expected.keys) else {
      return "elements \(ids.sorted()), expected \(expected.keys.sorted())"
    }
    for element in result {
      let id = Self.id(of: element) ?? "?"
      guard let wanted = expected[id], Self.members(wanted) == Self.members(element) else {
        return "\(id) is \(element), expected \(expected[id].map { "\($0)" } ?? "nothing")"
      }
    }
    for (side, array) in [ours, theirs].enumerated() {
      let other = placed[1 - side]
      let mine = Set(array.compactMap { Self.id(of: $0) })
      let order = array.compactMap { Self.id(of: $0) }.filter {
        !other.contains($0) && expected[$0] != nil
      }
      let seen = ids.filter { mine.contains($0) && !other.contains($0) }
      guard order == seen else {
        return "\(side == 0 ? "ours" : "theirs") order \(order), merged \(seen)"
      }
    }
    return nil
  }

  /// Members by key, so that member order (the order rule's business) is not compared here.
  static func members(_ value: JSONValue) -> [String: JSONValue] {
    Dictionary((value.objectValue?.members ?? []).map { ($0.key, $0.value) }) { a, _ in a }
  }
}
