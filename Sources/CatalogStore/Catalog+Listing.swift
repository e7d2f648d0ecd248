import CatalogStorage
import Components

extension Catalog {
  /// The entries at `reference` in export order, only those of `category` when given.
  ///
  /// - Throws: ``RequestProblem/unknownCategory(category:revision:known:suggestion:)`` for a category no entry has, naming the
  ///   closest one.
  public func kinds(category: String? = nil, at reference: RevisionReference = .head) throws
    -> [CatalogEntry]
  {
    let all = try entries(at: reference)
    guard let category else { return all }
    let kept = all.filter { $0.category.hasSameBytes(as: category) }
    if kept.isEmpty {
      let known = try categories(at: reference).map(\.category)
      throw CatalogError.request(
        .unknownCategory(
          category: category, revision: "\(reference)", known: known,
          suggestion: Suggestion.closest(to: category, among: known)))
    }
    return kept
  }

  /// The categories at `reference`, sorted by their bytes, with their number of kinds.
  public func categories(at reference: RevisionReference = .head) throws -> [CategoryCount] {
    var counts: [BytewiseString: Int] = [:]
    for entry in try entries(at: reference) {
      counts[BytewiseString(entry.category), default: 0] += 1
    }
    return counts.sorted { $0.key < $1.key }.map {
      CategoryCount(category: $0.key.string, count: $0.value)
    }
  }
}
