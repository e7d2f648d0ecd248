/// Compares two shapes of a kind: what the new build refuses that the old one read
/// (narrowing) and what it reads that the old one refused (widening).
///
/// ```swift
/// let changes = ShapeCompatibility.changes(from: old, to: new)
/// ShapeCompatibility.isBackwardCompatible(changes)  // new reads every payload old read
/// ```
///
/// The comparison is of the sets of payloads each shape accepts, place by place; recursive
/// definitions are compared once per pair. An unknown place, or an incomplete object, is
/// `undecidable` unless both shapes say the same there.
public enum ShapeCompatibility {
  /// The changes from `old` to `new`, in pointer order of discovery.
  public static func changes(from old: Shape, to new: Shape) -> [ShapeChange] {
    var comparison = ShapeComparison(old: old, new: new)
    comparison.compare(old.root, new.root, at: .root)
    return comparison.changes
  }

  /// Whether the new shape reads every payload the old one read: no change narrows.
  public static func isBackwardCompatible(_ changes: [ShapeChange]) -> Bool {
    !changes.contains(where: \.narrows)
  }

  /// Whether the old shape reads every payload the new one reads: no change widens.
  public static func isForwardCompatible(_ changes: [ShapeChange]) -> Bool {
    !changes.contains(where: \.widens)
  }
}

/// One comparison's state.
struct ShapeComparison {
  let old: Shape
  let new: Shape
  var changes: [ShapeChange] = []
  /// Pairs of definitions being compared or compared already.
  private var pairs: Set<[String]> = []

  init(old: Shape, new: Shape) {
    self.old = old
    self.new = new
  }

  private mutating func add(
    _ pointer: JSONPointer, _ code: ShapeChange.Code, narrows: Bool, widens: Bool,
    _ detail: String
  ) {
    changes.append(
      ShapeChange(pointer: pointer, code: code, narrows: narrows, widens: widens, detail: detail))
  }

  mutating func compare(_ a: ShapeNode, _ b: ShapeNode, at pointer: JSONPointer) {
    if a == b && !containsReference(a) { return }
    switch (a, b) {
    case (.reference(let x), .reference(let y)):
      guard pairs.insert([x, y]).inserted else { return }
      compare(old.definitions[x] ?? .any, new.definitions[y] ?? .any, at: pointer)
    case (.reference(let x), _):
      guard pairs.insert([x, ""]).inserted else { return }
      compare(old.definitions[x] ?? .any, b, at: pointer)
    case (_, .reference(let y)):
      guard pairs.insert(["", y]).inserted else { return }
      compare(a, new.definitions[y] ?? .any, at: pointer)
    case (.unknown, _), (_, .unknown):
      add(pointer, .undecidable, narrows: true, widens: true, "the recorder cannot know one side")
    case (.any, .any):
      return
    case (_, .any):
      add(pointer, .typeWidened, narrows: false, widens: true, "any value instead of \(name(a))")
    case (.any, _):
      add(pointer, .typeNarrowed, narrows: true, widens: false, "\(name(b)) instead of any value")
    case (.nullable(let x), .nullable(let y)):
      compare(x, y, at: pointer)
    case (.nullable(let x), _):
      add(pointer, .nullRefused, narrows: true, widens: false, "null no longer decodes")
      compare(x, b, at: pointer)
    case (_, .nullable(let y)):
      add(pointer, .nullAllowed, narrows: false, widens: true, "null now decodes")
      compare(a, y, at: pointer)
    default:
      compareValues(a, b, at: pointer)
    }
  }

