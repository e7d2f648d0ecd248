/// What an engine's own integrity check found in a catalog too damaged to open
/// (``StorageEngine/integrityCheck(_:options:)``), with the names messages give the check.
public struct IntegrityCheckReport: Sendable, Hashable {
  /// The engine that ran the check, as messages name it: `SQLite`.
  public var engine: String
  /// The check, as messages name it: `integrity_check`.
  public var check: String
  /// One finding a line; empty when the check finds nothing wrong.
  public var findings: [String]

  public init(engine: String, check: String, findings: [String]) {
    self.engine = engine
    self.check = check
    self.findings = findings
  }
}
