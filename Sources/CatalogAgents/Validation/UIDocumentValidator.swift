import Components

/// `catalog validate-ui`: checks a UI document an agent produced against the catalog at a
/// revision, in layers (``UIProblem/Layer``): syntax, envelope, vocabulary, graph, data.
///
/// One read of the document into a ``UIDocument`` (JSON nesting bounded by
/// ``maxJSONDepth``), then one pass over its components: time and memory linear in the
/// document's size. docs/agents.md lists the checks and their messages.
public struct UIDocumentValidator: Sendable {
  /// The deepest JSON nesting read.
  public static let maxJSONDepth = 128
  /// The deepest chain of components (parent to child) accepted: the A2UI SDK's
  /// `MAX_GLOBAL_DEPTH`.
  public static let maxComponentDepth = 50
  /// The message versions A2UI v0.9 catalogs accept.
  public static let versions = ["v0.9", "v0.9.1"]
  static let actions = ["createSurface", "updateComponents", "updateDataModel", "deleteSurface"]

  public let catalog: AgentCatalog
  public init(catalog: AgentCatalog) { self.catalog = catalog }

  /// Validates the document's bytes.
  public func validate(_ bytes: [UInt8]) -> UIValidation {
    validate(UIDocument(bytes: bytes))
  }

  /// Validates a document already read.
  public func validate(_ document: UIDocument) -> UIValidation {
    if let problem = document.syntaxProblem {
      return UIValidation(form: .unknown, components: 0, problems: [problem])
    }
    let values = document.values
    var run = Run(catalog: catalog)
    if values.count > 1 {
      run.messages(values.enumerated().map { (JSONPointer([String($0.offset)]), $0.element) })
      return run.result(.a2ui)
    }
    let root = values[0]
    switch root {
    case .array(let items, _):
      if let first = items.first, first["kind"] != nil {
        for (index, item) in items.enumerated() {
          run.entry(item, at: JSONPointer([String(index)]), depth: 1)
        }
        return run.result(.entries)
      }
      run.messages(items.enumerated().map { (JSONPointer([String($0.offset)]), $0.element) })
      return run.result(.a2ui)
    case .object:
      if case .array(let items, _)? = root["messages"] {
        run.messages(
          items.enumerated().map { (JSONPointer(["messages", String($0.offset)]), $0.element) })
        return run.result(.a2ui)
      }
      if root["kind"] != nil {
        run.entry(root, at: .root, depth: 1)
        return run.result(.entries)
      }
      run.messages([(.root, root)])
      return run.result(.a2ui)
    case .scalar:
      run.fail(
        .envelope, root, .root,
        "expected A2UI messages (an array, JSON Lines, one message or {\"messages\": [...]}) or a {kind, payload} entry, found \(root.value.typeName)"
      )
      return run.result(.unknown)
    }
  }
}

/// One validation's state.
private struct Run {
  let catalog: AgentCatalog
  var problems: [UIProblem] = []
  var components = 0

  init(catalog: AgentCatalog) { self.catalog = catalog }

  func result(_ form: UIValidation.Form) -> UIValidation {
    UIValidation(form: form, components: components, problems: problems)
  }

  mutating func fail(
    _ layer: UIProblem.Layer, _ node: LocatedJSON, _ pointer: JSONPointer, _ message: String,
    severity: UIProblem.Severity = .error, expected: String? = nil, component: String? = nil,
    surface: String? = nil
  ) {
    problems.append(
      UIProblem(
        layer: layer, severity: severity, position: node.position, pointer: pointer,
        message: message, expected: expected, component: component, surface: surface))
  }

  // MARK: - Vocabulary

  /// The kind named `name`, or nil with a vocabulary problem (removed, unknown) recorded; a
  /// deprecated kind is returned with a warning.
  mutating func kind(
    _ name: String, _ node: LocatedJSON, _ pointer: JSONPointer, component: String?,
    surface: String?
  ) -> AgentKind? {
    if let kind = catalog.kind(name) {
      if kind.deprecated {
        fail(
          .vocabulary, node, pointer, "kind \(name) is deprecated", severity: .warning,
          component: component, surface: surface)
      }
      return kind
    }
    if catalog.removedKinds.contains(where: { $0.hasSameBytes(as: name) }) {
      fail(
        .vocabulary, node, pointer,
        "kind \(name) was removed from the catalog before revision \(catalog.revision)",
        component: component, surface: surface)
    } else {
      // With --app, a kind of the catalog the build has no shape for is named as such.
      fail(
        .vocabulary, node, pointer,
        catalog.build.map { "unknown kind \(name) (not decoded by \($0))" }
          ?? "unknown kind \(name)", component: component, surface: surface)
    }
    return nil
  }

