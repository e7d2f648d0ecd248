import Components
import Foundation

extension Catalog {
  /// Every app build whose contract was recorded by `reference` (events made after a later
  /// revision are not counted), retained or retired, sorted by app, then version (by bytes).
  ///
  /// A contract event applies from the revision that was head when it was made: at head,
  /// every event counts.
  public func contracts(at reference: RevisionReference = .head) throws -> [RecordedContract] {
    try storage.read { context in
      let revision = try reference.resolve(in: context)
      return try Self.contracts(in: context.contractEvents(), upTo: revision)
    }
  }

  /// The builds whose contracts are retained (recorded and not retired) at `reference`: the
  /// ones the client matrix and the write gate protect.
  public func retainedContracts(at reference: RevisionReference = .head) throws
    -> [RecordedContract]
  {
    try contracts(at: reference).filter(\.isRetained)
  }

  /// The contract of `app`@`version` as recorded by `reference`, retained or retired: what
  /// an export for one build (`--app APP@VERSION`) reads.
  ///
  /// ```swift
  /// let contract = try catalog.contract(app: "ios", version: "5.2.0")
  /// contract.validate(kind: "tile", payload: payload)  // [] when the build decodes it
  /// ```
  ///
  /// - Throws: ``RequestProblem/noSuchContract(build:revision:recorded:)`` when no contract of
  ///   that build was recorded by then.
  public func contract(
    app: String, version: String, at reference: RevisionReference = .head
  ) throws -> AppContract {
    try recordedContract(app: app, version: version, at: reference).contract
  }

  /// ``contract(app:version:at:)`` with its record: the canonical bytes, who recorded it and
  /// when, and its retirement if any.
  public func recordedContract(
    app: String, version: String, at reference: RevisionReference = .head
  ) throws -> RecordedContract {
    try storage.read { context in
      let revision = try reference.resolve(in: context)
      let builds = try Self.contracts(in: context.contractEvents(), upTo: revision)
      guard let found = builds.first(where: { $0.app == app && $0.version == version }) else {
        throw CatalogError.request(
          .noSuchContract(
            build: "\(app)@\(version)", revision: reference == .head ? nil : revision,
            recorded: builds.map(\.build)))
      }
      return found
    }
  }

  /// Records the contract of an app build (`catalog contract record FILE`), in one write.
  ///
  /// The catalog keeps the contract's canonical bytes (``AppContract/canonicalBytes``), so
  /// `contract show --format json` gives back a canonical `contract.json` byte for byte.
  /// Recording the contract a retained build already has is a no-op (``ContractRecording/
  /// Outcome/unchanged``); recording it for a retired build retains the build again. A build's
  /// contract never changes: a different contract for a recorded `APP@VERSION` is refused.
  ///
  /// - Parameters:
  ///   - bytes: The `contract.json` file's bytes.
  ///   - source: The file's name, for located messages.
  ///   - author: Who records it.
  /// - Throws: ``CatalogError/invalidDocument(source:_:)`` for a file that is not a contract,
  ///   each problem at its line and column and JSON Pointer;
  ///   ``RequestProblem/contractChanged(build:recorded:author:)`` for another contract of a
  ///   recorded build.
  public func recordContract(
    _ bytes: [UInt8], source: String, author: String
  ) throws -> ContractRecording {
    guard !author.isEmpty else { throw CatalogError.request(.emptyAuthor) }
    let contract = try Self.readContract(bytes, source: source)
    let canonical = contract.canonicalBytes
    return try storage.write { context in
      let events = try context.contractEvents()
      let head = try context.headRevision()
      let builds = try Self.contracts(in: events, upTo: head)
      let existing = builds.first { $0.app == contract.app && $0.version == contract.version }
      let previous = Self.previousBuild(of: contract, among: builds)
      if let existing {
        guard existing.bytes == canonical else {
          throw CatalogError.request(
            .contractChanged(
              build: contract.build, recorded: Timestamp.string(existing.recorded.time),
              author: existing.recorded.author))
        }
        if existing.isRetained {
          return .rollback(
            ContractRecording(outcome: .unchanged, recorded: existing, previous: previous))
        }
      }
      let event = try Self.appendEvent(
        action: .record, app: contract.app, version: contract.version, contract: canonical,
        author: author, after: events, head: head, in: context)
      try context.storeContractIndex(try ContractShapeIndex(contract: contract), event: event.id)
      let recorded = RecordedContract(contract: contract, bytes: canonical, recorded: event)
      return .commit(
        ContractRecording(
          outcome: existing == nil ? .recorded : .reinstated, recorded: recorded,
          previous: previous))
    }
  }

