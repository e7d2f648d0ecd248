/// One place of a payload while ``ShapeRecorder`` walks a type: what the type's `init(from:)`
/// asked for there. ``ShapeRecorder`` turns the tree into ``ShapeNode``s when the walk ends.
final class RecordingNode {
  /// What was asked for at this place.
  enum Content {
    /// A leaf: a string, number, enum, nested component, any value.
    case leaf(ShapeNode)
    /// A keyed container: an object.
    case keyed(KeyedRecord)
    /// An unkeyed container: an array, its first element's node.
    case unkeyed(RecordingNode)
  }

  /// The members an object's `init(from:)` read.
  final class KeyedRecord {
    var properties: [String: (node: RecordingNode, required: Bool)] = [:]
    /// The order members were first read, for deterministic conversion.
    var order: [String] = []
    /// The node of every member, when the type read `allKeys` with open keys (a dictionary).
    var additional: RecordingNode?
    /// Why the members read are not all of them.
    var incomplete: String?
    /// Members the type asked `contains` about: read only when present.
    var checkedPresence: Set<String> = []

    func node(for key: String, required: Bool) -> RecordingNode {
      if let existing = properties[key] {
        if required && !existing.required { properties[key] = (existing.node, true) }
        return existing.node
      }
      let node = RecordingNode()
      properties[key] = (node, required)
      order.append(key)
      return node
    }
  }

  var content: Content?
  /// Whether the type asked whether the value is null (`decodeNil`, `decodeIfPresent`).
  var nullable = false
  /// Why this place cannot be known, once it cannot.
  var unknown: String?
  /// A recursive type re-entered here: this place is that type's shape.
  var reference: ObjectIdentifier?
  /// The types decoded at this place, outermost first (a wrapper and what it wraps share it).
  var types: [(id: ObjectIdentifier, name: String)] = []
  /// Elements decoded past the first: the array is read by position.
  var positional = false

  /// Sets the content, or marks the place unknown when it already holds a different one.
  func setLeaf(_ leaf: ShapeNode) {
    switch content {
    case nil: content = .leaf(leaf)
    case .leaf(let existing) where existing == leaf: break
    default: conflict("a \(describe(leaf))")
    }
  }

  func keyed() -> KeyedRecord {
    switch content {
    case nil:
      let record = KeyedRecord()
      content = .keyed(record)
      return record
    case .keyed(let record): return record
    default:
      conflict("an object")
      return KeyedRecord()
    }
  }

  func unkeyed() -> RecordingNode {
    switch content {
    case nil:
      let element = RecordingNode()
      content = .unkeyed(element)
      return element
    case .unkeyed(let element): return element
    default:
      conflict("an array")
      return RecordingNode()
    }
  }

  private func conflict(_ asked: String) {
    if unknown == nil {
      unknown = "init(from:) reads this value as \(describeContent()) and as \(asked)"
    }
  }

  private func describeContent() -> String {
    switch content {
    case nil: return "nothing"
    case .leaf(let leaf): return "a \(describe(leaf))"
    case .keyed: return "an object"
    case .unkeyed: return "an array"
    }
  }

  private func describe(_ leaf: ShapeNode) -> String {
    switch leaf {
    case .string: return "string"
    case .boolean: return "boolean"
    case .integer: return "integer"
    case .number: return "number"
    case .enumeration: return "enum"
    case .component: return "component"
    default: return "value"
    }
  }
}
