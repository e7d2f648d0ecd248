/// The seam between the catalog's logic and a database engine: one open catalog.
///
/// Everything engine-specific (SQL text, connection handling, locking, error codes, bulk
/// loading) lives behind this protocol and the two context protocols; `Catalog` and
/// everything above it speak only in revisions, components, entry rows and payload ids. An
/// engine is a module with one ``StorageEngine`` type that opens a ``CatalogStorage``.
///
/// What every engine guarantees (the tables and their meaning are in docs/schema.md):
///
/// - **Snapshot reads.** ``read(_:)`` gives a context that sees one committed state of the
///   catalog for its whole length: a write that commits meanwhile is not seen, partly or
///   wholly. Readers never wait for the writer, and never block it for long.
/// - **One writer at a time.** ``write(_:)`` holds the catalog's writer lock from its first
///   statement to its end, across processes and machines, so two writes never interleave
///   and a write's reads (head, the head index) stay true until it commits. A writer that
///   cannot get the lock within ``CatalogOptions/busyTimeout`` fails with
///   ``CatalogError/database(_:)`` whose code is ``DatabaseProblem/Code/busy``; it never
///   fails with a serialization error the user must retry (an engine that can raise one
///   retries or locks so that it does not).
/// - **All or nothing.** A write lands whole when its body returns
///   ``WriteDecision/commit(_:)``, and not at all when it returns
///   ``WriteDecision/rollback(_:)`` or throws, or when the process or the connection dies
///   before the commit. References between rows are checked no later than the commit: a
///   write whose rows refer to missing rows fails and leaves nothing.
/// - **Append-only history.** Revision and entry-version rows are only ever inserted; no
///   operation updates or deletes them (tags alone are deleted and replaced).
/// - **Consecutive ids.** Revisions are numbered 1, 2, 3, … with no gap
///   (``CatalogWriteContext/appendRevision(_:)`` returns head + 1); components created
///   together get consecutive ids (``CatalogWriteContext/newComponents(count:in:)``).
///
/// Errors: an engine throws ``CatalogError``, its own failures translated into
/// ``CatalogError/database(_:)`` with a ``DatabaseProblem`` (a code and facts, never the
/// engine's message text), ``CatalogError/unavailable(location:reason:)`` for a server it
/// cannot reach. Rows that contradict each other are ``DatabaseProblem/inconsistent(_:)``.
///
/// A storage object serves one thread at a time.
package protocol CatalogStorage: AnyObject {
  /// Runs `body` in a read snapshot (see the type's guarantees).
  ///
  /// - Throws: what `body` throws, or ``CatalogError`` when the engine fails.
  func read<T>(_ body: (any CatalogReadContext) throws -> T) throws -> T

  /// Runs `body` holding the writer lock; its writes land together when it returns
  /// ``WriteDecision/commit(_:)``, and not at all otherwise (see the type's guarantees).
  ///
  /// - Throws: what `body` throws, or ``CatalogError`` when the engine fails (the lock not
  ///   got in time, the commit refused); nothing was written then.
  func write<T>(_ body: (any CatalogWriteContext) throws -> WriteDecision<T>) throws -> T

  /// A number that changes whenever any connection, in this process or another, commits a
  /// write to the catalog; equal numbers mean nothing was committed in between. What a
  /// running app polls to notice an import made elsewhere (`CatalogObserver`).
  func externalChangeCounter() throws -> Int64

  /// Limits how much of what it has read this connection keeps in memory to about
  /// `kibibytes`, or restores the engine's own setting (nil): for a reader that streams the
  /// whole catalog and reads few pages twice soon (the site), whose memory would otherwise
  /// grow by the catalog's size. Engines without such a cache keep the default, which does
  /// nothing.
  func setPageCacheLimit(kibibytes: Int?) throws
}

extension CatalogStorage {
  package func setPageCacheLimit(kibibytes: Int?) throws {}
}

/// Whether a write keeps what it wrote.
package enum WriteDecision<T> {
  case commit(T)
  case rollback(T)
}
