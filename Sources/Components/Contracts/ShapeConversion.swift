/// Turns a walk's ``RecordingNode`` tree into a ``Shape``: recursive types into `$defs`,
/// everything else in place.
struct ShapeConversion {
  /// The types re-entered inside themselves during the walk.
  let recursive: Set<ObjectIdentifier>

  private final class State {
    var names: [ObjectIdentifier: String] = [:]
    var taken: Set<String> = []
    var definitions: [String: ShapeNode] = [:]
  }

  private let state = State()

  init(recursive: Set<ObjectIdentifier>) {
    self.recursive = recursive
  }

  func shape(_ root: RecordingNode) -> Shape {
    let node = convert(root)
    return Shape(root: node, definitions: state.definitions)
  }

  private func convert(_ node: RecordingNode) -> ShapeNode {
    if let reason = node.unknown { return .unknown(reason) }
    let base: ShapeNode
    if let id = node.reference {
      base = .reference(name(for: id, typeName: nil))
    } else if let type = node.types.first(where: { recursive.contains($0.id) }) {
      let name = name(for: type.id, typeName: type.name)
      if state.definitions[name] == nil {
        state.definitions[name] = .any  // placeholder while the definition converts
        state.definitions[name] = content(node)
      }
      base = .reference(name)
    } else {
      base = content(node)
    }
    return node.nullable ? base.allowingNull : base
  }

  private func content(_ node: RecordingNode) -> ShapeNode {
    switch node.content {
    case nil: return .any
    case .leaf(let leaf): return leaf
    case .unkeyed(let element):
      if node.positional {
        return .unknown("init(from:) reads the array's elements by position")
      }
      // An array whose elements were never read accepts any elements.
      return .array(isEmpty(element) ? .any : convert(element))
    case .keyed(let record):
      var properties: [String: ShapeProperty] = [:]
      for key in record.order {
        guard let (child, required) = record.properties[key] else { continue }
        let isRequired = required && !record.checkedPresence.contains(key)
        properties[key] = ShapeProperty(convert(child), required: isRequired)
      }
      var additional: ShapeNode?
      if let node = record.additional {
        additional = isEmpty(node) ? .any : convert(node)
      }
      var incomplete = record.incomplete
      if additional != nil && !properties.isEmpty && incomplete == nil {
        incomplete = "init(from:) reads named members and every member"
      }
      return .object(
        ShapeObject(properties: properties, additional: additional, incomplete: incomplete))
    }
  }

  /// Whether nothing was asked at the place (elements never read).
  private func isEmpty(_ node: RecordingNode) -> Bool {
    node.content == nil && !node.nullable && node.reference == nil && node.unknown == nil
  }

  /// A `$defs` name for a type: its name with every character outside `A-Z a-z 0-9 . _ -`
  /// replaced by `_`, made unique in order of first use.
  private func name(for id: ObjectIdentifier, typeName: String?) -> String {
    if let known = state.names[id] { return known }
    let raw = typeName ?? "Type"
    var base = String(
      String.UnicodeScalarView(
        raw.unicodeScalars.map { scalar in
          let allowed =
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
            || ("0"..."9").contains(scalar) || scalar == "." || scalar == "_" || scalar == "-"
          return allowed ? scalar : "_"
        }))
    if base.isEmpty { base = "Type" }
    var name = base
    var counter = 2
    while state.taken.contains(name) {
      name = "\(base)-\(counter)"
      counter += 1
    }
    state.names[id] = name
    state.taken.insert(name)
    return name
  }
}