  /// Retires an app build (`catalog contract retire APP@VERSION`): it is no longer in the
  /// field, so the gate no longer protects it; its contract stays in the history.
  ///
  /// - Returns: The build as it is now, and whether this call retired it (false when it was
  ///   retired already: a no-op).
  /// - Throws: ``RequestProblem/noSuchContract(build:revision:recorded:)`` when no contract of
  ///   the build is recorded.
  public func retireContract(app: String, version: String, author: String) throws
    -> (contract: RecordedContract, retired: Bool)
  {
    guard !author.isEmpty else { throw CatalogError.request(.emptyAuthor) }
    return try storage.write { context in
      let events = try context.contractEvents()
      let head = try context.headRevision()
      let builds = try Self.contracts(in: events, upTo: head)
      guard var found = builds.first(where: { $0.app == app && $0.version == version }) else {
        throw CatalogError.request(
          .noSuchContract(
            build: "\(app)@\(version)", revision: nil, recorded: builds.map(\.build)))
      }
      guard found.isRetained else { return .rollback((found, false)) }
      found.retired = try Self.appendEvent(
        action: .retire, app: app, version: version, contract: nil, author: author,
        after: events, head: head, in: context)
      return .commit((found, true))
    }
  }

  /// Every contract event, in order: the contracts' history (what `copy` carries and
  /// `doctor` checks).
  public func contractHistory() throws -> [ContractEvent] {
    try storage.read { try $0.contractEvents() }
  }

  // MARK: - Helpers

  /// Reads `contract.json`, with every problem located in the file.
  static func readContract(_ bytes: [UInt8], source: String) throws -> AppContract {
    do {
      return try AppContract(contractJSON: bytes)
    } catch {
      if let syntax = error.syntax {
        throw CatalogError.invalidDocument(source: source, JSONDiagnostics([syntax]))
      }
      let positions = (try? CatalogPolicy.positions(in: bytes)) ?? [:]
      let diagnostics = error.problems.map { problem in
        var place = problem.pointer
        while positions[place] == nil && !place.isRoot { place = place.parent }
        return JSONDiagnostic(
          .invalidDocument,
          at: positions[place] ?? SourcePosition(line: 1, column: 1, offset: 0),
          pointer: problem.pointer, problem.message)
      }
      throw CatalogError.invalidDocument(source: source, JSONDiagnostics(diagnostics))
    }
  }

  /// Appends one event, numbered and chained after `events`.
  private static func appendEvent(
    action: ContractEvent.Action, app: String, version: String, contract: [UInt8]?,
    author: String, after events: [ContractEvent], head: Int64,
    in context: any CatalogWriteContext
  ) throws -> ContractEvent {
    var event = ContractEvent(
      id: (events.last?.id ?? 0) + 1, afterRevision: head, time: Date(), author: author,
      action: action, app: app, version: version, contract: contract, digest: "")
    // The time as it is stored (milliseconds), so the digest covers what is read back.
    event.time = Timestamp.parse(Timestamp.string(event.time)) ?? event.time
    event.digest = try ContractChain.digest(of: event, previous: events.last?.digest)
    try context.appendContractEvent(event)
    return event
  }