  // MARK: - Entries

  /// A `{kind, payload}` entry and, recursively, the entries nested in its payload.
  mutating func entry(_ node: LocatedJSON, at pointer: JSONPointer, depth: Int) {
    components += 1
    guard case .object(let members, _) = node else {
      return fail(
        .envelope, node, pointer, "expected a {kind, payload} entry, found \(node.value.typeName)")
    }
    for member in members where !["kind", "payload", "id"].contains(member.key) {
      fail(.envelope, member.value, pointer.appending(member.key), "unknown member of an entry")
    }
    guard let kindNode = node["kind"], case .scalar(.string(let name), _) = kindNode else {
      return fail(
        .envelope, node["kind"] ?? node, pointer.appending("kind"), "expected the kind, a string")
    }
    guard let payload = node["payload"] else {
      return fail(.envelope, node, pointer.appending("payload"), "expected a payload")
    }
    if depth > UIDocumentValidator.maxComponentDepth {
      return fail(
        .graph, node, pointer,
        "components nested deeper than \(UIDocumentValidator.maxComponentDepth) levels")
    }
    if let kind = kind(name, kindNode, pointer.appending("kind"), component: name, surface: nil) {
      let payloadPointer = pointer.appending("payload")
      unknownProperties(
        payload, kind: kind, at: payloadPointer, skipping: [], component: name, surface: nil)
      for violation in kind.shape.validate(payload.value) {
        let place = payloadPointer.appending(violation.pointer)
        fail(
          .data, payload.locate(violation.pointer), place,
          "decodes \(violation.expected), found \(violation.found)",
          expected: violation.expected, component: name)
      }
    }
    nested(payload, at: pointer.appending("payload"), depth: depth)
  }

  /// The entries nested anywhere in `node`.
  mutating func nested(_ node: LocatedJSON, at pointer: JSONPointer, depth: Int) {
    switch node {
    case .object(let members, _):
      if members.count == 2, case .scalar(.string, _)? = node["kind"], node["payload"] != nil {
        return entry(node, at: pointer, depth: depth + 1)
      }
      for member in members {
        nested(member.value, at: pointer.appending(member.key), depth: depth)
      }
    case .array(let items, _):
      for (index, item) in items.enumerated() {
        nested(item, at: pointer.appending(index), depth: depth)
      }
    case .scalar: return
    }
  }

  /// Members of an object payload that the kind's shape does not have.
  mutating func unknownProperties(
    _ payload: LocatedJSON, kind: AgentKind, at pointer: JSONPointer, skipping: [String],
    component: String?, surface: String?
  ) {
    guard case .object(let shape) = kind.shape.root, shape.additional == nil,
      case .object(let members, _) = payload
    else { return }
    for member in members
    where shape.properties[member.key] == nil && !skipping.contains(member.key) {
      fail(
        .vocabulary, member.value, pointer.appending(member.key),
        "kind \(kind.kind) has no property \(member.key)", component: component, surface: surface)
    }
  }

  // MARK: - A2UI messages

  struct Surface {
    var created = false
    var pointer = JSONPointer.root
    var node: LocatedJSON?
    /// id → (the component, its pointer, its child references).
    var components:
      [String: (
        node: LocatedJSON, pointer: JSONPointer, children: [(String, LocatedJSON, JSONPointer)]
      )] = [:]
    var order: [String] = []
  }

