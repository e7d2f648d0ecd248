import CatalogDiff
import Components

/// The policies as a small JSON file (`catalog policy export|import`), so that they can live
/// in the same repository as components.json:
///
/// ```json
/// {
///   "catalog": "FORWARD",
///   "categories": {
///     "Display": "FULL"
///   },
///   "kinds": {
///     "tile-preview": "NONE"
///   },
///   "ignores": [
///     { "kind": "tile-preview", "rule": "KEY_REMOVED", "pointer": "/payload/debug" }
///   ]
/// }
/// ```
///
/// Export writes every member, names and ignores sorted by bytes, so the same policies give
/// the same bytes. Import accepts members in any order and any omitted (an omitted level
/// has no mode set).
extension CatalogPolicy {
  /// The policy file's bytes, ending with a newline.
  public func document() -> [UInt8] {
    func modes(_ settings: [Setting]) -> JSONValue {
      .object(JSONObject(settings.map { .init(key: $0.name, value: .string($0.mode.rawValue)) }))
    }
    let value: JSONValue = .object(
      JSONObject([
        .init(key: "catalog", value: catalog.map { .string($0.rawValue) } ?? .null),
        .init(key: "categories", value: modes(categories)),
        .init(key: "kinds", value: modes(kinds)),
        .init(
          key: "ignores",
          value: .array(
            ignores.map { ignore in
              .object(
                JSONObject([
                  .init(key: "kind", value: .string(ignore.kind)),
                  .init(key: "rule", value: .string(ignore.rule.rawValue)),
                  .init(key: "pointer", value: .string(ignore.pointer.description)),
                ]))
            })),
      ]))
    return JSONWriter.indentedBytes(value) + [0x0A]
  }

  /// Reads a policy file.
  ///
  /// - Throws: ``CatalogError/invalidDocument(source:_:)`` with every problem, each with its
  ///   line, column and JSON Pointer.
  public init(document bytes: [UInt8], name: String) throws {
    let value: JSONValue
    let positions: [JSONPointer: SourcePosition]
    do {
      value = try JSONReader(bytes: bytes).readDocument()
      positions = try Self.positions(in: bytes)
    } catch let diagnostic {
      throw CatalogError.invalidDocument(source: name, JSONDiagnostics([diagnostic]))
    }
    var problems: [JSONDiagnostic] = []
    func problem(_ pointer: JSONPointer, _ message: String) {
      problems.append(
        JSONDiagnostic(
          .invalidDocument, at: positions[pointer] ?? SourcePosition(line: 1, column: 1, offset: 0),
          pointer: pointer, message))
    }
    func mode(_ value: JSONValue, _ pointer: JSONPointer) -> CompatibilityMode? {
      guard case .string(let text) = value else {
        problem(pointer, "expected a mode name, found \(value.typeName)")
        return nil
      }
      guard let mode = CompatibilityMode(rawValue: text) else {
        problem(
          pointer,
          "unknown mode '\(text)'; modes: "
            + CompatibilityMode.allCases.map(\.rawValue).joined(separator: ", "))
        return nil
      }
      return mode
    }
    self.init()
    guard case .object(let root) = value else {
      problem(.root, "expected an object, found \(value.typeName)")
      throw CatalogError.invalidDocument(source: name, JSONDiagnostics(problems))
    }
    for member in root.members {
      let pointer = JSONPointer([member.key])
      switch member.key {
      case "catalog":
        if member.value != .null, let mode = mode(member.value, pointer) { catalog = mode }
      case "categories", "kinds":
        guard case .object(let object) = member.value else {
          problem(pointer, "expected an object of modes, found \(member.value.typeName)")
          continue
        }
        for setting in object.members {
          if let mode = mode(setting.value, pointer.appending(setting.key)) {
            set(mode, at: member.key == "kinds" ? .kind : .category, name: setting.key)
          }
        }
      case "ignores":
        guard case .array(let elements) = member.value else {
          problem(pointer, "expected an array of ignores, found \(member.value.typeName)")
          continue
        }
        for (i, element) in elements.enumerated() {
          let at = pointer.appending(i)
          guard case .object(let object) = element,
            case .string(let kind)? = object["kind"],
            case .string(let ruleName)? = object["rule"],
            case .string(let pointerText)? = object["pointer"], object.count == 3
          else {
            problem(at, #"expected {"kind": …, "rule": …, "pointer": …} with three strings"#)
            continue
          }
          guard let rule = ChangeRule(rawValue: ruleName) else {
            problem(
              at.appending("rule"),
              "unknown rule '\(ruleName)'; rules: "
                + ChangeRule.allCases.map(\.rawValue).joined(separator: ", "))
            continue
          }
          guard let prefix = try? JSONPointer(parsing: pointerText) else {
            problem(at.appending("pointer"), "'\(pointerText)' is not a JSON Pointer")
            continue
          }
          addIgnore(Ignore(kind: kind, rule: rule, pointer: prefix))
        }
      default:
        problem(
          pointer, "unknown member '\(member.key)'; members: catalog, categories, kinds, ignores")
      }
    }
    if !problems.isEmpty {
      throw CatalogError.invalidDocument(source: name, JSONDiagnostics(problems))
    }
  }

  /// Where each value of a small JSON text starts.
  static func positions(in bytes: [UInt8]) throws(JSONDiagnostic) -> [JSONPointer: SourcePosition] {
    let reader = JSONReader(bytes: bytes)
    var positions: [JSONPointer: SourcePosition] = [:]
    func walk(_ pointer: JSONPointer) throws(JSONDiagnostic) {
      positions[pointer] = reader.positionOfNextToken()
      switch reader.peekAfterWhitespace() {
      case 0x7B:
        try reader.beginContainer(0x7B)
        guard !reader.isEmptyContainer(close: 0x7D) else { return }
        repeat {
          let key = try reader.readKey()
          try walk(pointer.appending(key))
        } while try !reader.endOfContainer(close: 0x7D, what: "an object member")
        reader.leaveContainer()
      case 0x5B:
        try reader.beginContainer(0x5B)
        guard !reader.isEmptyContainer(close: 0x5D) else { return }
        var i = 0
        repeat {
          try walk(pointer.appending(i))
          i += 1
        } while try !reader.endOfContainer(close: 0x5D, what: "an array element")
        reader.leaveContainer()
      default:
        _ = try reader.readValue()
      }
    }
    try walk(.root)
    return positions
  }
}
