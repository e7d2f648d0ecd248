import Components
import TestSupport

/// A random BASE catalog and two random edit scripts applied to copies of it, with a record
/// of every edit, for the merge's property test.
///
/// Edits: entries added (anywhere), removed, renamed (a removal and an addition in place);
/// leaves set (category, description, an extra member, payload fields, a field of an array
/// element); payload and nested keys added and removed; array elements inserted and removed
/// (at most one array edit per array and side, so that the side's own alignment is
/// unambiguous); member reorders of the entry, the payload and a nested object. New kinds and
/// values are unique per side, except for deliberate shared ones ("dup", "shared", "same:…"),
/// which are sometimes equal on both sides and sometimes not.
struct MergeScenario {
  var base: [JSONValue] = []
  var ours: [JSONValue] = []
  var theirs: [JSONValue] = []
  var oursEdits = SideEdits()
  var theirsEdits = SideEdits()

  /// What one side did, by kind and JSON Pointer (array indices are BASE's).
  struct SideEdits {
    var removedEntries: Set<String> = []
    var addedEntries: [String: JSONValue] = [:]
    var leaves: [String: [String: JSONValue]] = [:]
    var removedKeys: [String: Set<String>] = [:]
    /// kind → object pointer → key → value.
    var addedKeys: [String: [String: [String: JSONValue]]] = [:]
    /// kind → array pointer → (BASE gap, value).
    var insertions: [String: [String: (gap: Int, value: JSONValue)]] = [:]
    /// kind → array pointer → BASE index.
    var removals: [String: [String: Int]] = [:]
    /// kind → pointers of objects whose members this side reordered ("" is the entry).
    var reordered: [String: Set<String>] = [:]

    /// Every pointer this side edited in `kind`, for overlap tests.
    func pointers(in kind: String) -> [String] {
      var all = Array(leaves[kind]?.keys ?? [:].keys)
      all += removedKeys[kind] ?? []
      for (object, keys) in addedKeys[kind] ?? [:] { all += keys.keys.map { object + "/" + $0 } }
      all += (insertions[kind] ?? [:]).keys
      all += (removals[kind] ?? [:]).map { "\($0.key)/\($0.value)" }
      all += reordered[kind] ?? []
      return all
    }

    func touched(_ kind: String) -> Bool { !pointers(in: kind).isEmpty }
  }

  // MARK: - Generation

  init(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    let count = 1 + rng.below(5)
    base = (0..<count).map { Self.baseEntry("k\($0)", &rng) }
    let sameDup = rng.chance(0.5)
    (ours, oursEdits) = Self.side("o", base, sameDup: sameDup, &rng)
    (theirs, theirsEdits) = Self.side("t", base, sameDup: sameDup, &rng)
  }

  static let words = ["hero", "tile", "card", "chip", "badge", "row"]

  static func baseEntry(_ kind: String, _ rng: inout SplitMix64) -> JSONValue {
    var payload = JSONObject()
    payload["title"] = .string(words[rng.below(words.count)])
    payload["count"] = .number(JSONNumber(rng.below(10)))
    payload["tags"] = .array((0..<rng.below(5)).map { .string("\(kind)-t\($0)") })
    payload["style"] = ["color": .string(words[rng.below(words.count)]), "size": 12]
    payload["items"] = .array(
      (0..<rng.below(4)).map { ["id": .string("\(kind)-i\($0)"), "name": .string(words[$0])] })
    var entry = JSONObject()
    entry["kind"] = .string(kind)
    entry["category"] = .string(words[rng.below(words.count)])
    entry["description"] = .string("About \(kind)")
    entry["payload"] = .object(payload)
    if rng.chance(0.3) { entry["notes"] = .string("note") }
    return .object(entry)
  }

