/// Why a read found no catalog (``CatalogError/noCatalog(location:_:)``).
///
/// Both read as "no catalog" to a command: a build that runs `catalog export` against a
/// mistyped `--database` must fail, never print an empty manifest.
public enum CatalogAbsence: Sendable, Equatable, CustomStringConvertible {
  /// No catalog database at the location (no file; a server database without the schema).
  case missing
  /// The catalog exists but no revision was ever written to it.
  case noRevision

  public var description: String {
    switch self {
    case .missing: return "no catalog database here"
    case .noRevision: return "the catalog has no revision yet"
    }
  }
}
