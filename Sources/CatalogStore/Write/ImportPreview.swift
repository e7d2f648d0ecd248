import CatalogDiff

/// What importing a file would record, as a diff: ``Catalog/plannedImport(of:at:prune:)``.
public struct ImportPreview: Sendable {
  /// From the catalog at the reference to the catalog the import would write.
  public var diff: CatalogDiff
  /// The import's own report (counts, kept kinds, kept deprecations), as a dry run gives it.
  public var result: WriteResult
  /// The changes the compatibility policies would refuse (docs/policies.md); empty when
  /// the import would be accepted.
  public var violations: [PolicyViolation] = []
}