  mutating func messages(_ messages: [(JSONPointer, LocatedJSON)]) {
    var surfaces: [String: Surface] = [:]
    var surfaceOrder: [String] = []
    if messages.isEmpty {
      problems.append(
        UIProblem(
          layer: .envelope, position: SourcePosition(line: 1, column: 1, offset: 0), pointer: .root,
          message: "no messages"))
    }
    for (pointer, message) in messages {
      guard case .object(let members, _) = message else {
        fail(
          .envelope, message, pointer,
          "expected an A2UI message (an object), found \(message.value.typeName)")
        continue
      }
      switch message["version"] {
      case nil: fail(.envelope, message, pointer.appending("version"), "missing version (v0.9)")
      case .scalar(.string(let version), _)? where UIDocumentValidator.versions.contains(version):
        break
      case let other?:
        fail(
          .envelope, other, pointer.appending("version"),
          "expected version v0.9, found \(ShapeValidatorText.render(other.value))")
      }
      let actions = members.filter { UIDocumentValidator.actions.contains($0.key) }
      for member in members
      where member.key != "version" && !UIDocumentValidator.actions.contains(member.key) {
        fail(.envelope, member.value, pointer.appending(member.key), "unknown member of a message")
      }
      guard actions.count == 1, let action = actions.first else {
        fail(
          .envelope, message, pointer,
          "a message has exactly one of createSurface, updateComponents, updateDataModel, deleteSurface; found \(actions.count)"
        )
        continue
      }
      let body = action.value
      let bodyPointer = pointer.appending(action.key)
      guard case .object = body else {
        fail(.envelope, body, bodyPointer, "expected an object, found \(body.value.typeName)")
        continue
      }
      guard case .scalar(.string(let surfaceID), _)? = body["surfaceId"] else {
        fail(
          .envelope, body["surfaceId"] ?? body, bodyPointer.appending("surfaceId"),
          "expected surfaceId, a string")
        continue
      }
      if surfaces[surfaceID] == nil {
        surfaces[surfaceID] = Surface()
        surfaceOrder.append(surfaceID)
      }
      switch action.key {
      case "createSurface":
        if case .scalar(.string(let catalogID), _)? = body["catalogId"] {
          checkCatalogID(
            catalogID, body["catalogId"] ?? body, bodyPointer.appending("catalogId"),
            surface: surfaceID)
        } else {
          fail(
            .envelope, body["catalogId"] ?? body, bodyPointer.appending("catalogId"),
            "expected catalogId, a string", surface: surfaceID)
        }
        surfaces[surfaceID]?.created = true
        surfaces[surfaceID]?.pointer = bodyPointer
        surfaces[surfaceID]?.node = body
      case "updateComponents":
        guard case .array(let items, _)? = body["components"], !items.isEmpty else {
          fail(
            .envelope, body["components"] ?? body, bodyPointer.appending("components"),
            "expected components, a non-empty array", surface: surfaceID)
          continue
        }
        for (index, item) in items.enumerated() {
          let itemPointer = bodyPointer.appending("components").appending(index)
          if let (id, children) = component(item, at: itemPointer, surface: surfaceID) {
            if let first = surfaces[surfaceID]?.components[id] {
              fail(
                .graph, item, itemPointer.appending("id"),
                "duplicate id \(id) (first at \(first.pointer), line \(first.node.position.line))",
                component: id, surface: surfaceID)
              continue
            }
            surfaces[surfaceID]?.components[id] = (item, itemPointer, children)
            surfaces[surfaceID]?.order.append(id)
          }
        }
      default:
        break
      }
    }
    for id in surfaceOrder { if let surface = surfaces[id] { graph(surface, id: id) } }
  }

  mutating func checkCatalogID(
    _ id: String, _ node: LocatedJSON, _ pointer: JSONPointer, surface: String
  ) {
    // `<base>/v<major>/catalog.json`: a major other than the catalog's is named.
    let parts = id.split(separator: "/")
    guard parts.count >= 2, parts.last == "catalog.json", let version = parts.dropLast().last,
      version.hasPrefix("v"), let major = Int(version.dropFirst())
    else { return }
    if major != catalog.major {
      fail(
        .envelope, node, pointer,
        "the catalog is at major v\(catalog.major) (revision \(catalog.revision)), not v\(major)",
        surface: surface)
    }
  }

