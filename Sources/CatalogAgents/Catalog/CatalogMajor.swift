import CatalogStore
import Components

/// One major version of the catalog as A2UI versions a catalog (its `catalogId`): the
/// revision that began it and the changes since the previous major that break a client.
///
/// The rules are A2UI's "Catalog Naming & Versioning" (docs/concepts/catalogs.md of the A2UI
/// repository), applied to the history's recorded changes (what CatalogDiff found at each
/// write: a component added, changed, renamed, moved or removed) and the kinds' inferred
/// shapes. A change breaks a client, and begins a new major, when it:
/// - adds a container kind (one whose payloads hold child components);
/// - removes a container kind (a rename is a removal of the old name and an addition of the
///   new one);
/// - changes the type at a place both shapes have (`string` to `object`, an integer to a
///   number, `null` allowed or no longer allowed);
/// - makes a property required that was absent or optional.
///
/// Adding or removing a leaf kind, adding an optional property, removing a property, and
/// description, category, deprecation or order changes keep the major. Changes are compared
/// with the catalog as it was when the current major began, so several small changes that
/// together break a client raise it at the revision where they first do.
public struct CatalogMajor: Sendable, Hashable {
  /// 1, 2, 3, …
  public var major: Int
  /// The revision that began it.
  public var revision: Int64
  /// Why it began, one sentence each, sorted; empty for the first.
  public var reasons: [String]

  public init(major: Int, revision: Int64, reasons: [String]) {
    self.major = major
    self.revision = revision
    self.reasons = reasons
  }

  /// What a client of the major before knew about a kind.
  private struct KindState {
    var shape: Shape
    var isContainer: Bool
  }

  /// One stored state of a component, as the majors read it: the revision that wrote it, the
  /// component (any number stable for the component), the kind it bore, and the shape
  /// inferred from every sample the component had up to and including it (nil for a
  /// removal).
  struct Event {
    var revision: Int64
    var component: Int
    var kind: String
    var shape: Shape?
  }

  /// The majors of a history: `events` are every stored state, in revision order.
  static func majors(of events: [Event]) -> [CatalogMajor] {
    guard let first = events.first else { return [] }
    var majors = [CatalogMajor(major: 1, revision: first.revision, reasons: [])]
    var shapes: [Int: Shape] = [:]
    var kindOf: [Int: String] = [:]
    var componentOf: [BytewiseString: Int] = [:]
    var base: [BytewiseString: KindState] = [:]
    var touched: Set<BytewiseString> = []
    var index = 0
    while index < events.count {
      let revision = events[index].revision
      while index < events.count, events[index].revision == revision {
        let event = events[index]
        index += 1
        if let old = kindOf[event.component] {
          touched.insert(BytewiseString(old))
          if componentOf[BytewiseString(old)] == event.component {
            componentOf[BytewiseString(old)] = nil
          }
        }
        touched.insert(BytewiseString(event.kind))
        if let shape = event.shape {
          kindOf[event.component] = event.kind
          componentOf[BytewiseString(event.kind)] = event.component
          shapes[event.component] = shape
        } else {
          kindOf[event.component] = nil
        }
      }
      func state(_ kind: BytewiseString) -> KindState? {
        guard let component = componentOf[kind], let shape = shapes[component] else {
          return nil
        }
        return KindState(shape: shape, isContainer: shape.root.holdsComponents)
      }
      if revision == first.revision {
        for kind in touched { base[kind] = state(kind) }
        touched.removeAll()
        continue
      }
      var reasons: [String] = []
      for kind in touched {
        reasons += Self.breaks(kind.string, from: base[kind], to: state(kind))
      }
      if !reasons.isEmpty {
        majors.append(
          CatalogMajor(
            major: majors.count + 1, revision: revision,
            reasons: reasons.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }))
        for kind in touched { base[kind] = state(kind) }
        touched.removeAll()
      }
    }
    return majors
  }

  private static func breaks(_ kind: String, from old: KindState?, to new: KindState?)
    -> [String]
  {
    switch (old, new) {
    case (nil, let new?):
      return new.isContainer ? ["container kind \(kind) added"] : []
    case (let old?, nil):
      return old.isContainer ? ["container kind \(kind) removed"] : []
    case (let old?, let new?):
      var reasons: [String] = []
      compare(old.shape.root, new.shape.root, at: .root, kind: kind, into: &reasons)
      return reasons
    case (nil, nil):
      return []
    }
  }

  private static func compare(
    _ old: ShapeNode, _ new: ShapeNode, at pointer: JSONPointer, kind: String,
    into reasons: inout [String]
  ) {
    let place = pointer.isRoot ? "the payload" : pointer.description
    let (oldType, newType) = (typeName(old), typeName(new))
    guard oldType == newType else {
      reasons.append("\(kind): \(place) changed type from \(oldType) to \(newType)")
      return
    }
    switch (old.withoutNull, new.withoutNull) {
    case (.array(let a), .array(let b)):
      compare(a, b, at: pointer.appending("-"), kind: kind, into: &reasons)
    case (.object(let a), .object(let b)):
      for key in b.properties.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
        guard let property = b.properties[key] else { continue }
        let before = a.properties[key]
        if property.required, before?.required != true {
          reasons.append(
            "\(kind): \(pointer.appending(key)) became a required property")
        }
        if let before {
          compare(
            before.node, property.node, at: pointer.appending(key), kind: kind, into: &reasons)
        }
      }
    default:
      return
    }
  }

  /// The JSON type of a place, as A2UI's "changing field types" compares them.
  private static func typeName(_ node: ShapeNode) -> String {
    switch node {
    case .nullable(let inner): return typeName(inner) + " or null"
    case .string: return "string"
    case .boolean: return "boolean"
    case .integer: return "integer"
    case .number: return "number"
    case .enumeration: return "enum"
    case .array: return "array"
    case .object, .reference: return "object"
    case .component: return "component"
    case .any, .unknown: return "any value"
    }
  }
}

extension ShapeNode {
  /// The node without its `null`.
  var withoutNull: ShapeNode {
    if case .nullable(let inner) = self { return inner }
    return self
  }
}
