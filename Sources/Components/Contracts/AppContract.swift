/// What one build of an app decodes: for every kind its registry knows, the shape of the
/// kind's payload, and what the registry does with a kind it does not know.
///
/// An app's test target makes it from the app's registry and writes it as `contract.json`,
/// which CI hands to the catalog:
///
/// ```swift
/// let contract = registry.contract(app: "ios", version: "5.2.0")
/// try Foundation.Data(contract.canonicalBytes).write(to: url)
/// ```
///
/// The file is canonical: members in byte order of their keys, indented as the catalog
/// exports (two spaces), a final newline; reading it and writing it again gives the same bytes.
public struct AppContract: Sendable, Hashable {
  /// The version of the file format; a reader refuses any other.
  public static let formatVersion = 1

  /// The app's name: not empty, no `@` (it names a build as `APP@VERSION`), no control
  /// characters.
  public var app: String
  /// The build's version, as the app states it (`5.2.0`): not empty, no whitespace or
  /// control characters.
  public var version: String
  /// Each registered kind's shape.
  public var kinds: [ComponentKind: Shape]
  /// What the registry does with an entry of a kind no type is registered for.
  public var unknownKinds: UnknownKindHandling

  public init(
    app: String, version: String, kinds: [ComponentKind: Shape],
    unknownKinds: UnknownKindHandling = .failEntry
  ) {
    self.app = app
    self.version = version
    self.kinds = kinds
    self.unknownKinds = unknownKinds
  }

  /// `APP@VERSION`.
  public var build: String { "\(app)@\(version)" }

  /// The places where an entry of `kind` with `payload` does not decode in this build: an
  /// unknown kind is one violation at the root, a nested component is checked against its
  /// own kind's shape.
  public func validate(kind: ComponentKind, payload: JSONValue) -> [ShapeViolation] {
    guard let shape = kinds[kind] else {
      return [
        ShapeViolation(pointer: .root, expected: "a registered kind", found: "kind \"\(kind)\"")
      ]
    }
    return shape.validate(payload) { kinds[$0] }
  }
}

/// What a registry does with an entry whose kind it has no type for.
public enum UnknownKindHandling: String, Sendable, Hashable, CaseIterable {
  /// The entry fails to decode (a nested one fails the entry that holds it); the others
  /// decode (`decodeFactoryResults`), or the whole document fails (`decodeFactories`).
  case failEntry = "fail-entry"
}

extension ComponentsRegistry {
  /// The contract of this app build: every registered kind and its shape, recorded from the
  /// registered `Data` types (``ShapeRecorder``).
  ///
  /// - Parameters:
  ///   - app: The app's name (`ios`).
  ///   - version: The build's version (`5.2.0`).
  /// - Returns: The contract.
  public func contract(app: String, version: String) -> AppContract {
    var kinds: [ComponentKind: Shape] = [:]
    for kind in registeredKinds {
      guard let type = componentType(for: kind) else { continue }
      kinds[kind] = Self.shape(of: type, registry: self)
    }
    return AppContract(app: app, version: version, kinds: kinds, unknownKinds: .failEntry)
  }

  private static func shape<C: Component>(of type: C.Type, registry: ComponentsRegistry) -> Shape {
    ShapeRecorder.shape(of: C.Data.self, userInfo: [.componentsRegistry: registry])
  }
}
