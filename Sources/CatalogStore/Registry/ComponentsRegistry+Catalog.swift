import Components

extension ComponentsRegistry {
  /// Decodes every entry of the catalog at a revision with the types registered for their
  /// kinds: what an app calls at startup.
  ///
  /// ```swift
  /// let registry = ComponentsRegistry()
  /// registerGalleryComponents(in: registry)
  /// let catalog = try Catalog(path: "components.sqlite", options: .init(readOnly: true))
  /// let report = try registry.load(from: catalog)
  /// report.factories          // in catalog order; generic ones for unregistered kinds
  /// report.failures           // kind, revision, JSON Pointer inside the payload, reason
  /// ```
  ///
  /// Each payload is decoded from its stored canonical text with the registered `Data` type,
  /// through `decodeFactory(kind:payload:)`: the text is parsed with the catalog's own reader
  /// and decoded from the parsed value, not handed to `JSONDecoder` again. An entry whose kind has
  /// no registered type is not a failure: it is loaded as a `GenericComponent` whose data is
  /// the payload's `JSONValue`, parsed from the stored text so member order and number text are
  /// kept, and its kind is listed in `unregisteredKinds`.
  ///
  /// - Parameters:
  ///   - catalog: The catalog to read; one snapshot is read, so a concurrent import is either
  ///     wholly in or wholly out.
  ///   - reference: The revision to load; head by default.
  ///   - strict: Throw when any payload of a registered kind fails to decode, instead of
  ///     reporting it. Unregistered kinds are still loaded as generic components.
  /// - Returns: The factories, the failures, the unregistered and the missing kinds.
  /// - Throws: ``CatalogError`` when the catalog cannot be read or `reference` names no
  ///   revision; ``RegistryVerificationError`` listing every failure when `strict` is set and
  ///   some payload does not decode.
  public func load(
    from catalog: Catalog, at reference: RevisionReference = .head, strict: Bool = false
  ) throws -> RegistryLoadReport {
    let (revision, stored) = try catalog.storage.read { context in
      let id = try reference.resolve(in: context)
      var stored: [EntryVersion] = []
      try context.forEachEntry(at: id) { stored.append($0) }
      return (id == 0 ? nil : try context.revision(id), stored)
    }
    let registered = Set(registeredKinds)
    var items: [RegistryLoadReport.Item] = []
    var failures: [RegistryLoadReport.Failure] = []
    var unregistered: [ComponentKind] = []
    items.reserveCapacity(stored.count)
    for version in stored {
      let entry = version.entry
      if registered.contains(entry.kind) {
        switch decodeStored(version) {
        case .success(let factory):
          items.append(RegistryLoadReport.Item(entry: entry, factory: factory))
        case .failure(let failure):
          failures.append(failure)
        }
      } else {
        unregistered.append(entry.kind)
        switch Self.genericFactory(for: version) {
        case .success(let factory):
          items.append(RegistryLoadReport.Item(entry: entry, factory: factory))
        case .failure(let failure):
          failures.append(failure)
        }
      }
    }
    let present = Set(stored.map(\.entry.kind))
    let report = RegistryLoadReport(
      revision: revision, items: items, failures: failures, unregisteredKinds: unregistered,
      missingKinds: registered.subtracting(present).sorted())
    if strict, !failures.isEmpty {
      throw RegistryVerificationError(scope: .revision(revision?.id ?? 0), failures: failures)
    }
    return report
  }

  /// Decodes one stored entry with the type registered for its kind.
  ///
  /// - Parameters:
  ///   - version: The stored entry.
  ///   - kind: The kind whose type decodes it, when not the entry's own (a renamed component's
  ///     older payload is checked against its current kind).
  func decodeStored(
    _ version: EntryVersion, as kind: ComponentKind? = nil
  ) -> Result<ComponentFactory, RegistryLoadReport.Failure> {
    let kind = kind ?? version.entry.kind
    do {
      return .success(try decodeFactory(kind: kind, payload: version.entry.payload))
    } catch {
      return .failure(
        RegistryLoadReport.Failure(
          kind: kind, revision: version.revision, storedKind: version.entry.kind, error: error))
    }
  }

  /// A generic component for a stored entry of an unregistered kind, built from the stored
  /// canonical text so that member order and number text are kept.
  static func genericFactory(
    for version: EntryVersion
  ) -> Result<ComponentFactory, RegistryLoadReport.Failure> {
    let kind = version.entry.kind
    do {
      let value = try version.entry.payload.value()
      return .success(ComponentFactory.generic(kind: kind, value: value))
    } catch {
      // Stored payloads are valid JSON; this is a payload nested deeper than the default
      // limit, imported with a raised `--max-depth`.
      return .failure(
        RegistryLoadReport.Failure(
          kind: kind, revision: version.revision, pointer: error.pointer,
          reason: .invalidJSON(error.message)))
    }
  }
}
