import Components
import TestSupport

/// A catalog that a property test edits at random and keeps in step with the one the CLI
/// writes: every entry with its component, and every leaf with the revision that last
/// changed it, as the test knows from the edit it made (not from any diff).
///
/// Every value an edit writes is new (a counter makes it unique), so that "the revision that
/// last changed this value" has one answer.
struct HistoryModel {
  /// A payload value with the revision of each leaf.
  indirect enum Node {
    case leaf(JSONValue, Int64)
    case array([Node])
    case object([(key: String, node: Node)])

    var value: JSONValue {
      switch self {
      case .leaf(let value, _): return value
      case .array(let nodes): return .array(nodes.map(\.value))
      case .object(let members):
        return .object(JSONObject(members.map { .init(key: $0.key, value: $0.node.value) }))
      }
    }

    func leaves(_ tokens: [String], into result: inout [Leaf]) {
      switch self {
      case .leaf(let value, let revision):
        result.append(Leaf(path: JSONPointer(tokens).description, value: value, revision: revision))
      case .array(let nodes):
        for (i, node) in nodes.enumerated() { node.leaves(tokens + [String(i)], into: &result) }
      case .object(let members):
        for member in members { member.node.leaves(tokens + [member.key], into: &result) }
      }
    }
  }

  struct Leaf: Equatable, CustomStringConvertible {
    var path: String
    var value: JSONValue
    var revision: Int64
    var description: String { "\(path) r\(revision) \(value.canonicalText)" }
  }

  struct Entry {
    var component: Int
    var kind: String
    var kindRevision: Int64
    var category: String
    var categoryRevision: Int64
    var description: String
    var descriptionRevision: Int64
    var payload: [(key: String, node: Node)]
    /// The revision that deprecated the entry, while it is deprecated.
    var deprecated: Int64?

    var value: JSONValue {
      var object = JSONObject()
      object["kind"] = .string(kind)
      object["category"] = .string(category)
      object["description"] = .string(description)
      object["payload"] = Node.object(payload).value
      if deprecated != nil { object["deprecated"] = .bool(true) }
      return .object(object)
    }

    /// What `blame` should say, in document order.
    var blame: [Leaf] {
      var result = [
        Leaf(path: "/kind", value: .string(kind), revision: kindRevision),
        Leaf(path: "/category", value: .string(category), revision: categoryRevision),
        Leaf(path: "/description", value: .string(description), revision: descriptionRevision),
      ]
      Node.object(payload).leaves(["payload"], into: &result)
      if let deprecated {
        result.append(Leaf(path: "/deprecated", value: .bool(true), revision: deprecated))
      }
      return result
    }
  }

  /// One edit, as the CLI is asked to make it.
  enum Command {
    /// Import the model's document with --prune.
    case importDocument
    case rename(String, String)
    case deprecate(String)
    case undeprecate(String)
  }

  private(set) var entries: [Entry] = []
  /// The entries after each revision, index 0 for revision 1.
  private(set) var snapshots: [[Entry]] = []
  private(set) var revision: Int64 = 0
  private var counter = 0
  private var components = 0
  var rng: SplitMix64

  init(seed: UInt64) {
    rng = SplitMix64(seed: seed)
  }

  var document: JSONValue {
    .object(JSONObject([.init(key: "components", value: .array(entries.map(\.value)))]))
  }

  private mutating func unique(_ prefix: String) -> String {
    counter += 1
    return "\(prefix)\(counter)"
  }

  private mutating func newEntry() -> Entry {
    components += 1
    let tags: [Node] = (0..<(1 + rng.below(3))).map { _ in .leaf(.string(unique("t")), revision) }
    return Entry(
      component: components, kind: unique("kind-"), kindRevision: revision,
      category: unique("Category "), categoryRevision: revision,
      description: unique("About "), descriptionRevision: revision,
      payload: [
        (unique("k"), .leaf(.string(unique("v")), revision)),
        ("tags", .array(tags)),
        ("box", .object([("w", .leaf(.number(JSONNumber(counter)), revision))])),
      ])
  }

