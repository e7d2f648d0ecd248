import Components

/// What `ComponentsRegistry.load(from:at:strict:)` made of a catalog's entries: a factory for
/// every entry that decoded, a failure for every entry that did not, and the kinds the registry
/// and the catalog disagree about.
///
/// ```swift
/// let report = try registry.load(from: catalog)
/// for item in report.items { gallery.append(item.entry.category, item.factory) }
/// if !report.failures.isEmpty { log(report) }   // one line per problem
/// ```
public struct RegistryLoadReport: Sendable, Hashable, CustomStringConvertible {
  /// One entry that was loaded: the catalog entry (category, description, …) and its factory.
  public struct Item: Sendable, Hashable {
    /// The catalog entry as stored at the loaded revision.
    public var entry: CatalogEntry
    /// The decoded component; a `GenericComponent` (`factory.isGeneric`) when the kind has no
    /// registered type.
    public var factory: ComponentFactory

    public init(entry: CatalogEntry, factory: ComponentFactory) {
      self.entry = entry
      self.factory = factory
    }
  }

  /// The revision that was loaded, or nil when the catalog has no revisions yet.
  public var revision: Revision?

  /// The entries that loaded, in catalog order: registered kinds decoded with their type,
  /// unregistered kinds as generic components.
  public var items: [Item]

  /// The entries whose payload did not decode with the registered type, in catalog order.
  public var failures: [Failure]

  /// Kinds in the catalog that have no registered type, in catalog order. Their entries are in
  /// `items` as generic components; they are not failures.
  public var unregisteredKinds: [ComponentKind]

  /// Registered kinds that are not in the catalog at the loaded revision, sorted.
  public var missingKinds: [ComponentKind]

  public init(
    revision: Revision?, items: [Item], failures: [Failure], unregisteredKinds: [ComponentKind],
    missingKinds: [ComponentKind]
  ) {
    self.revision = revision
    self.items = items
    self.failures = failures
    self.unregisteredKinds = unregisteredKinds
    self.missingKinds = missingKinds
  }

  /// The factories of `items`, in catalog order; generic ones have `isGeneric` set.
  public var factories: [ComponentFactory] {
    items.map(\.factory)
  }

  /// Whether every entry of a registered kind decoded.
  public var isClean: Bool {
    failures.isEmpty
  }

  /// A summary line, then one line per failure, unregistered kind and missing kind:
  ///
  /// ```text
  /// loaded 4 of 5 entries at revision 2: 3 typed, 1 generic, 1 failed
  /// failure: kind "card" revision 2: /insets/top: type mismatch: expected Double, found string
  /// unregistered: banner (loaded as a generic component)
  /// missing: tile-preview (registered, not in the catalog)
  /// ```
  public var description: String {
    let total = items.count + failures.count
    let generic = items.count { $0.factory.isGeneric }
    let at = revision.map { "at revision \($0.id)" } ?? "from an empty catalog"
    var lines = [
      "loaded \(items.count) of \(total) \(total == 1 ? "entry" : "entries") \(at): "
        + "\(items.count - generic) typed, \(generic) generic, \(failures.count) failed"
    ]
    lines += failures.map { "failure: \($0)" }
    lines += unregisteredKinds.map { "unregistered: \($0) (loaded as a generic component)" }
    lines += missingKinds.map { "missing: \($0) (registered, not in the catalog)" }
    return lines.joined(separator: "\n")
  }
}
