@_exported import CatalogStorage
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
  public typealias Options = CatalogOptions

  package let storage: any CatalogStorage
  /// Where the catalog lives.
  public let location: CatalogLocation

  /// Opens (and, unless read-only, creates and migrates) the catalog at `location`, with the
  /// engine its kind names.
  ///
  /// A SQLite catalog that does not exist yet appears at its path only when the first write
  /// commits (it is built in a temporary file beside it until then); a catalog opened and
  /// dropped without a write leaves nothing behind.
  ///
  /// - Throws: ``CatalogError/unavailable(location:reason:)`` when the database cannot be
  ///   reached or this build has no engine for it; ``CatalogError/database(_:)`` when it is
  ///   not a catalog, is damaged, has a schema newer than this code, or cannot be opened.
  public init(location: CatalogLocation, options: Options = Options()) throws {
    self.location = location
    self.storage = try StorageEngines.open(location, options: options)
    try sealOlderRevisions(options: options)
  }

  /// A catalog over storage opened elsewhere (tests wrap an engine's storage this way).
  package init(storage: any CatalogStorage, location: CatalogLocation) {
    self.storage = storage
    self.location = location
  }

  /// Opens the catalog that `path` names: a SQLite file, or a PostgreSQL connection URI or
  /// key=value string (``CatalogLocation/init(_:)``).
  public convenience init(path: String, options: Options = Options()) throws {
    try self.init(location: CatalogLocation(path), options: options)
  }

  /// Opens the catalog at a `file:`, `postgresql:` or `postgres:` URL.
  public convenience init(url: URL, options: Options = Options()) throws {
    guard let location = CatalogLocation(url: url) else {
      throw CatalogError.unavailable(
        location: url.absoluteString,
        reason: "not a catalog location (use a file path, or a postgresql:// URL)")
    }
    try self.init(location: location, options: options)
  }

  /// Whether there is certainly no catalog at `location` yet, known without opening it (no
  /// file at a SQLite catalog's path): a write would create it. False when only opening it
  /// can tell (a PostgreSQL database).
  public static func isVacant(_ location: CatalogLocation) -> Bool {
    StorageEngines.isVacant(location)
  }

  /// The newest revision, or `nil` for an empty catalog.
  public func head() throws -> Revision? {
    try storage.read { context in
      let id = try context.headRevision()
      return id == 0 ? nil : try context.revision(id)
    }
  }

  /// The document frame at `reference` (head by default): the form and the top-level members
  /// other than `components` that its export writes.
  public func documentFrame(at reference: RevisionReference = .head) throws -> DocumentFrame {
    try storage.read { context in try context.documentFrame(at: reference.resolve(in: context)) }
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