  /// One A2UI component: envelope, vocabulary, data; its id and child references.
  mutating func component(_ node: LocatedJSON, at pointer: JSONPointer, surface: String)
    -> (String, [(String, LocatedJSON, JSONPointer)])?
  {
    components += 1
    guard case .object = node else {
      fail(
        .envelope, node, pointer, "expected a component (an object), found \(node.value.typeName)",
        surface: surface)
      return nil
    }
    guard case .scalar(.string(let id), _)? = node["id"] else {
      fail(
        .envelope, node["id"] ?? node, pointer.appending("id"), "expected id, a string",
        surface: surface)
      return nil
    }
    guard let nameNode = node["component"], case .scalar(.string(let name), _) = nameNode else {
      fail(
        .envelope, node["component"] ?? node, pointer.appending("component"),
        "expected component, the kind (a string)", component: id, surface: surface)
      return (id, [])
    }
    guard
      let kind = kind(
        name, nameNode, pointer.appending("component"), component: id, surface: surface)
    else {
      return (id, [])
    }
    let flattened = A2UIForm.flattens(kind.shape)
    let payload: LocatedJSON
    let payloadPointer: JSONPointer
    if flattened {
      guard case .object(let members, let position) = node else { return (id, []) }
      payload = .object(members.filter { !A2UIForm.reservedMembers.contains($0.key) }, position)
      payloadPointer = pointer
      unknownProperties(
        payload, kind: kind, at: pointer, skipping: [], component: id, surface: surface)
    } else {
      if case .object(let members, _) = node {
        for member in members where !(A2UIForm.reservedMembers + ["payload"]).contains(member.key) {
          fail(
            .vocabulary, member.value, pointer.appending(member.key),
            "kind \(kind.kind) has no property \(member.key) (its payload is the property payload)",
            component: id, surface: surface)
        }
      }
      guard let wrapped = node["payload"] else {
        fail(
          .data, node, pointer.appending("payload"), "decodes a payload, found no member",
          expected: "a payload", component: id, surface: surface)
        return (id, [])
      }
      payload = wrapped
      payloadPointer = pointer.appending("payload")
    }
    let shape = Shape(root: kind.shape.root.a2ui, definitions: kind.shape.definitions)
    for violation in shape.validate(payload.value) {
      fail(
        .data, payload.locate(violation.pointer), payloadPointer.appending(violation.pointer),
        "decodes \(violation.expected), found \(violation.found)", expected: violation.expected,
        component: id, surface: surface)
    }
    var children: [(String, LocatedJSON, JSONPointer)] = []
    references(
      kind.shape.root, payload, at: payloadPointer, into: &children, component: id, surface: surface
    )
    return (id, children)
  }

  /// The child references in `value` at the places where `node` has children.
  mutating func references(
    _ node: ShapeNode, _ value: LocatedJSON, at pointer: JSONPointer,
    into children: inout [(String, LocatedJSON, JSONPointer)], component: String, surface: String
  ) {
    switch (node, value) {
    case (.nullable(let inner), _):
      references(inner, value, at: pointer, into: &children, component: component, surface: surface)
    case (.component, .scalar(.string(let id), _)): children.append((id, value, pointer))
    case (.array(.component), .array(let items, _)):
      for (index, item) in items.enumerated() {
        if case .scalar(.string(let id), _) = item {
          children.append((id, item, pointer.appending(index)))
        } else {
          fail(
            .data, item, pointer.appending(index),
            "decodes a component id, found \(ShapeValidatorText.render(item.value))",
            expected: "a component id", component: component, surface: surface)
        }
      }
    case (.array(.component), .object):
      // A template: {"componentId": ID, "path": PATH}.
      if case .scalar(.string(let id), _)? = value["componentId"],
        case .scalar(.string, _)? = value["path"]
      {
        children.append((id, value["componentId"] ?? value, pointer.appending("componentId")))
      } else {
        fail(
          .data, value, pointer,
          "decodes a child list (an array of component ids, or {componentId, path}), found an object",
          expected: "a child list", component: component, surface: surface)
      }
    case (.array(.component), _):
      fail(
        .data, value, pointer,
        "decodes a child list (an array of component ids, or {componentId, path}), found \(ShapeValidatorText.render(value.value))",
        expected: "a child list", component: component, surface: surface)
    case (.array(let element), .array(let items, _)):
      for (index, item) in items.enumerated() {
        references(
          element, item, at: pointer.appending(index), into: &children, component: component,
          surface: surface)
      }
    case (.object(let object), .object(let members, _)):
      for member in members {
        if let property = object.properties[member.key] {
          references(
            property.node, member.value, at: pointer.appending(member.key), into: &children,
            component: component, surface: surface)
        }
      }
    default: return
    }
  }