  /// The builds `events` recorded up to `revision`, sorted by app, then version.
  static func contracts(in events: [ContractEvent], upTo revision: Int64) throws
    -> [RecordedContract]
  {
    var builds: [String: RecordedContract] = [:]
    for event in events where event.afterRevision <= revision {
      let key = event.build
      switch event.action {
      case .record:
        guard let bytes = event.contract else {
          throw CatalogError.database(.inconsistent("contract event \(event.id) has no contract"))
        }
        if var known = builds[key], known.bytes == bytes {
          known.recorded = event
          known.retired = nil
          builds[key] = known
          continue
        }
        let contract = try AppContract(stored: bytes, event: event.id)
        builds[key] = RecordedContract(contract: contract, bytes: bytes, recorded: event)
      case .retire:
        builds[key]?.retired = event
      }
    }
    return builds.values.sorted {
      $0.app == $1.app
        ? $0.version.utf8.lexicographicallyPrecedes($1.version.utf8)
        : $0.app.utf8.lexicographicallyPrecedes($1.app.utf8)
    }
  }

  /// The latest record event of each build `events` retain at `revision` (recorded and not
  /// retired then), sorted by app, then version: the builds ``contracts(in:upTo:)`` gives
  /// as retained, without reading their contracts (`events` may come without their bytes).
  static func retainedRecordEvents(in events: [ContractEvent], upTo revision: Int64)
    -> [ContractEvent]
  {
    var latest: [String: ContractEvent] = [:]
    for event in events where event.afterRevision <= revision {
      latest[event.build] = event
    }
    return latest.values.filter { $0.action == .record }.sorted {
      $0.app == $1.app
        ? $0.version.utf8.lexicographicallyPrecedes($1.version.utf8)
        : $0.app.utf8.lexicographicallyPrecedes($1.app.utf8)
    }
  }

  /// The build of the same app recorded most recently before `contract`'s, if any: what a
  /// new build is compared with.
  private static func previousBuild(of contract: AppContract, among builds: [RecordedContract])
    -> RecordedContract?
  {
    builds.filter { $0.app == contract.app && $0.version != contract.version }
      .max { $0.recorded.id < $1.recorded.id }
  }
}

/// One app build's recorded contract.
public struct RecordedContract: Sendable, Hashable {
  /// The contract as read from its bytes.
  public var contract: AppContract
  /// The canonical `contract.json` bytes, as recorded.
  public var bytes: [UInt8]
  /// The event that recorded it (the latest, when it was recorded again after a retirement).
  public var recorded: ContractEvent
  /// The event that retired it; nil while the build is retained.
  public var retired: ContractEvent?

  public init(
    contract: AppContract, bytes: [UInt8], recorded: ContractEvent, retired: ContractEvent? = nil
  ) {
    self.contract = contract
    self.bytes = bytes
    self.recorded = recorded
    self.retired = retired
  }

  public var app: String { contract.app }
  public var version: String { contract.version }
  /// `APP@VERSION`.
  public var build: String { contract.build }
  /// Whether the build is in the field: recorded and not retired.
  public var isRetained: Bool { retired == nil }
}

/// What ``Catalog/recordContract(_:source:author:)`` did.
public struct ContractRecording: Sendable {
  public enum Outcome: String, Sendable {
    /// A new build.
    case recorded
    /// The build was recorded with this contract and retained: nothing was written.
    case unchanged
    /// The build was retired; it is retained again.
    case reinstated
  }

  public var outcome: Outcome
  public var recorded: RecordedContract

  /// The build of the same app recorded most recently before this one.
  public var previous: RecordedContract?
}

extension AppContract {
  /// A contract read back from the catalog, where contract event `event` stored it. Its bytes
  /// were a valid contract when recorded, so one that no longer reads is damage
  /// (``DatabaseProblem/Code/inconsistent``), never the fault of the user's input.
  init(stored bytes: [UInt8], event: Int64) throws {
    do {
      try self.init(contractJSON: bytes)
    } catch {
      throw CatalogError.database(
        .inconsistent("contract event \(event) holds an unreadable contract: \(error)"))
    }
  }
}
