import Foundation

extension ComponentsRegistry {
  /// Decodes every entry of a components document, failing on the first bad entry.
  ///
  /// Accepts both document forms: a top-level array of entries and `{"components": [...]}`.
  /// Each entry is an object with `kind` and `payload`; other members are ignored. Safe to call
  /// off the main actor.
  ///
  /// - Parameter data: The document's JSON text.
  /// - Returns: One factory per entry, in document order.
  /// - Throws: `ComponentDecodingError` naming the first failing entry's index and kind, the
  ///   JSON Pointer of the problem inside the document (`/components/3/payload/insets/top`) and
  ///   the reason; or a document-level error (index nil) when the text is not JSON or not a list
  ///   of entries.
  public func decodeFactories(
    from data: Foundation.Data
  ) throws(ComponentDecodingError) -> [ComponentFactory] {
    var factories: [ComponentFactory] = []
    for result in try decodeFactoryResults(from: data) {
      factories.append(try result.get())
    }
    return factories
  }

  /// Decodes every entry of a components document, keeping one result per entry, so that one
  /// bad entry does not empty a gallery.
  ///
  /// - Parameter data: The document's JSON text, in either form (see `decodeFactories(from:)`).
  /// - Returns: One result per entry, in document order; each failure is a
  ///   `ComponentDecodingError` as `decodeFactories(from:)` would throw it.
  /// - Throws: `ComponentDecodingError` only when the document itself is not JSON or not a list
  ///   of entries.
  public func decodeFactoryResults(
    from data: Foundation.Data
  ) throws(ComponentDecodingError) -> [Result<ComponentFactory, ComponentDecodingError>] {
    let value = try Self.parse(data, kind: nil)
    let decoder = RegistryValueDecoder(value: value, userInfo: [.componentsRegistry: self])
    let document: RegistryDocument
    do {
      document = try decoder.decode(RegistryDocument.self, from: value, at: nil)
    } catch {
      throw ComponentDecodingError(
        converting: error, index: nil, kind: nil, fallbackPath: [], source: value)
    }
    return document.entries.enumerated().map { index, entry in
      entry.result.mapError { error in
        ComponentDecodingError(
          converting: error,
          index: index,
          kind: entry.kind,
          fallbackPath: entry.fallbackPath,
          source: value
        )
      }
    }
  }

  /// Decodes one payload with the type registered for `kind`: the catalog loader's entry point,
  /// where payloads are stored apart from their kind.
  ///
  /// - Parameters:
  ///   - kind: The entry's kind.
  ///   - payload: The JSON text of the payload alone.
  /// - Returns: The factory.
  /// - Throws: `ComponentDecodingError` with `index` nil, `kind` set, and a JSON Pointer inside
  ///   the payload (`/insets/top`); reason `.unknownKind` when `kind` is not registered.
  public func decodeFactory(
    kind: ComponentKind,
    payload: Foundation.Data
  ) throws(ComponentDecodingError) -> ComponentFactory {
    guard let type = componentType(for: kind) else {
      throw unknownKindError(kind)
    }
    return try decodeValue(of: type, kind: kind, value: try Self.parse(payload, kind: kind))
  }

  /// Decodes one payload given as canonical JSON text, the form the catalog stores, with the
  /// type registered for `kind`.
  ///
  /// The text is parsed with the catalog's reader and decoded from the parsed value
  /// (`decodeFactory(kind:value:)`), which keeps member order and number text for `JSONValue`s
  /// inside the data. Results and errors are those of the `Data` form.
  ///
  /// - Parameters:
  ///   - kind: The entry's kind.
  ///   - payload: The payload's canonical text (`CatalogEntry.payload`).
  /// - Returns: The factory.
  /// - Throws: `ComponentDecodingError` as `decodeFactory(kind:payload:)` with `Data` does.
  public func decodeFactory(
    kind: ComponentKind,
    payload: JSONText
  ) throws(ComponentDecodingError) -> ComponentFactory {
    guard let type = componentType(for: kind) else {
      throw unknownKindError(kind)
    }
    let value: JSONValue
    do {
      value = try payload.value()
    } catch {
      throw ComponentDecodingError(diagnostic: error, kind: kind)
    }
    return try decodeValue(of: type, kind: kind, value: value)
  }

  /// Decodes one payload, already parsed, with the type registered for `kind`.
  ///
  /// - Parameters:
  ///   - kind: The entry's kind.
  ///   - value: The payload.
  /// - Returns: The factory.
  /// - Throws: `ComponentDecodingError` with `index` nil, `kind` set, and a JSON Pointer inside
  ///   the payload; reason `.unknownKind` when `kind` is not registered.
  public func decodeFactory(
    kind: ComponentKind,
    value: JSONValue
  ) throws(ComponentDecodingError) -> ComponentFactory {
    guard let type = componentType(for: kind) else {
      throw unknownKindError(kind)
    }
    return try decodeValue(of: type, kind: kind, value: value)
  }

  private func unknownKindError(_ kind: ComponentKind) -> ComponentDecodingError {
    ComponentDecodingError(
      index: nil,
      kind: kind,
      pointer: "",
      reason: .unknownKind(kind, registeredKinds: registeredKinds)
    )
  }

  private func decodeValue<C: Component>(
    of type: C.Type,
    kind: ComponentKind,
    value: JSONValue
  ) throws(ComponentDecodingError) -> ComponentFactory {
    let decoder = RegistryValueDecoder(value: value, userInfo: [.componentsRegistry: self])
    do {
      let data = try decoder.decode(C.Data.self, from: value, at: nil)
      return ComponentFactory(data: data, type: C.self)
    } catch {
      throw ComponentDecodingError(
        converting: error,
        index: nil,
        kind: kind,
        fallbackPath: [],
        source: value
      )
    }
  }

  /// Parses a document or a payload with the catalog's reader.
  ///
  /// - Throws: `ComponentDecodingError` with reason `.invalidJSON` located by line and column.
  private static func parse(
    _ data: Foundation.Data, kind: ComponentKind?
  ) throws(ComponentDecodingError) -> JSONValue {
    do {
      return try JSONValue(parsing: data)
    } catch {
      throw ComponentDecodingError(diagnostic: error, kind: kind)
    }
  }
}
