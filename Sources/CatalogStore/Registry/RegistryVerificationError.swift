import Components

/// Stored sample payloads that do not decode with the registered types: thrown by
/// `ComponentsRegistry.verify(against:history:)` and by `load(from:at:strict: true)`.
///
/// Prints a summary line, then one failure per line, sorted by kind, revision and pointer:
///
/// ```text
/// 2 sample payloads do not decode with the registered types (all revisions):
///   kind "card" revision 1: /insets/top: type mismatch: expected Double, found string
///   kind "hero" revision 3 (then "banner"): /headline: key not found: "headline"
/// ```
public struct RegistryVerificationError: Error, Sendable, Hashable, CustomStringConvertible {
  /// Which stored payloads were checked.
  public enum Scope: Sendable, Hashable, CustomStringConvertible {
    /// The entries at one revision.
    case revision(Int64)
    /// Every payload the catalog ever held.
    case allRevisions

    public var description: String {
      switch self {
      case .revision(let id): return "revision \(id)"
      case .allRevisions: return "all revisions"
      }
    }
  }

  /// What was checked.
  public var scope: Scope

  /// Every failure, sorted; never empty.
  public var failures: [RegistryLoadReport.Failure]

  public init(scope: Scope, failures: [RegistryLoadReport.Failure]) {
    self.scope = scope
    self.failures = failures.sorted()
  }

  public var description: String {
    let count = failures.count
    let head =
      count == 1
      ? "1 sample payload does not decode with its registered type"
      : "\(count) sample payloads do not decode with the registered types"
    return ([head + " (\(scope)):"] + failures.map { "  \($0)" }).joined(separator: "\n")
  }
}
