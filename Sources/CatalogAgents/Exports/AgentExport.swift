import Components

/// The catalog for agents, in the three forms of `catalog export --format`: an A2UI v0.9
/// catalog, a standalone JSON Schema, a Markdown system prompt.
///
/// Each is a pure function of an ``AgentCatalog``: members in byte order of their keys,
/// kinds in catalog order, so the same catalog and options always give the same bytes.
public enum AgentExport {
  /// The `$schema` of the schemas written.
  public static let dialect = "https://json-schema.org/draft/2020-12/schema"

  /// The default base of the `catalogId` (`<base>/v<major>/catalog.json`): a reserved
  /// domain, to be replaced with the team's own (`--id-base`).
  public static let defaultIDBase = "https://catalog.invalid/components"

  /// The A2UI `catalogId` of a major.
  public static func catalogID(base: String, major: Int) -> String {
    var base = base
    while base.hasSuffix("/") { base.removeLast() }
    return "\(base)/v\(major)/catalog.json"
  }

  // MARK: - a2ui

  /// The A2UI v0.9 catalog object: `catalogId`, and one component per kind
  /// (``A2UIForm``) with its description, properties, `required`, `examples` (the sample),
  /// `deprecated`, and the annotations `x-category`, `x-inferred` (the number of samples
  /// the shape was inferred from) and `x-payload: "wrapped"` (a kind whose payload is its
  /// one property `payload`); `x-catalog-versions` lists each major with the revision
  /// that began it and why.
  public static func a2ui(_ catalog: AgentCatalog, idBase: String = defaultIDBase) -> JSONValue {
    let id = catalogID(base: idBase, major: catalog.major)
    let flattening = Dictionary(
      catalog.kinds.map { (BytewiseString($0.kind), A2UIForm.flattens($0.shape)) },
      uniquingKeysWith: { first, _ in first })
    let components = catalog.kinds.map { kind -> (String, JSONValue) in
      let (properties, required) = A2UIForm.properties(of: kind.shape)
      let body = AgentSchema.object([
        ("type", "object"),
        (
          "properties",
          AgentSchema.object(
            [("component", AgentSchema.object([("const", .string(kind.kind))]))] + properties)
        ),
        ("required", .array((["component"] + required).map { .string($0) })),
      ])
      var members: [(String, JSONValue)] = [
        ("type", "object"),
        ("description", .string(kind.description)),
        (
          "allOf",
          .array([
            AgentSchema.object([
              ("$ref", .string(AgentSchema.commonTypes + "#/$defs/ComponentCommon"))
            ]), body,
          ])
        ),
        ("unevaluatedProperties", false),
        (
          "examples",
          .array([
            A2UIForm.components(
              id: "example", kind: kind.kind, payload: kind.sample,
              flattens: { flattening[BytewiseString($0)] ?? false })[0]
          ])
        ),
        ("x-category", .string(kind.category)),
        shapeAnnotation(kind),
      ]
      if kind.deprecated { members.append(("deprecated", true)) }
      if !A2UIForm.flattens(kind.shape) { members.append(("x-payload", "wrapped")) }
      return (kind.kind, AgentSchema.object(members))
    }
    return AgentSchema.object([
      ("$schema", .string(dialect)),
      ("$id", .string(id)),
      ("catalogId", .string(id)),
      ("title", .string(title(catalog))),
      ("components", AgentSchema.object(components)),
      ("x-catalog-versions", .array(catalog.majors.map(versionJSON))),
    ])
  }

  /// Where a kind's shape comes from: `x-inferred` (the number of samples) or `x-contract`
  /// (the app build whose contract decodes it).
  static func shapeAnnotation(_ kind: AgentKind) -> (String, JSONValue) {
    if let build = kind.contract { return ("x-contract", .string(build)) }
    return ("x-inferred", .number(JSONNumber(kind.inferredFrom)))
  }

  /// The exports' title: the revision, and the build when the shapes are a contract's.
  static func title(_ catalog: AgentCatalog) -> String {
    "Component catalog at revision \(catalog.revision)"
      + (catalog.build.map { " as \($0) decodes it" } ?? "")
  }

  static func versionJSON(_ major: CatalogMajor) -> JSONValue {
    AgentSchema.object([
      ("major", .number(JSONNumber(major.major))),
      ("revision", .number(JSONNumber(Int(major.revision)))),
      ("reasons", .array(major.reasons.map { .string($0) })),
    ])
  }

  // MARK: - json-schema

  /// One JSON Schema 2020-12 document for the catalog: a `$defs` entry per kind (an entry
  /// `{"kind": KIND, "payload": …}` with the kind's shape), and the root any of them
  /// (`anyOf`); a nested component refers to the root.
  ///
  /// `strict` writes the form structured-output APIs require: every object closed
  /// (`additionalProperties: false`), every property in `required`, and the optional ones
  /// nullable.
  public static func jsonSchema(_ catalog: AgentCatalog, strict: Bool = false) -> JSONValue {
    let definitions = catalog.kinds.map { kind -> (String, JSONValue) in
      var members: [(String, JSONValue)] = [
        ("type", "object"),
        ("description", .string(kind.description)),
        (
          "properties",
          AgentSchema.object([
            ("kind", AgentSchema.object([("const", .string(kind.kind))])),
            ("payload", AgentSchema.schema(of: kind.shape.root, children: .catalogEntry)),
          ])
        ),
        ("required", ["kind", "payload"]),
        ("x-category", .string(kind.category)),
        shapeAnnotation(kind),
      ]
      if kind.deprecated { members.append(("deprecated", true)) }
      return (kind.kind, AgentSchema.object(members))
    }
    let document = AgentSchema.object([
      ("$schema", .string(dialect)),
      ("title", .string(title(catalog))),
      (
        "anyOf",
        .array(
          catalog.kinds.map {
            AgentSchema.object([("$ref", .string("#/$defs/" + AgentSchema.fragment($0.kind)))])
          })
      ),
      ("$defs", AgentSchema.object(definitions)),
    ])
    return strict ? StrictSchema.strict(document) : document
  }

  // MARK: - Bytes

  /// The bytes of an export: JSON indented as `catalog export` writes, with a final newline;
  /// the prompt as written.
  public static func bytes(_ value: JSONValue) -> [UInt8] {
    JSONWriter.indentedBytes(value) + [UInt8(ascii: "\n")]
  }
}