  private mutating func compareValues(_ a: ShapeNode, _ b: ShapeNode, at pointer: JSONPointer) {
    switch (a, b) {
    case (.string(let x), .string(let y)):
      if x == y { return }
      add(
        pointer, x == .plain ? .typeNarrowed : y == .plain ? .typeWidened : .typeChanged,
        narrows: y != .plain, widens: x != .plain,
        "\(name(b)) instead of \(name(a))")
    case (.boolean, .boolean), (.component, .component):
      return
    case (.integer(let x), .integer(let y)):
      let (oldLow, oldHigh) = bounds(x)
      let (newLow, newHigh) = bounds(y)
      let narrows = newLow > oldLow || newHigh < oldHigh
      let widens = newLow < oldLow || newHigh > oldHigh
      if narrows || widens {
        add(
          pointer, narrows && widens ? .typeChanged : narrows ? .typeNarrowed : .typeWidened,
          narrows: narrows, widens: widens, "\(name(b)) instead of \(name(a))")
      }
    case (.integer, .number):
      add(pointer, .typeWidened, narrows: false, widens: true, "\(name(b)) instead of \(name(a))")
    case (.number, .integer):
      add(pointer, .typeNarrowed, narrows: true, widens: false, "\(name(b)) instead of \(name(a))")
    case (.number(let x), .number(let y)):
      let order: [NumberType] = [.float, .decimal, .double]
      guard let i = order.firstIndex(of: x), let j = order.firstIndex(of: y), i != j else { return }
      add(
        pointer, j < i ? .typeNarrowed : .typeWidened, narrows: j < i, widens: j > i,
        "\(name(b)) instead of \(name(a))")
    case (.enumeration(let x), .enumeration(let y)):
      let removed = x.filter { value in !y.contains { $0.isEquivalent(to: value) } }
      let added = y.filter { value in !x.contains { $0.isEquivalent(to: value) } }
      for value in removed {
        add(
          pointer, .enumValueRemoved, narrows: true, widens: false, "\(value.canonicalText) removed"
        )
      }
      for value in added {
        add(pointer, .enumValueAdded, narrows: false, widens: true, "\(value.canonicalText) added")
      }
    case (.enumeration(let values), _) where values.allSatisfy({ accepts(b, $0) }):
      add(pointer, .typeWidened, narrows: false, widens: true, "\(name(b)) instead of \(name(a))")
    case (_, .enumeration(let values)) where values.allSatisfy({ accepts(a, $0) }):
      add(pointer, .typeNarrowed, narrows: true, widens: false, "\(name(b)) instead of \(name(a))")
    case (.array(let x), .array(let y)):
      compare(x, y, at: pointer.appending("-"))
    case (.object(let x), .object(let y)):
      compareObjects(x, y, at: pointer)
    default:
      add(pointer, .typeChanged, narrows: true, widens: true, "\(name(b)) instead of \(name(a))")
    }
  }

  private mutating func compareObjects(
    _ a: ShapeObject, _ b: ShapeObject, at pointer: JSONPointer
  ) {
    if a.incomplete != nil || b.incomplete != nil, a.incomplete != b.incomplete {
      add(pointer, .undecidable, narrows: true, widens: true, "the members read are not all known")
    }
    let keys = Shape.sortedKeys(Array(Set(a.properties.keys).union(b.properties.keys)))
    for key in keys {
      let place = pointer.appending(key)
      switch (a.properties[key], b.properties[key]) {
      case (let x?, let y?):
        if !x.required && y.required {
          add(place, .becameRequired, narrows: true, widens: false, "\"\(key)\" became required")
        } else if x.required && !y.required {
          add(
            place, .noLongerRequired, narrows: false, widens: true,
            "\"\(key)\" is no longer required")
        }
        compare(x.node, y.node, at: place)
      case (let x?, nil):
        if x.required {
          add(
            place, .noLongerRequired, narrows: false, widens: true,
            "\"\(key)\" is no longer read, so no longer required")
        }
        compare(x.node, b.additional ?? .any, at: place)
      case (nil, let y?):
        if y.required {
          add(place, .becameRequired, narrows: true, widens: false, "\"\(key)\" became required")
        }
        compare(a.additional ?? .any, y.node, at: place)
      case (nil, nil):
        continue
      }
    }
    switch (a.additional, b.additional) {
    case (nil, nil): return
    case (let x, let y): compare(x ?? .any, y ?? .any, at: pointer.appending("*"))
    }
  }

  /// Whether a node accepts a scalar value (for an enum against a plain type).
  private func accepts(_ node: ShapeNode, _ value: JSONValue) -> Bool {
    Shape(root: node, definitions: [:]).validate(value).isEmpty
  }

  private func containsReference(_ node: ShapeNode) -> Bool {
    switch node {
    case .reference: return true
    case .nullable(let inner), .array(let inner): return containsReference(inner)
    case .object(let object):
      return object.properties.values.contains { containsReference($0.node) }
        || object.additional.map(containsReference) ?? false
    default: return false
    }
  }

  private func bounds(_ type: IntegerType?) -> (Double, Double) {
    guard let type else { return (-.infinity, .infinity) }
    return (Double(type.minimum) ?? 0, Double(type.maximum) ?? 0)
  }

  private func name(_ node: ShapeNode) -> String {
    switch node {
    case .integer(let type?): return "an integer (\(type.rawValue))"
    case .number(let type) where type != .double: return "a number (\(type.rawValue))"
    default: return ShapeValidator.phrase(node)
    }
  }
}