  /// The first revision: a few entries.
  mutating func start() -> Command {
    revision += 1
    entries = (0..<3).map { _ in newEntry() }
    snapshots.append(entries)
    return .importDocument
  }

  /// Makes one random edit that changes something, and says how to make it through the CLI.
  mutating func edit() -> Command {
    revision += 1
    defer { snapshots.append(entries) }
    while true {
      if let command = tryEdit() { return command }
    }
  }

  private mutating func tryEdit() -> Command? {
    let e = rng.below(entries.count)
    switch rng.below(14) {
    case 0, 1:  // a scalar of the payload
      var scalars: [[Int]] = []
      collectScalars(.object(entries[e].payload), [], into: &scalars)
      guard !scalars.isEmpty else { return nil }
      let path = scalars[rng.below(scalars.count)]
      let value = JSONValue.string(unique("v"))
      entries[e].payload = Self.objectMembers(
        replace(.object(entries[e].payload), at: path[...], with: .leaf(value, revision)))
    case 2:  // a key added at the end, or at the front
      let node = Node.leaf(.string(unique("v")), revision)
      if rng.chance(0.5) {
        entries[e].payload.append((unique("k"), node))
      } else {
        entries[e].payload.insert((unique("k"), node), at: 0)
      }
    case 3:  // a key removed
      guard entries[e].payload.count > 1 else { return nil }
      entries[e].payload.remove(at: rng.below(entries[e].payload.count))
    case 4, 5:  // an element inserted anywhere, or removed
      guard let t = entries[e].payload.firstIndex(where: { $0.key == "tags" }),
        case .array(var nodes) = entries[e].payload[t].node
      else { return nil }
      if rng.chance(0.6) || nodes.count < 2 {
        nodes.insert(.leaf(.string(unique("t")), revision), at: rng.below(nodes.count + 1))
      } else {
        nodes.remove(at: rng.below(nodes.count))
      }
      entries[e].payload[t].node = .array(nodes)
    case 6:  // the members reordered
      guard entries[e].payload.count > 1 else { return nil }
      entries[e].payload.reverse()
    case 7:
      let old = entries[e].kind
      entries[e].kind = unique("renamed-")
      entries[e].kindRevision = revision
      return .rename(old, entries[e].kind)
    case 8:
      if entries[e].deprecated == nil {
        entries[e].deprecated = revision
        return .deprecate(entries[e].kind)
      }
      entries[e].deprecated = nil
      return .undeprecate(entries[e].kind)
    case 9:  // an entry moved
      guard entries.count > 1 else { return nil }
      let entry = entries.remove(at: e)
      var to = rng.below(entries.count + 1)
      if to == e { to = (e + 1) % (entries.count + 1) }
      entries.insert(entry, at: to)
    case 10:
      entries.insert(newEntry(), at: rng.below(entries.count + 1))
    case 11:
      guard entries.count > 2 else { return nil }
      entries.remove(at: e)
    case 12:
      entries[e].category = unique("Category ")
      entries[e].categoryRevision = revision
    default:
      entries[e].description = unique("About ")
      entries[e].descriptionRevision = revision
    }
    return .importDocument
  }

  /// The paths (member or element positions) of the scalar leaves under `node`.
  private func collectScalars(_ node: Node, _ path: [Int], into result: inout [[Int]]) {
    switch node {
    case .leaf: result.append(path)
    case .array(let nodes):
      for (i, child) in nodes.enumerated() { collectScalars(child, path + [i], into: &result) }
    case .object(let members):
      for (i, member) in members.enumerated() {
        collectScalars(member.node, path + [i], into: &result)
      }
    }
  }

  private func replace(_ node: Node, at path: ArraySlice<Int>, with new: Node) -> Node {
    guard let first = path.first else { return new }
    switch node {
    case .leaf: return new
    case .array(var nodes):
      nodes[first] = replace(nodes[first], at: path.dropFirst(), with: new)
      return .array(nodes)
    case .object(var members):
      members[first].node = replace(members[first].node, at: path.dropFirst(), with: new)
      return .object(members)
    }
  }