  private static func side(
    _ label: String, _ base: [JSONValue], sameDup: Bool, _ rng: inout SplitMix64
  ) -> ([JSONValue], SideEdits) {
    var doc = base
    var edits = SideEdits()
    var counter = 0
    func fresh(_ prefix: String) -> String {
      counter += 1
      return "\(label)\(prefix)\(counter)"
    }
    func value(_ pointer: String, _ rng: inout SplitMix64) -> JSONValue {
      rng.chance(0.25) ? .string("same:\(pointer)") : .string(fresh("v"))
    }
    func index(of kind: String) -> Int? {
      doc.firstIndex { $0.objectValue?["kind"] == .string(kind) }
    }

    // Phase 1: entries removed and renamed; keys removed; members reordered.
    for entry in base {
      guard let kind = entry.objectValue?["kind"]?.stringValue, rng.chance(0.15),
        let at = index(of: kind)
      else { continue }
      edits.removedEntries.insert(kind)
      if rng.chance(0.5) {
        let renamed = fresh("-renamed")
        var object = entry.objectValue ?? JSONObject()
        object["kind"] = .string(renamed)
        doc[at] = .object(object)
        edits.addedEntries[renamed] = .object(object)
      } else {
        doc.remove(at: at)
      }
    }
    let kept = base.compactMap { $0.objectValue?["kind"]?.stringValue }.filter {
      !edits.removedEntries.contains($0)
    }
    for kind in kept {
      guard let at = index(of: kind) else { continue }
      if rng.chance(0.1) {
        let candidates = ["/payload/style", "/payload/tags", "/payload/items", "/notes"].filter {
          doc[at].at($0) != nil
        }
        let pointer = candidates[rng.below(candidates.count)]
        doc[at].remove(pointer)
        edits.removedKeys[kind, default: []].insert(pointer)
      }
      for pointer in ["", "/payload", "/payload/style"] where rng.chance(0.1) {
        guard case .object(var object)? = doc[at].at(pointer) else { continue }
        let before = object.keys
        object.members.shuffle(using: &rng)
        guard object.keys != before else { continue }
        doc[at].set(pointer, .object(object))
        edits.reordered[kind, default: []].insert(pointer)
      }
    }

    // Phase 2: leaves set, array elements inserted, removed or changed.
    for kind in kept {
      guard let at = index(of: kind) else { continue }
      var arraysEdited: Set<String> = []
      for _ in 0..<rng.below(3) {
        if rng.chance(0.6) {
          let candidates = [
            "/category", "/description", "/notes", "/payload/title", "/payload/count",
            "/payload/style/color", "/payload/style/size",
          ].filter { doc[at].at($0) != nil }
          let pointer = candidates[rng.below(candidates.count)]
          let new = value(pointer, &rng)
          doc[at].set(pointer, new)
          edits.leaves[kind, default: [:]][pointer] = new
          continue
        }
        let array = rng.chance(0.5) ? "/payload/tags" : "/payload/items"
        guard case .array(var elements)? = doc[at].at(array), arraysEdited.insert(array).inserted
        else { continue }
        switch rng.below(3) {
        case 0:
          let gap = rng.below(elements.count + 1)
          let new: JSONValue =
            array == "/payload/tags"
            ? .string(fresh("tag")) : ["id": .string(fresh("item")), "name": "new"]
          elements.insert(new, at: gap)
          edits.insertions[kind, default: [:]][array] = (gap, new)
        case 1 where !elements.isEmpty:
          let removed = rng.below(elements.count)
          elements.remove(at: removed)
          edits.removals[kind, default: [:]][array] = removed
        case 2 where array == "/payload/items" && !elements.isEmpty:
          let element = rng.below(elements.count)
          let pointer = "\(array)/\(element)/name"
          let new = value(pointer, &rng)
          elements[element].set("/name", new)
          edits.leaves[kind, default: [:]][pointer] = new
        default:
          arraysEdited.remove(array)
          continue
        }
        doc[at].set(array, .array(elements))
      }
    }

    // Phase 3: keys and entries added (a shared key or kind last, at the end).
    for kind in kept {
      guard let at = index(of: kind) else { continue }
      for object in ["/payload", "/payload/style"] where rng.chance(0.15) {
        guard doc[at].at(object) != nil else { continue }
        let key = fresh("x")
        let new = JSONValue.string(fresh("v"))
        doc[at].set(object + "/" + key, new)
        edits.addedKeys[kind, default: [:]][object, default: [:]][key] = new
      }
      if rng.chance(0.1) {
        let new: JSONValue = rng.chance(0.5) ? "shared" : .string(fresh("shared"))
        doc[at].set("/payload/shared", new)
        edits.addedKeys[kind, default: [:]]["/payload", default: [:]]["shared"] = new
      }
    }
    for _ in 0..<rng.below(3) where rng.chance(0.5) {
      var entry = baseEntry(fresh("-new"), &rng)
      entry.set("/description", .string("Added by \(label)"))
      let kind = entry.objectValue?["kind"]?.stringValue ?? ""
      doc.insert(entry, at: rng.below(doc.count + 1))
      edits.addedEntries[kind] = entry
    }
    if rng.chance(0.1) {
      var dup = JSONObject()
      dup["kind"] = "dup"
      dup["category"] = "Shared"
      dup["description"] = sameDup ? "The same" : .string("By \(label)")
      dup["payload"] = ["title": "dup"]
      doc.append(.object(dup))
      edits.addedEntries["dup"] = .object(dup)
    }
    return (doc, edits)
  }
}

extension JSONValue {
  /// The value at a pointer given as text (`""` is the value itself).
  func at(_ pointer: String) -> JSONValue? {
    var value = self
    for token in pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
      switch value {
      case .object(let object):
        guard let next = object[String(token)] else { return nil }
        value = next
      case .array(let elements):
        guard let index = Int(token), elements.indices.contains(index) else { return nil }
        value = elements[index]
      default:
        return nil
      }
    }
    return value
  }

  /// Sets the value at a pointer; a missing last key is appended to its object.
  mutating func set(_ pointer: String, _ new: JSONValue) {
    modify(
      pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)[
        ...]
    ) {
      $0 = new
    }
  }

  /// Removes the member at a pointer.
  mutating func remove(_ pointer: String) {
    var tokens = pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(
      String.init)
    let last = tokens.removeLast()
    modify(tokens[...]) { value in
      if case .object(var object) = value {
        object[last] = nil
        value = .object(object)
      }
    }
  }

  private mutating func modify(_ tokens: ArraySlice<String>, _ body: (inout JSONValue) -> Void) {
    guard let token = tokens.first else { return body(&self) }
    switch self {
    case .object(var object):
      var child = object[token] ?? .null
      child.modify(tokens.dropFirst(), body)
      object[token] = child
      self = .object(object)
    case .array(var elements):
      guard let index = Int(token), elements.indices.contains(index) else { return }
      elements[index].modify(tokens.dropFirst(), body)
      self = .array(elements)
    default:
      return
    }
  }
}
