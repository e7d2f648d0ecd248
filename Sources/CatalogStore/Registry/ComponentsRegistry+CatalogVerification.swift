import Components

extension ComponentsRegistry {
  /// Which stored payloads `verify(against:history:)` checks.
  public enum CatalogHistory: Sendable, Hashable {
    /// The entries at head: what `load(from:)` would decode today.
    case head
    /// Every distinct payload the catalog ever held for each component, checked against the
    /// type registered for the component's current kind ("backward transitive" compatibility).
    case allRevisions
  }

  /// Checks that the catalog's sample payloads decode with the registered types: the test an
  /// app's own suite runs, so that a change to a component's `Data` that breaks a stored
  /// sample fails the build.
  ///
  /// ```swift
  /// @Test func catalogSamplesDecode() throws {
  ///   let registry = ComponentsRegistry()
  ///   registerGalleryComponents(in: registry)
  ///   let catalog = try Catalog(path: "components.sqlite", options: .init(readOnly: true))
  ///   try registry.verify(against: catalog, history: .allRevisions)
  /// }
  /// ```
  ///
  /// Only kinds registered now are checked; an entry of an unregistered kind is not a failure.
  /// With `.allRevisions`, a component's history is followed by identity, not by name: a
  /// component renamed from `banner` to `hero` has all its payloads, including those stored
  /// while it was `banner`, checked against the type registered for `hero`. A component
  /// removed since is checked under the name it had when it was removed. Each distinct payload
  /// of a kind is decoded once and reported with the first revision that held it.
  ///
  /// - Parameters:
  ///   - catalog: The catalog to check.
  ///   - history: `.head` (the default) or `.allRevisions`.
  /// - Throws: ``RegistryVerificationError`` listing every failing kind, revision and JSON
  ///   Pointer, one per line, sorted; ``CatalogError`` when the catalog cannot be read.
  public func verify(against catalog: Catalog, history: CatalogHistory = .head) throws {
    switch history {
    case .head:
      try verifyHead(of: catalog)
    case .allRevisions:
      try verifyAllRevisions(of: catalog)
    }
  }

  private func verifyHead(of catalog: Catalog) throws {
    let (head, stored) = try catalog.storage.read { context in
      let head = try context.headRevision()
      var stored: [EntryVersion] = []
      try context.forEachEntry(at: head) { stored.append($0) }
      return (head, stored)
    }
    let registered = Set(registeredKinds)
    var failures: [RegistryLoadReport.Failure] = []
    for version in stored where registered.contains(version.entry.kind) {
      if case .failure(let failure) = decodeStored(version) {
        failures.append(failure)
      }
    }
    if !failures.isEmpty {
      throw RegistryVerificationError(scope: .revision(head), failures: failures)
    }
  }

  private func verifyAllRevisions(of catalog: Catalog) throws {
    /// A payload as first stored for a component.
    struct Sample {
      var revision: Int64
      var storedKind: ComponentKind
      var payload: JSONText
    }
    var currentKind: [Int64: ComponentKind] = [:]
    var samples: [Int64: [Sample]] = [:]
    var seen: [Int64: Set<JSONText>] = [:]
    try catalog.forEachEntryVersion { version in
      // Every row carries the component's name after it, and a removal its last name, so the
      // last row seen is the component's name at head (or when it was removed).
      currentKind[version.componentID] = version.entry.kind
      guard version.change != .removed,
        seen[version.componentID, default: []].insert(version.entry.payload).inserted
      else { return }
      samples[version.componentID, default: []].append(
        Sample(
          revision: version.revision, storedKind: version.entry.kind,
          payload: version.entry.payload))
    }
    // One check per distinct payload of a kind, at the first revision that held it.
    var distinct: [ComponentKind: [JSONText: Sample]] = [:]
    for (component, componentSamples) in samples {
      guard let kind = currentKind[component], isRegistered(kind) else { continue }
      for sample in componentSamples {
        if let earlier = distinct[kind]?[sample.payload], earlier.revision <= sample.revision {
          continue
        }
        distinct[kind, default: [:]][sample.payload] = sample
      }
    }
    var failures: [RegistryLoadReport.Failure] = []
    for (kind, payloads) in distinct {
      for sample in payloads.values {
        do {
          _ = try decodeFactory(kind: kind, payload: sample.payload)
        } catch {
          failures.append(
            RegistryLoadReport.Failure(
              kind: kind, revision: sample.revision, storedKind: sample.storedKind, error: error))
        }
      }
    }
    if !failures.isEmpty {
      throw RegistryVerificationError(scope: .allRevisions, failures: failures)
    }
  }
}