  private static func objectMembers(_ node: Node) -> [(key: String, node: Node)] {
    if case .object(let members) = node { return members }
    return []
  }
}

/// Random histories of names for the property that every command means the same component
/// by a name at every revision: renames (to new names and back to former ones), kinds
/// removed and added back under their name (the same component) or a former name of a
/// kind at head (`--allow-former-names`: a new one), restores and reverts. The model only
/// chooses the next command from what head holds (read back with `export` after each
/// write); the commands' answers are checked against each other, not against it.
struct NameHistoryModel {
  /// One write, as the CLI is asked to make it.
  enum Command: CustomStringConvertible {
    /// Import `document` (`--prune`, `--allow-former-names`).
    case importDocument(JSONValue)
    case rename(String, String)
    case restore(Int64)
    /// Revert a revision: it may conflict (exit 65, nothing written).
    case revert(Int64)

    var description: String {
      switch self {
      case .importDocument(let document): return "import \(document.canonicalText)"
      case .rename(let old, let new): return "rename \(old) \(new)"
      case .restore(let revision): return "restore \(revision)"
      case .revert(let revision): return "revert \(revision)"
      }
    }
  }

  var rng: SplitMix64
  /// Every name a kind ever had, in the order first used.
  private(set) var names: [String] = []
  private var counter = 0

  init(seed: UInt64) {
    rng = SplitMix64(seed: seed)
  }

  private mutating func fresh() -> String {
    counter += 1
    let name = "n\(counter)"
    names.append(name)
    return name
  }

  private mutating func entry(_ kind: String) -> JSONValue {
    counter += 1
    return .object(
      JSONObject([
        .init(key: "kind", value: .string(kind)), .init(key: "category", value: .string("c")),
        .init(key: "description", value: .string("d\(counter)")),
        .init(
          key: "payload",
          value: .object(JSONObject([.init(key: "v", value: .number(JSONNumber(counter)))]))),
      ]))
  }

  private static func document(_ entries: [JSONValue]) -> JSONValue {
    .object(JSONObject([.init(key: "components", value: .array(entries))]))
  }

  /// The first revision: three kinds.
  mutating func start() -> Command {
    let kinds = (0..<3).map { _ in fresh() }
    return .importDocument(Self.document(kinds.map { entry($0) }))
  }

  /// The next command, given head's entries (as `export` wrote them) and head's number.
  mutating func next(head entries: [JSONValue], revision head: Int64) -> Command {
    let kinds = entries.compactMap { $0.objectValue?["kind"]?.stringValue }
    let absent = names.filter { !kinds.contains($0) }
    switch rng.below(8) {
    case 0 where !kinds.isEmpty:  // a rename, to a former name when one is free
      let old = kinds[rng.below(kinds.count)]
      let new = !absent.isEmpty && rng.chance(0.5) ? absent[rng.below(absent.count)] : fresh()
      return .rename(old, new)
    case 1 where head > 1:
      return .restore(Int64(1 + rng.below(Int(head) - 1)))
    case 2 where head > 1:
      return .revert(Int64(2 + rng.below(Int(head) - 1)))
    case 3 where kinds.count > 1:  // a kind removed
      var kept = entries
      kept.remove(at: rng.below(kept.count))
      return .importDocument(Self.document(kept))
    case 4 where !absent.isEmpty:  // a name that is not at head comes back
      var more = entries
      more.insert(entry(absent[rng.below(absent.count)]), at: rng.below(more.count + 1))
      return .importDocument(Self.document(more))
    case 5:
      var more = entries
      more.append(entry(fresh()))
      return .importDocument(Self.document(more))
    default:  // an entry's values change
      guard !entries.isEmpty else { return .importDocument(Self.document([entry(fresh())])) }
      var changed = entries
      let i = rng.below(changed.count)
      changed[i] = entry(kinds[i])
      return .importDocument(Self.document(changed))
    }
  }
}
