import Components

/// Which revision last changed each leaf of a value, carried from one state of the value to
/// the next with the same alignment ``CatalogDiff`` uses: what `blame` answers.
///
/// Object members are followed by key and array elements with ``ArrayAlignment``, so an
/// element inserted before others is the only new leaf, and the others keep their revision
/// under their new index. A leaf that differs, or that is new (including one removed earlier
/// and added back), takes the revision of the state that brought it.
///
/// ```swift
/// var blame = Attribution(["a", "b"], revision: 1)
/// blame.update(to: ["z", "a", "b"], revision: 2)
/// blame.leaves  // /0 "z" r2, /1 "a" r1, /2 "b" r1
/// ```
public struct Attribution: Sendable {
  /// The revisions of a value's leaves, shaped like the value.
  indirect enum Node: Sendable {
    case leaf(Int64)
    case array([Node])
    case object([BytewiseString: Node])
  }

  /// The current value.
  public private(set) var value: JSONValue
  private var node: Node

  /// A value all of whose leaves were set by `revision`.
  public init(_ value: JSONValue, revision: Int64) {
    self.value = value
    self.node = Self.fresh(value, revision)
  }

  /// The value's next state, written by `revision`.
  public mutating func update(to new: JSONValue, revision: Int64) {
    node = Self.carry(value, node, new, revision)
    value = new
  }

  /// One leaf of the value (a scalar, or an empty array or object), where it is now.
  public struct Leaf: Sendable, Hashable {
    public var pointer: JSONPointer
    public var value: JSONValue
    public var revision: Int64
  }

  /// Every leaf in document order, with the revision that last changed it.
  public var leaves: [Leaf] {
    var result: [Leaf] = []
    Self.collect(value, node, [], into: &result)
    return result
  }

  private static func fresh(_ value: JSONValue, _ revision: Int64) -> Node {
    switch value {
    case .array(let elements) where !elements.isEmpty:
      return .array(elements.map { fresh($0, revision) })
    case .object(let object) where !object.isEmpty:
      var children: [BytewiseString: Node] = [:]
      for member in object.members {
        children[BytewiseString(member.key)] = fresh(member.value, revision)
      }
      return .object(children)
    default:
      return .leaf(revision)
    }
  }

  private static func carry(
    _ old: JSONValue, _ node: Node, _ new: JSONValue, _ revision: Int64
  ) -> Node {
    switch (old, node, new) {
    case (.array(let a), .array(let nodes), .array(let b)) where !b.isEmpty:
      var result: [Node?] = Array(repeating: nil, count: b.count)
      for step in ArrayAlignment.align(a, b) {
        switch step {
        case .match(let i, let j): result[j] = nodes[i]
        case .pair(let i, let j): result[j] = carry(a[i], nodes[i], b[j], revision)
        case .insert(let j): result[j] = fresh(b[j], revision)
        case .remove: break
        }
      }
      return .array(result.enumerated().map { $0.element ?? fresh(b[$0.offset], revision) })
    case (.object(let a), .object(let children), .object(let b)) where !b.isEmpty:
      var before: [BytewiseString: JSONValue] = [:]
      for member in a.members where before[BytewiseString(member.key)] == nil {
        before[BytewiseString(member.key)] = member.value
      }
      var result: [BytewiseString: Node] = [:]
      for member in b.members {
        let key = BytewiseString(member.key)
        if let before = before[key], let child = children[key] {
          result[key] = carry(before, child, member.value, revision)
        } else {
          result[key] = fresh(member.value, revision)
        }
      }
      return .object(result)
    case (_, .leaf, _) where old == new:
      return node
    default:
      return fresh(new, revision)
    }
  }

  private static func collect(
    _ value: JSONValue, _ node: Node, _ tokens: [String], into result: inout [Leaf]
  ) {
    switch (value, node) {
    case (.array(let elements), .array(let nodes)) where !elements.isEmpty:
      for (index, element) in elements.enumerated() {
        collect(element, nodes[index], tokens + [String(index)], into: &result)
      }
    case (.object(let object), .object(let children)) where !object.isEmpty:
      for member in object.members {
        if let child = children[BytewiseString(member.key)] {
          collect(member.value, child, tokens + [member.key], into: &result)
        }
      }
    case (_, .leaf(let revision)):
      result.append(Leaf(pointer: JSONPointer(tokens), value: value, revision: revision))
    default:
      break
    }
  }
}
