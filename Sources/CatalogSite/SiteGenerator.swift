import CatalogStore
import Components

/// Writes the pages of one site, one at a time.
///
/// What it holds while it runs is linear in the catalog's shape and small beside it: one
/// ``KindSummary`` per kind (no payloads), the revisions' headers, the tags, and one small
/// row per stored entry version for the revision pages. Payloads, blame and history come
/// from one streamed pass over the stored versions, one component at a time, and are
/// dropped once its page is written.
struct SiteGenerator {
  let catalog: Catalog
  let directory: SiteDirectory
  let title: String
  /// The revision the site shows.
  let head: Revision

  /// The kinds at ``head``, in export order.
  var kinds: [KindSummary] = []
  /// Each kind's index in ``kinds``.
  var kindIndex: [BytewiseString: Int] = [:]
  /// The categories at ``head``, sorted, with how many kinds each has.
  var categories: [(name: String, count: Int)] = []
  var categoryIndex: [BytewiseString: Int] = [:]
  /// Revisions up to ``head``, newest first.
  var revisions: [Revision] = []
  /// Tags naming revisions up to ``head``, oldest revision first, then by name.
  var tags: [Tag] = []
  var tagSlugs: [BytewiseString: String] = [:]
  var files = 0
  /// Per revision up to ``head``, what it did to each component it wrote, in component order
  /// (filled by ``writeKindPages()``, which reads every component's versions).
  var rows: [Int64: [RevisionRow]] = [:]
  /// The revisions up to ``head`` by id.
  var revisionByID: [Int64: Revision] = [:]
  /// Each revision's time as pages print it (formatting it is not cheap).
  var times: [Int64: String] = [:]
  /// The changes between consecutive tags, gathered by the pass over every component.
  var releaseDiffs = ReleaseDiffs(revisions: [])
  /// The page being built, its memory reused from page to page.
  var page = HTML(capacity: 64 << 10)
  /// What the payload trees reuse from leaf to leaf.
  var scratch = HTML.TreeScratch()

  func time(of revision: Revision) -> String {
    times[revision.id] ?? Timestamp.string(revision.time)
  }

  init(catalog: Catalog, directory: SiteDirectory, title: String, head: Revision) {
    self.catalog = catalog
    self.directory = directory
    self.title = title
    self.head = head
  }

  mutating func run() throws -> CatalogSite.Summary {
    for folder in SiteDirectory.Folder.allCases { try directory.makeDirectory(folder) }
    revisions = try catalog.revisions().filter { $0.id <= head.id }
    for revision in revisions {
      times[revision.id] = Timestamp.string(revision.time)
      revisionByID[revision.id] = revision
    }
    tags = try catalog.tags().filter { $0.revision <= head.id }.sorted {
      $0.revision != $1.revision
        ? $0.revision < $1.revision : BytewiseString($0.name) < BytewiseString($1.name)
    }
    var tagNames = SiteNames()
    for tag in tags { tagSlugs[BytewiseString(tag.name)] = tagNames.claim(tag.name) }
    releaseDiffs = ReleaseDiffs(revisions: tags.map(\.revision))

    try readKinds()
    try writeKindPages()
    try writeRevisionPages()
    try writeRevisionList()
    try writeReleases()
    try writeIndex()
    try writeAssets()
    return CatalogSite.Summary(
      revision: head.id, kinds: kinds.count, revisions: revisions.count, releases: tags.count,
      files: files + 1)
  }

  /// One pass over the entries at ``head``: the index's rows and the pages' names.
  private mutating func readKinds() throws {
    var names = SiteNames()
    var kinds: [KindSummary] = []
    try catalog.forEachEntry(at: .number(head.id)) { entry in
      kinds.append(
        KindSummary(
          kind: entry.kind, category: entry.category, description: entry.description,
          deprecated: entry.isDeprecated, slug: names.claim(entry.kind)))
    }
    self.kinds = kinds
    kindIndex.reserveCapacity(kinds.count)
    var counts: [BytewiseString: Int] = [:]
    for (index, summary) in kinds.enumerated() {
      kindIndex[BytewiseString(summary.kind)] = index
      counts[BytewiseString(summary.category), default: 0] += 1
    }
    categories = counts.sorted { $0.key < $1.key }.map { (name: $0.key.string, count: $0.value) }
    for (index, category) in categories.enumerated() {
      categoryIndex[BytewiseString(category.name)] = index
    }
  }

  /// The slug of the page of `kind`, if the site has one.
  func slug(of kind: String) -> String? {
    kindIndex[BytewiseString(kind)].map { kinds[$0].slug }
  }

  /// Writes the rest of a page that was streaming into `file`, and closes it.
  mutating func finish(_ page: inout HTML, in file: SiteFile) throws {
    try page.flush(into: file, over: 0)
    try file.close()
    files += 1
  }

  mutating func write(_ path: String, _ page: HTML) throws {
    try write(path, bytes: page.bytes)
  }

  mutating func write(_ path: String, bytes: [UInt8]) throws {
    try directory.write(path, bytes)
    files += 1
  }
}
