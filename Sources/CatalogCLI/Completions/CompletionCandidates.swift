import CatalogStore

/// What the completion scripts read from the catalog (`catalog completions --candidates`):
/// values as they are stored, each ended by a NUL byte, so that no value (a kind holding a
/// newline, `$(…)`, a quote) can be split, joined or read as anything but one candidate.
enum CompletionCandidates {
  /// The lists there are.
  enum List: String, CaseIterable, Sendable {
    case kinds, categories, tags, builds, revisions
  }

  /// How many revision numbers `revisions` offers, newest first.
  static let revisionNumbers: Int64 = 20

  /// The NUL-terminated values of `list` in `catalog` at head; none for an empty catalog. A
  /// value holding a NUL byte (a SQLite catalog written before such values were refused)
  /// cannot be one candidate, so it is left out.
  ///
  /// `builds` are the recorded app builds, `APP@VERSION`, retained or retired (`contract
  /// show` shows either), sorted by app, then version.
  static func bytes(of list: List, in catalog: Catalog) throws -> [UInt8] {
    guard let head = try catalog.head() else { return [] }
    let values: [String]
    switch list {
    case .builds: values = try catalog.contracts().map(\.build)
    case .kinds: values = try catalog.kinds().map(\.kind)
    case .categories: values = try catalog.categories().map(\.category)
    case .tags: values = try catalog.tags().map(\.name)
    case .revisions:
      let oldest = max(1, head.id - revisionNumbers + 1)
      values =
        ["head"] + (try catalog.tags().map(\.name))
        + stride(from: head.id, through: oldest, by: -1).map(String.init)
    }
    var bytes: [UInt8] = []
    for value in values where !value.utf8.contains(0) {
      bytes.append(contentsOf: value.utf8)
      bytes.append(0)
    }
    return bytes
  }
}
