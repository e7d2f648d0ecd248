import Foundation

extension AppContract {
  /// The contract as JSON, members in byte order.
  public var json: JSONValue {
    Shape.object([
      ("app", .string(app)),
      ("contract", .number(JSONNumber(Self.formatVersion))),
      ("kinds", Shape.object(kinds.map { ($0.key, $0.value.schema) })),
      ("unknownKinds", .string(unknownKinds.rawValue)),
      ("version", .string(version)),
    ])
  }

  /// The bytes of `contract.json`: ``json`` indented as the catalog exports, and a newline.
  public var canonicalBytes: [UInt8] {
    JSONWriter.indentedBytes(json) + [0x0A]
  }

  /// Reads `contract.json`.
  ///
  /// - Parameter bytes: The file's bytes.
  /// - Throws: ``AppContractError``: the JSON syntax error at its line and column, or every
  ///   structural problem at its JSON Pointer.
  public init(contractJSON bytes: some Collection<UInt8>) throws(AppContractError) {
    let value: JSONValue
    do {
      value = try JSONValue(parsing: bytes)
    } catch {
      throw AppContractError(syntax: error)
    }
    try self.init(json: value)
  }

  /// Reads a contract from its JSON.
  ///
  /// - Throws: ``AppContractError`` with every problem at its JSON Pointer.
  public init(json value: JSONValue) throws(AppContractError) {
    var problems: [ShapeSchemaError.Problem] = []
    func problem(_ pointer: JSONPointer, _ message: String) {
      problems.append(ShapeSchemaError.Problem(pointer: pointer, message: message))
    }
    guard case .object(var object) = value else {
      throw AppContractError(
        problems: [
          .init(pointer: .root, message: "a contract is an object, found \(value.typeName)")
        ])
    }
    func string(_ key: String) -> String? {
      defer { object[key] = nil }
      guard let member = object[key] else {
        problem(.root, "missing member \"\(key)\"")
        return nil
      }
      guard case .string(let text) = member else {
        problem(JSONPointer([key]), "\(key) must be a string, found \(member.typeName)")
        return nil
      }
      return text
    }
    let app = string("app") ?? ""
    let version = string("version") ?? ""
    let handling = string("unknownKinds")
    if let problem = Self.appProblem(app) {
      problems.append(.init(pointer: JSONPointer(["app"]), message: problem))
    }
    if let problem = Self.versionProblem(version) {
      problems.append(.init(pointer: JSONPointer(["version"]), message: problem))
    }
    var unknownKinds = UnknownKindHandling.failEntry
    if let handling {
      if let known = UnknownKindHandling(rawValue: handling) {
        unknownKinds = known
      } else {
        let names = UnknownKindHandling.allCases.map(\.rawValue).joined(separator: ", ")
        problem(JSONPointer(["unknownKinds"]), "unknownKinds must be one of \(names)")
      }
    }
    switch object["contract"] {
    case .number(let number)? where number.text == String(Self.formatVersion):
      break
    case nil:
      problem(.root, "missing member \"contract\"")
    case let other?:
      problem(
        JSONPointer(["contract"]),
        "this reader reads contract format \(Self.formatVersion), found \(other.canonicalText)")
    }
    object["contract"] = nil
    var kinds: [ComponentKind: Shape] = [:]
    switch object["kinds"] {
    case .object(let members)?:
      for member in members {
        do {
          kinds[member.key] = try Shape(
            schema: member.value, at: JSONPointer(["kinds", member.key]))
        } catch {
          problems += error.problems
        }
      }
    case nil:
      problem(.root, "missing member \"kinds\"")
    case let other?:
      problem(JSONPointer(["kinds"]), "kinds must be an object, found \(other.typeName)")
    }
    object["kinds"] = nil
    for member in object.members {
      problem(JSONPointer([member.key]), "unknown member \"\(member.key)\"")
    }
    guard problems.isEmpty else { throw AppContractError(problems: problems) }
    self.init(app: app, version: version, kinds: kinds, unknownKinds: unknownKinds)
  }

  static func appProblem(_ app: String) -> String? {
    if app.isEmpty { return "app must not be empty" }
    if app.contains("@") { return "app must not contain '@'" }
    if app.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
      return "app must not contain control characters"
    }
    return nil
  }

  static func versionProblem(_ version: String) -> String? {
    if version.isEmpty { return "version must not be empty" }
    if version.unicodeScalars.contains(where: {
      $0.properties.generalCategory == .control || $0.properties.isWhitespace
    }) {
      return "version must not contain whitespace or control characters"
    }
    return nil
  }
}

/// A `contract.json` that cannot be read.
public struct AppContractError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The JSON syntax error, when the text is not JSON (with its line and column).
  public var syntax: JSONDiagnostic?
  /// The structural problems, each at its JSON Pointer.
  public var problems: [ShapeSchemaError.Problem]

  public init(syntax: JSONDiagnostic) {
    self.syntax = syntax
    self.problems = []
  }

  public init(problems: [ShapeSchemaError.Problem]) {
    self.syntax = nil
    self.problems = problems
  }

  public var description: String {
    if let syntax { return syntax.description }
    return problems.map(\.description).joined(separator: "\n")
  }
}

extension AppContract: Codable {
  /// Decodes the contract's JSON (as ``init(json:)`` reads it).
  public init(from decoder: any Decoder) throws {
    let value = try JSONValue(from: decoder)
    do {
      try self.init(json: value)
    } catch {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath, debugDescription: error.description,
          underlyingError: error))
    }
  }

  /// Encodes the contract's JSON (``json``).
  public func encode(to encoder: any Encoder) throws {
    try json.encode(to: encoder)
  }
}
