import CatalogDiff
import Components

/// Everything that can go wrong with a catalog, as a user would be told it.
///
/// The command-line tool maps each case to an exit status (docs/cli.md); an app can switch
/// over the cases.
public enum CatalogError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The document is not JSON, or not a valid components document. The catalog is unchanged.
  case invalidDocument(source: String, JSONDiagnostics)
  /// A JSON Patch (`catalog patch`) that does not apply to the catalog: the patch's own error
  /// (its operation, `code` and reason), and the same problem `located` in the patch file (at
  /// the operation's member at fault), which is what the CLI prints. Nothing was written.
  case patch(source: String, JSONPatchError, located: JSONDiagnostic)
  /// A revision reference that names no revision.
  case unknownRevision(reference: String, reason: String)
  /// A kind that is not in the catalog at the revision asked about.
  case unknownKind(kind: String, detail: String)
  /// A request refused for a reason named by its case (``RequestProblem``): the facts, which
  /// the CLI turns into a sentence (exit 65). Nothing was written.
  case request(RequestProblem)
  /// `revert` found that later revisions changed what the reverted revision changed. Nothing
  /// was written.
  case revertConflicts(revision: Int64, [RevertConflict])
  /// `--expect-head` did not hold: someone else wrote first.
  case headMismatch(head: Int64, expected: Int64)
  /// A write computed from head (`catalog patch` without `--expect-head`) was computed
  /// again on the head other writers made meanwhile, and there it fails or makes other
  /// changes than on the head it was first computed on. Nothing was written.
  case headMoved(from: Int64, to: Int64, HeadMove)
  /// The database is not a catalog, is damaged, is busy, is newer than this code, cannot be
  /// written, …: the facts, which the CLI turns into a sentence and an exit status.
  case database(DatabaseProblem)
  /// An input file is missing or unreadable.
  case unreadable(path: String, reason: String)
  /// There is no catalog to read at `location`: nothing was ever written there, or the
  /// catalog holds no revision yet (``CatalogAbsence``). Nothing was created.
  case noCatalog(location: String, CatalogAbsence)
  /// `export --output` names a catalog database, or the -wal, -shm or -journal file of the
  /// catalog being exported: writing there would destroy it. Nothing was written.
  case outputIsACatalog(path: String)
  /// A file could not be written.
  case io(path: String, reason: String)
  /// The catalog's database cannot be reached: no engine for its location in this build, a
  /// server that is down or refuses the connection. `location` never shows a password.
  case unavailable(location: String, reason: String)
  /// A programming error: a call this code's own contract rules out (a plan used before it
  /// was made, a write outside the writer lock). Never the fault of the user's input or of
  /// the catalog's rows (those are ``database(_:)`` with ``DatabaseProblem/Code/inconsistent``);
  /// the CLI reports it as an internal error, exit 70.
  case internalError(String)

  public var description: String {
    switch self {
    case .invalidDocument(let source, let diagnostics):
      return diagnostics.diagnostics.map { $0.formatted(file: source) }.joined(separator: "\n")
    case .patch(let source, _, let located):
      return located.formatted(file: source)
    case .unknownRevision(let reference, let reason):
      return "unknown revision '\(reference)': \(reason)"
    case .unknownKind(let kind, let detail):
      return "no component of kind \"\(kind)\" \(detail)"
    case .request(let problem):
      return "\(problem)"
    case .revertConflicts(let revision, let conflicts):
      return "cannot revert revision \(revision): later revisions changed the same places, "
        + "so nothing was written:\n"
        + conflicts.map { "  \($0)" }.joined(separator: "\n")
    case .headMismatch(let head, let expected):
      return "head is revision \(head), expected \(expected)"
    case .headMoved(let from, let to, let move):
      switch move {
      case .noLongerApplies(let error):
        return "head moved from \(from) to \(to) while patching, and the patch no longer "
          + "applies to it: \(error)"
      case .changesDiffer(let difference):
        return "head moved from \(from) to \(to) while patching, and the patch makes other "
          + "changes there (\(difference)), so nothing was written; read head again and "
          + "make the patch against it"
      }
    case .database(let problem):
      return problem.description
    case .outputIsACatalog(let path):
      return "\(path) is a catalog database (or its -wal, -shm or -journal file); export would "
        + "replace it: choose another --output"
    case .noCatalog(let location, let absence):
      return "\(location): \(absence)"
    case .internalError(let detail):
      return detail
    case .unreadable(let path, let reason), .io(let path, let reason),
      .unavailable(let path, let reason):
      return "\(path): \(reason)"
    }
  }
}

/// How a patch fails on the head another writer moved it to (``CatalogError/headMoved(from:to:_:)``).
public enum HeadMove: Sendable, Equatable {
  /// Applied again to the new head, the patch fails there: that error.
  indirect case noLongerApplies(CatalogError)
  /// Applied again, it changes other kinds or values than it did on the first head.
  case changesDiffer(String)
}
