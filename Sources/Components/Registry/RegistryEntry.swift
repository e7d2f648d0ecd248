/// Decoding of one `{"kind": …, "payload": …}` entry through the registry in the decoder's user
/// info; shared by document entries and `NestedComponent`.
enum RegistryEntry {
  /// The members of an entry the registry reads; others (`category`, `description`) are
  /// ignored.
  enum Keys: String, CodingKey {
    case kind
    case payload
  }

  /// Decodes the entry at `decoder` into a factory.
  ///
  /// - Parameters:
  ///   - decoder: A decoder positioned at the entry object.
  ///   - kind: Set to the entry's kind as soon as it is read, so a caller can name it even when
  ///     the payload then fails.
  /// - Returns: The factory of the registered type for the entry's kind.
  /// - Throws: `DecodingError`; an unknown kind is `.dataCorrupted` at the `kind` member with a
  ///   `RegistryUnknownKind` as the underlying error.
  static func decodeFactory(
    from decoder: any Decoder,
    kind: inout ComponentKind?
  ) throws -> ComponentFactory {
    guard let registry = decoder.userInfo[.componentsRegistry] as? ComponentsRegistry else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath,
          debugDescription:
            "decoding a component entry needs a ComponentsRegistry in "
            + "decoder.userInfo[.componentsRegistry]"
        )
      )
    }
    let container = try decoder.container(keyedBy: Keys.self)
    let entryKind = try container.decode(ComponentKind.self, forKey: .kind)
    kind = entryKind
    guard let decodePayload = registry.decoder(for: entryKind) else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: container.codingPath + [Keys.kind],
          debugDescription: "unknown component kind \"\(entryKind)\"",
          underlyingError: RegistryUnknownKind(
            kind: entryKind,
            registeredKinds: registry.registeredKinds
          )
        )
      )
    }
    // Checked here because `superDecoder(forKey:)` would hand the payload decoder a null, and
    // "missing payload" reads better than a type mismatch against null.
    guard container.contains(.payload) else {
      throw DecodingError.keyNotFound(
        Keys.payload,
        DecodingError.Context(
          codingPath: container.codingPath,
          debugDescription: "no value for key \"payload\""
        )
      )
    }
    return try decodePayload(container.superDecoder(forKey: .payload))
  }
}

/// The underlying error of the `DecodingError` thrown for an unregistered kind, so that the
/// conversion to `ComponentDecodingError` can name the kind and the registered ones.
struct RegistryUnknownKind: Error {
  let kind: ComponentKind
  let registeredKinds: [ComponentKind]
}
