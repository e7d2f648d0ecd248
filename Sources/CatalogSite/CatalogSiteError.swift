/// Why a site could not be written. The catalog's own errors (an unknown revision, a damaged
/// database) pass through as ``CatalogStore/CatalogError``.
public enum CatalogSiteError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The output exists and is not a directory this generator wrote (it has no
  /// `.catalog-site` marker), so replacing it could destroy someone's files.
  case notASite(path: String)
  /// The output is a site, but also holds files or folders the site did not write (its
  /// marker does not list them), so replacing it would delete them: up to five of their
  /// paths, relative to the output, and how many there are.
  case holdsOtherFiles(path: String, names: [String], count: Int)
  /// Two kinds would get the same page name (``SiteNames/kindName(_:)``: the same slug and
  /// the same first 48 bits of their SHA-256), which no catalog is expected to meet; renaming
  /// one of them gives each its page.
  case samePageName(name: String, kinds: [String])
  /// A file or directory could not be created, written, renamed or removed.
  case io(path: String, reason: String)

  public var description: String {
    switch self {
    case .notASite(let path):
      return
        "'\(path)' exists and is not a site written by catalog site (no .catalog-site file in it); choose an empty or new directory"
    case .holdsOtherFiles(let path, let names, let count):
      let more = count > names.count ? " and \(count - names.count) more" : ""
      return
        "'\(path)' holds files catalog site did not write (\(names.joined(separator: ", "))\(more)); replacing it would delete them: move them out or choose an empty or new directory"
    case .io(let path, let reason):
      return "cannot write '\(path)': \(reason)"
    case .samePageName(let name, let kinds):
      let quoted = kinds.map { "'\($0)'" }.joined(separator: " and ")
      return
        "kinds \(quoted) would both be written to kinds/\(name).html; rename one of them"
    }
  }
}

extension CatalogSiteError {
  /// The same error about `path` (for a write whose path is only made when it fails).
  func at(_ path: String) -> CatalogSiteError {
    switch self {
    case .notASite, .holdsOtherFiles, .samePageName: return self
    case .io(_, let reason): return .io(path: path, reason: reason)
    }
  }
}
