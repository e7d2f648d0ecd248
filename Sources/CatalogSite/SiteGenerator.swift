import CatalogStore
import Components

/// Writes the pages of one site, one at a time.
///
/// What it holds while it runs is linear in the catalog's shape and small beside it: the
/// kinds' texts and page names (``KindTable``, no descriptions or payloads), the revisions'
/// headers, the tags, one small row per stored entry version for the revision pages, and
/// each kind's order key per tag for the releases. Payloads, blame and history come
/// from one streamed pass over the stored versions, one component at a time, and are
/// dropped once its page is written.
struct SiteGenerator {
  let catalog: Catalog
  let directory: SiteDirectory
  let title: String
  /// Whether each release's files for agents are written (``writeAgentFiles()``).
  let agentFiles: Bool
  /// The revision the site shows.
  let head: Revision

  /// The kinds at ``head``, in export order, with their pages' names.
  var kinds = KindTable()
  /// The categories at ``head``, sorted, with how many kinds each has.
  var categories: [(name: String, count: Int)] = []
  /// Revisions up to ``head``, newest first.
  var revisions: [Revision] = []
  /// Tags naming revisions up to ``head``, oldest revision first, then by name.
  var tags: [Tag] = []
  /// Each tag's record (its tagger, last move), by name: what the release notes say.
  var tagRecords: [BytewiseString: TagRecord] = [:]
  var tagSlugs: [BytewiseString: String] = [:]
  /// The names kinds at ``head`` had before a rename, each with the kind it now is (an index
  /// into ``kinds``) and the last revision it had that name (filled by ``writeKindPages()``).
  var formerNames: [BytewiseString: (revision: Int64, kind: Int)] = [:]
  /// `search-payloads.js` while ``writeKindPages()`` streams it, and its unwritten bytes.
  /// The app builds retained at ``head``: the kind pages' "App builds" sections.
  var contracts: [RecordedContract] = []
  var payloadSearchFile: SiteFile?
  var payloadSearch: [UInt8] = []
  /// Every file written so far; ``progress`` hears of every 256th.
  var files = 0 {
    didSet { if files % 256 == 0, files > oldValue { progress?(files) } }
  }
  /// Told how many files are written, for a progress display.
  var progress: ((Int) -> Void)?
  /// Per revision up to ``head``, what it did to each component it wrote, in component order
  /// (filled by ``writeKindPages()``, which reads every component's versions).
  var rows = RevisionRows()
  /// The revisions up to ``head`` by id.
  var revisionByID: [Int64: Revision] = [:]
  /// Each revision's time as pages print it (formatting it is not cheap).
  var times: [Int64: String] = [:]
  /// The page being built, its memory reused from page to page.
  var page = HTML(capacity: 64 << 10)
  /// What the payload trees reuse from leaf to leaf.
  var scratch = HTML.TreeScratch()

  func time(of revision: Revision) -> String {
    times[revision.id] ?? Timestamp.string(revision.time)
  }

  init(
    catalog: Catalog, directory: SiteDirectory, title: String, head: Revision,
    agentFiles: Bool = false
  ) {
    self.catalog = catalog
    self.directory = directory
    self.title = title
    self.head = head
    self.agentFiles = agentFiles
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
    for record in try catalog.tagRecords() { tagRecords[BytewiseString(record.tag.name)] = record }

    contracts = try catalog.retainedContracts(at: .number(head.id))
    try writeManifests()
    try writeAgentFiles()
    try readKinds()
    try writeKindPages()
    try writeRevisionPages()
    rows = RevisionRows()
    try writeRevisionList()
    try writeReleases()
    try writeAssets()
    return CatalogSite.Summary(
      revision: head.id, kinds: kinds.count, revisions: revisions.count, releases: tags.count,
      files: files + 1)
  }

  /// The slug of the page of `kind`, if the site has one.
  func slug(of kind: String) -> String? {
    kinds.index(ofKind: kind).map { kinds.slug($0) }
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
