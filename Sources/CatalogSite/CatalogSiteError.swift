/// Why a site could not be written. The catalog's own errors (an unknown revision, a damaged
/// database) pass through as ``CatalogStore/CatalogError``.
public enum CatalogSiteError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The output exists and is not a directory this generator wrote (it has no
  /// `.catalog-site` marker), so replacing it could destroy someone's files.
  case notASite(path: String)
  /// A file or directory could not be created, written, renamed or removed.
  case io(path: String, reason: String)

  public var description: String {
    switch self {
    case .notASite(let path):
      return
        "'\(path)' exists and is not a site written by catalog site (no .catalog-site file in it); choose an empty or new directory"
    case .io(let path, let reason):
      return "cannot write '\(path)': \(reason)"
    }
  }
}

extension CatalogSiteError {
  /// The same error about `path` (for a write whose path is only made when it fails).
  func at(_ path: String) -> CatalogSiteError {
    switch self {
    case .notASite: return self
    case .io(_, let reason): return .io(path: path, reason: reason)
    }
  }
}