  // MARK: - Graph

  mutating func graph(_ surface: Surface, id surfaceID: String) {
    let known = surface.components
    if surface.created {
      for id in surface.order {
        guard let component = known[id] else { continue }
        for (child, node, pointer) in component.children where known[child] == nil {
          fail(
            .graph, node, pointer, "no component with id \(child) (a dangling child reference)",
            component: id, surface: surfaceID)
        }
      }
      guard known["root"] != nil else {
        if let node = surface.node {
          fail(
            .graph, node, surface.pointer, "surface \(surfaceID) has no component with id root",
            surface: surfaceID)
        }
        return
      }
    }
    // Depth-first from the root (or, on a surface only updated here, from every component),
    // without recursion: cycles, depth, reachability.
    var state: [String: Int] = [:]  // 1 on the path, 2 done
    var reached: Set<String> = []
    let starts = surface.created ? ["root"] : surface.order
    for start in starts where state[start] == nil {
      var stack: [(id: String, next: Int)] = [(start, 0)]
      state[start] = 1
      reached.insert(start)
      while let top = stack.last {
        let children = known[top.id]?.children ?? []
        if top.next >= children.count {
          state[top.id] = 2
          stack.removeLast()
          continue
        }
        stack[stack.count - 1].next += 1
        let (child, node, pointer) = children[top.next]
        guard known[child] != nil else { continue }
        switch state[child] {
        case 1?:
          fail(
            .graph, node, pointer, "a cycle: \(child) contains itself (through \(top.id))",
            component: top.id, surface: surfaceID)
        case 2?:
          continue
        default:
          if stack.count >= UIDocumentValidator.maxComponentDepth {
            fail(
              .graph, node, pointer,
              "components nested deeper than \(UIDocumentValidator.maxComponentDepth) levels",
              component: top.id, surface: surfaceID)
            continue
          }
          state[child] = 1
          reached.insert(child)
          stack.append((child, 0))
        }
      }
    }
    if surface.created {
      for id in surface.order where !reached.contains(id) {
        if let component = known[id] {
          fail(
            .graph, component.node, component.pointer,
            "component \(id) is not reachable from root (an orphan)", component: id,
            surface: surfaceID)
        }
      }
    }
  }
}

extension LocatedJSON {
  /// The value at `pointer` inside this one, or the deepest value on the way.
  func locate(_ pointer: JSONPointer) -> LocatedJSON {
    var node = self
    for token in pointer.tokens {
      switch node {
      case .object:
        guard let member = node[token] else { return node }
        node = member
      case .array(let items, _):
        guard let index = Int(token), items.indices.contains(index) else { return node }
        node = items[index]
      case .scalar: return node
      }
    }
    return node
  }
}

extension JSONPointer {
  func appending(_ other: JSONPointer) -> JSONPointer {
    JSONPointer(tokens + other.tokens)
  }
}

extension ShapeNode {
  /// The node as A2UI writes its values: a child is a component id (a string), a list of
  /// children a child list (checked by the graph layer).
  var a2ui: ShapeNode {
    switch self {
    case .component: return .string(.plain)
    case .array(.component): return .unknown("a child list")
    case .nullable(let inner): return .nullable(inner.a2ui)
    case .array(let element): return .array(element.a2ui)
    case .object(var object):
      object.properties = object.properties.mapValues {
        ShapeProperty($0.node.a2ui, required: $0.required)
      }
      object.additional = object.additional?.a2ui
      return .object(object)
    case .any, .string, .boolean, .integer, .number, .enumeration, .reference, .unknown:
      return self
    }
  }
}

/// Short renderings of values, as the shape validator writes them.
enum ShapeValidatorText {
  static func render(_ value: JSONValue) -> String {
    switch value {
    case .object: return "an object"
    case .array: return "an array"
    default:
      let text = value.canonicalText
      return text.unicodeScalars.count > 40
        ? String(String.UnicodeScalarView(text.unicodeScalars.prefix(37))) + "…" : text
    }
  }
}
