/// A ``Shape`` laid out for checking a payload's canonical text directly, without building
/// a ``JSONValue`` tree: the gate's yes-or-no question (``accepts(_:components:)``) for the
/// payloads that decode, which are nearly all of them.
///
/// The nodes are numbered in one array, so a recursive type's `$ref` is the number of its
/// definition's node; object members are looked up by their keys' UTF-8 bytes. It decides
/// exactly as ``ShapeValidator/accepts(_:against:in:components:)`` does on the value the
/// text denotes (`CompiledShapeTests`); a payload it refuses is then validated as a tree,
/// which words the violations.
public struct CompiledShape: Sendable {
  /// One place of the shape: a ``ShapeNode`` with references resolved.
  enum Node: Sendable {
    /// Any value (``ShapeNode/any``, ``ShapeNode/unknown(_:)``, a reference to a missing
    /// definition).
    case any
    case string(StringFormat)
    case boolean
    case integer(IntegerType?)
    case number(NumberType)
    /// The values, and their UTF-8 bytes when every value is a string.
    case enumeration([JSONValue], strings: [[UInt8]]?)
    /// The element's node.
    case array(Int)
    /// The number of the object in ``objects``.
    case object(Int)
    case component
    /// `null` or the inner node.
    case nullable(Int)
  }

  /// An object's members, by their keys' bytes.
  struct Object: Sendable {
    /// The named members: key bytes, node, whether required.
    var keys: [[UInt8]]
    var nodes: [Int]
    var required: [Bool]
    var requiredCount: Int
    /// The node of every other member, for dictionaries.
    var additional: Int?
    /// Whether every key is ASCII: then a key of other bytes names none of them, as Swift
    /// compares strings too (an ASCII string is its own canonical form).
    var asciiKeys = true
    /// For objects of more than ``scanLimit`` members: the members by their keys' FNV-1a
    /// hash (colliding keys share a hash's list).
    var byHash: [UInt64: [Int]]?

    /// Objects up to this many named members are searched key by key.
    static let scanLimit = 8
  }

  var nodes: [Node] = []
  var objects: [Object] = []
  /// The payload's node.
  var root = 0

  /// Lays `shape` out for ``accepts(_:components:)``.
  public init(_ shape: Shape) {
    var definitionNode: [String: Int] = [:]
    root = compile(shape.root, in: shape, definitions: &definitionNode)
  }

  private mutating func add(_ node: Node) -> Int {
    nodes.append(node)
    return nodes.count - 1
  }

  private mutating func compile(
    _ node: ShapeNode, in shape: Shape, definitions: inout [String: Int]
  ) -> Int {
    switch node {
    case .any, .unknown: return add(.any)
    case .string(let format): return add(.string(format))
    case .boolean: return add(.boolean)
    case .integer(let type): return add(.integer(type))
    case .number(let type): return add(.number(type))
    case .enumeration(let values):
      var strings: [[UInt8]]? = []
      for value in values {
        guard case .string(let text) = value else {
          strings = nil
          break
        }
        strings?.append(Array(text.utf8))
      }
      return add(.enumeration(values, strings: strings))
    case .component: return add(.component)
    case .nullable(let inner):
      let number = add(.any)
      nodes[number] = .nullable(compile(inner, in: shape, definitions: &definitions))
      return number
    case .array(let element):
      let number = add(.any)
      nodes[number] = .array(compile(element, in: shape, definitions: &definitions))
      return number
    case .reference(let name):
      if let known = definitions[name] { return known }
      guard let definition = shape.definitions[name] else { return add(.any) }
      // Numbered before its own nodes, so that a reference to itself inside it finds it.
      let number = add(.any)
      definitions[name] = number
      let body = compile(definition, in: shape, definitions: &definitions)
      nodes[number] = nodes[body]
      return number
    case .object(let object):
      let number = add(.any)
      var compiled = Object(keys: [], nodes: [], required: [], requiredCount: 0)
      for key in Shape.sortedKeys(Array(object.properties.keys)) {
        guard let property = object.properties[key] else { continue }
        compiled.keys.append(Array(key.utf8))
        if !key.utf8.allSatisfy({ $0 < 0x80 }) { compiled.asciiKeys = false }
        compiled.nodes.append(compile(property.node, in: shape, definitions: &definitions))
        compiled.required.append(property.required)
        if property.required { compiled.requiredCount += 1 }
      }
      compiled.additional = object.additional.map {
        compile($0, in: shape, definitions: &definitions)
      }
      if compiled.keys.count > Object.scanLimit {
        var byHash: [UInt64: [Int]] = [:]
        for (i, key) in compiled.keys.enumerated() {
          byHash[key.withUnsafeBytes { Self.hash($0) }, default: []].append(i)
        }
        compiled.byHash = byHash
      }
      objects.append(compiled)
      nodes[number] = .object(objects.count - 1)
      return number
    }
  }

  /// The 64-bit FNV-1a hash of a key's bytes.
  static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return hash
  }
}
