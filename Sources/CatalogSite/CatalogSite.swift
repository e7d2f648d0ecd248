import CatalogStore
import Components
import Foundation

/// A static website of a catalog and its history: an index with search, a page per kind, a
/// page per revision, and the releases (tags) with their manifests.
///
/// ```swift
/// let catalog = try Catalog(path: "components.sqlite", options: .init(readOnly: true))
/// let summary = try CatalogSite.write(catalog, to: "site", options: .init(title: "Design"))
/// ```
///
/// The site is plain files that work opened from `file://`: no server, nothing fetched. The
/// same catalog gives the same bytes. Pages are written one at a time from the store, into
/// a temporary directory that replaces `output` only when complete (``SiteDirectory``).
public enum CatalogSite {
  /// What to write.
  public struct Options: Sendable, Hashable {
    /// The site's name, shown on every page.
    public var title: String
    /// The revision the site shows (head by default); history up to it.
    public var reference: RevisionReference
    /// Whether each release's files for agents (its A2UI catalog and JSON Schema) are
    /// written beside its components.json.
    public var agentFiles: Bool

    public init(
      title: String = "Component catalog", reference: RevisionReference = .head,
      agentFiles: Bool = false
    ) {
      self.title = title
      self.reference = reference
      self.agentFiles = agentFiles
    }
  }

  /// What was written.
  public struct Summary: Sendable, Hashable {
    /// The revision shown.
    public var revision: Int64
    public var kinds: Int
    public var revisions: Int
    public var releases: Int
    /// Every file written, the marker included.
    public var files: Int
  }

  /// Writes the site of `catalog` into the directory `output`, replacing an earlier site.
  ///
  /// - Throws: ``CatalogSiteError`` when the output cannot be written or is a directory this
  ///   generator did not write; ``CatalogStore/CatalogError`` from the catalog (an unknown
  ///   revision, an empty catalog, a damaged database). Nothing is left behind on failure.
  /// - Parameter progress: called with the number of files written so far, every 256 files
  ///   (a progress display).
  @discardableResult
  public static func write(
    _ catalog: Catalog, to output: String, options: Options = Options(),
    progress: ((Int) -> Void)? = nil
  ) throws -> Summary {
    let head = try catalog.revision(options.reference)
    let directory = try SiteDirectory(output: output)
    do {
      var generator = SiteGenerator(
        catalog: catalog, directory: directory, title: options.title, head: head,
        agentFiles: options.agentFiles)
      generator.progress = progress
      // Every page is read once, in streamed passes: a small page cache costs no time here
      // and keeps the whole catalog from staying in memory (docs/benchmarks.md).
      let summary = try catalog.withPageCacheLimit(kibibytes: 1024) { try generator.run() }
      try directory.commit()
      return summary
    } catch {
      directory.abandon()
      throw error
    }
  }
}
