import Components

/// One problem `validate-ui` found in a UI document: its layer, where it is (line, column and
/// JSON Pointer into the document) and what is wrong.
public struct UIProblem: Sendable, Hashable {
  /// The layers, in the order they are checked.
  public enum Layer: String, Sendable, Hashable, CaseIterable {
    /// Not JSON (or JSON Lines).
    case syntax
    /// Not A2UI messages nor a document of `{kind, payload}` entries.
    case envelope
    /// A component that is not a kind of the catalog, or a property its kind does not have.
    case vocabulary
    /// Ids, the root, child references, cycles, orphans, depth.
    case graph
    /// A property that does not fit its kind's shape.
    case data
  }

  public enum Severity: String, Sendable, Hashable {
    case error
    /// Reported, but the document stays valid (a deprecated kind).
    case warning
  }

  public var layer: Layer
  public var severity: Severity
  public var position: SourcePosition
  public var pointer: JSONPointer
  public var message: String
  /// What the shape expects there, for a data problem.
  public var expected: String?
  /// The component's id (A2UI) or kind (entries) the problem is in.
  public var component: String?
  /// The A2UI surface, when known.
  public var surface: String?

  public init(
    layer: Layer, severity: Severity = .error, position: SourcePosition, pointer: JSONPointer,
    message: String, expected: String? = nil, component: String? = nil, surface: String? = nil
  ) {
    self.layer = layer
    self.severity = severity
    self.position = position
    self.pointer = pointer
    self.message = message
    self.expected = expected
    self.component = component
    self.surface = surface
  }

  /// `POINTER: message`, the root written `/`.
  public var text: String {
    "\(pointer.isRoot ? "/" : pointer.description): \(message)"
  }

  /// The problem as JSON, for an agent's repair prompt.
  public var json: JSONValue {
    var members: [JSONObject.Member] = [
      .init(key: "layer", value: .string(layer.rawValue)),
      .init(key: "severity", value: .string(severity.rawValue)),
      .init(key: "line", value: .number(JSONNumber(position.line))),
      .init(key: "column", value: .number(JSONNumber(position.column))),
      .init(key: "pointer", value: .string(pointer.description)),
      .init(key: "message", value: .string(message)),
    ]
    if let expected { members.append(.init(key: "expected", value: .string(expected))) }
    if let component { members.append(.init(key: "component", value: .string(component))) }
    if let surface { members.append(.init(key: "surfaceId", value: .string(surface))) }
    return .object(JSONObject(members))
  }
}

/// What `validate-ui` found: the document's form, its components and its problems.
public struct UIValidation: Sendable {
  public enum Form: String, Sendable {
    /// A2UI v0.9 messages: a JSON array, JSON Lines, one message, or `{"messages": [...]}`.
    case a2ui
    /// `{kind, payload}` entries, children nested in payloads.
    case entries
    /// Not read as either (a syntax or envelope problem).
    case unknown
  }

  public var form: Form
  public var components: Int
  public var problems: [UIProblem]

  /// No problem of severity error.
  public var isValid: Bool { !problems.contains { $0.severity == .error } }
}
