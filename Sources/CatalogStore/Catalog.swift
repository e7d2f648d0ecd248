import Components
import Foundation

/// A component catalog with its full revision history.
///
/// ```swift
/// let catalog = try Catalog(path: "components.sqlite")
/// let result = try catalog.importDocument(from: .file("components.json"))
/// let entries = try catalog.entries()            // head
/// let old = try catalog.entries(at: "v1.0")      // a tag, a number, head~2, a time
/// ```
///
/// A `Catalog` holds one database connection and is meant for one thread at a time; open
/// one per thread or task that needs it. Every write is one transaction: all of it lands or
/// none of it does.
public final class Catalog {
  /// How a catalog is opened.
  public struct Options: Sendable {
    /// How long a writer waits for another writer's lock before giving up, in seconds.
    public var busyTimeout: Double = 5
    /// Open without the right to write: nothing is created or migrated.
    public var readOnly = false
    /// Create the database file when it does not exist.
    public var create = true

    public init(busyTimeout: Double = 5, readOnly: Bool = false, create: Bool = true) {
      self.busyTimeout = busyTimeout
      self.readOnly = readOnly
      self.create = create
    }
  }

  package let storage: any CatalogStorage
  /// The database file's path.
  public let path: String

  /// Opens (and, unless read-only, creates and migrates) the catalog at `path`.
  ///
  /// - Throws: ``CatalogError/database(_:)`` when the file is not a catalog, is damaged, has
  ///   a schema newer than this code, or cannot be opened.
  public init(path: String, options: Options = Options()) throws {
    self.path = path
    self.storage = try SQLiteCatalogStorage(path: path, options: options)
  }

  package init(storage: any CatalogStorage, path: String) {
    self.storage = storage
    self.path = path
  }

  /// The newest revision, or `nil` for an empty catalog.
  public func head() throws -> Revision? {
    try storage.read { context in
      let id = try context.headRevision()
      return id == 0 ? nil : try context.revision(id)
    }
  }

  /// The catalog's entries at a revision (head by default), in export order.
  public func entries(at reference: RevisionReference = .head) throws -> [CatalogEntry] {
    try storage.read { context in
      let revision = try reference.resolve(in: context)
      var entries: [CatalogEntry] = []
      try context.forEachEntry(at: revision) { entries.append($0.entry) }
      return entries
    }
  }
}

@available(*, unavailable, message: "a catalog holds one database connection; open one per thread")
extension Catalog: Sendable {}
