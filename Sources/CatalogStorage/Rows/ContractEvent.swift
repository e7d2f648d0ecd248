import Foundation

/// One stored event of the app contracts (`contract_event`, schema 0009): a build's contract
/// recorded, or the build retired. Events are history: inserted once, never changed; a build
/// is retained while its newest event is ``Action/record``.
///
/// Each event carries ``digest``, a SHA-256 chained over the previous event's digest and this
/// event's fields (`ContractChain` in `CatalogStore`; docs/schema.md defines the bytes).
public struct ContractEvent: Sendable, Hashable {
  public enum Action: String, Sendable, Hashable, CaseIterable {
    /// The build's contract recorded: ``ContractEvent/contract`` holds its canonical bytes.
    case record
    /// The build retired: no longer in the field, no longer protected.
    case retire
  }

  /// 1, 2, 3, … in the order the events were made.
  public var id: Int64
  /// Head when the event was made: it applies to the catalog from that revision on.
  public var afterRevision: Int64
  public var time: Date
  public var author: String
  public var action: Action
  public var app: String
  public var version: String
  /// For ``Action/record``: the canonical `contract.json` bytes; nil for ``Action/retire``.
  public var contract: [UInt8]?
  /// The chained SHA-256, 64 lowercase hexadecimal digits, as stored.
  public var digest: String

  public init(
    id: Int64, afterRevision: Int64, time: Date, author: String, action: Action, app: String,
    version: String, contract: [UInt8]?, digest: String
  ) {
    self.id = id
    self.afterRevision = afterRevision
    self.time = time
    self.author = author
    self.action = action
    self.app = app
    self.version = version
    self.contract = contract
    self.digest = digest
  }

  /// `APP@VERSION`.
  public var build: String { "\(app)@\(version)" }

  /// The columns of `contract_event`, in the order both engines write and read them.
  package static let columns =
    "id, after_revision, created_at, author, action, app, version, contract, digest"
  /// ``columns`` with NULL for `contract`: the events without their contracts' bytes, all the
  /// gate needs to know which builds are retained.
  package static let summaryColumns =
    "id, after_revision, created_at, author, action, app, version, NULL, digest"

  /// An event from its stored values, in ``columns``' order.
  ///
  /// - Throws: ``CatalogError/database(_:)`` (`inconsistent`) for a time or an action this
  ///   code did not write.
  package init(
    storedID id: Int64, afterRevision: Int64, createdAt: String?, author: String?,
    action: String?, app: String?, version: String?, contract: [UInt8]?, digest: String?
  ) throws {
    guard let time = Timestamp.parse(createdAt ?? ""),
      let action = Action(rawValue: action ?? "")
    else {
      throw CatalogError.database(.inconsistent("contract event \(id) is unreadable"))
    }
    self.init(
      id: id, afterRevision: afterRevision, time: time, author: author ?? "", action: action,
      app: app ?? "", version: version ?? "", contract: contract, digest: digest ?? "")
  }
}
