import CatalogDiff
import Components
import Foundation

extension Catalog {
  /// Revisions, newest first.
  public func revisions(limit: Int? = nil) throws -> [Revision] {
    try storage.read { try $0.revisions(limit: limit, touching: nil) }
  }

  /// One revision.
  public func revision(_ reference: RevisionReference) throws -> Revision {
    try storage.read { context in
      let id = try reference.resolve(in: context)
      guard let revision = try context.revision(id) else {
        throw CatalogError.unknownRevision(
          reference: reference.description, reason: "the catalog has no revisions yet")
      }
      return revision
    }
  }

  /// The entry of `kind` as it was at `reference`.
  ///
  /// - Throws: ``CatalogError/unknownKind(kind:detail:)`` naming when the kind did exist.
  public func entry(_ kind: String, at reference: RevisionReference = .head) throws -> CatalogEntry
  {
    try storage.read { context in
      let revision = try reference.resolve(in: context)
      return try Self.version(of: kind, at: revision, in: context).entry
    }
  }

  /// The revisions that touched the component now (or last) named `kind`, newest first,
  /// following it back through renames, each with what changed.
  public func history(of kind: String, limit: Int? = nil) throws -> [KindHistoryItem] {
    try storage.read { context in
      let head = try context.headRevision()
      guard let component = try context.component(named: kind, atOrBefore: head) else {
        throw CatalogError.unknownKind(
          kind: kind, detail: try Self.neverExisted(kind, head: head, in: context))
      }
      let revisions = Dictionary(
        uniqueKeysWithValues: try context.revisions(limit: nil, touching: component).map {
          ($0.id, $0)
        })
      let history = ComponentHistory(
        componentID: component, versions: try context.versions(ofComponent: component))
      let newestFirst = try history.history { revisions[$0] }
      return limit.map { Array(newestFirst.prefix($0)) } ?? newestFirst
    }
  }

  /// For every leaf of the entry of `kind` at `reference`, the revision that last changed it;
  /// a kind is followed through renames as ``entryFollowingRenames(_:at:)`` follows it.
  public func blame(_ kind: String, at reference: RevisionReference = .head) throws -> [BlameLine] {
    try blameFollowingRenames(kind, at: reference).lines
  }

  /// ``blame(_:at:)``, with the kind the entry had at `reference` and whether a rename was
  /// followed to find it (what `show` and `blame` say in a note).
  public func blameFollowingRenames(_ kind: String, at reference: RevisionReference = .head)
    throws -> (lines: [BlameLine], kind: String, followedRename: Bool)
  {
    try storage.read { context in
      let revision = try reference.resolve(in: context)
      let (target, followed) = try Self.versionFollowingRenames(
        of: kind, at: revision, in: context)
      let versions = try context.versions(ofComponent: target.componentID).filter {
        $0.revision <= revision
      }
      var revisions: [Int64: Revision] = [:]
      let lines = try ComponentHistory(componentID: target.componentID, versions: versions)
        .blame { id in
          if let known = revisions[id] { return known }
          let found = try context.revision(id)
          revisions[id] = found
          return found
        }
      return (lines, target.entry.kind, followed)
    }
  }

  // MARK: - Helpers

  /// The stored state of `kind` at `revision`, or an error saying when the kind existed.
  static func version(of kind: String, at revision: Int64, in context: any CatalogReadContext)
    throws -> EntryVersion
  {
    if let component = try context.component(named: kind, atOrBefore: revision) {
      let versions = try context.versions(ofComponent: component)
      if let current = versions.last(where: { $0.revision <= revision }),
        current.change != .removed,
        current.entry.kind.hasSameBytes(as: kind)
      {
        return current
      }
    }
    let head = try context.headRevision()
    guard let component = try context.component(named: kind, atOrBefore: head) else {
      throw CatalogError.unknownKind(
        kind: kind, detail: try neverExisted(kind, head: head, in: context))
    }
    let spans = Self.presence(
      of: kind, in: try context.versions(ofComponent: component), head: head)
    throw CatalogError.unknownKind(
      kind: kind, detail: "at revision \(revision); it existed in \(spans)")
  }

  /// The state of the component `kind` names at `revision` (``version(of:at:in:)``), or,
  /// when no component bears `kind` there, of the component that bears it at head (or bore
  /// it last), under the name it had at `revision`: `show tile-card --at 1` before a rename,
  /// and `show tile-preview` after it. The one way every command that takes a kind follows
  /// renames.
  ///
  /// - Returns: the state, and whether a rename was followed to find it.
  /// - Throws: the error of ``version(of:at:in:)`` when neither finds a state.
  static func versionFollowingRenames(
    of kind: String, at revision: Int64, in context: any CatalogReadContext
  ) throws -> (version: EntryVersion, followedRename: Bool) {
    do {
      return (try version(of: kind, at: revision, in: context), false)
    } catch let error as CatalogError {
      let head = try context.headRevision()
      guard let component = try context.component(named: kind, atOrBefore: head),
        let state = try context.versions(ofComponent: component).last(where: {
          $0.revision <= revision
        }), state.change != .removed, !state.entry.kind.hasSameBytes(as: kind)
      else { throw error }
      return (state, true)
    }
  }

  /// "has ever been in the catalog; did you mean "tile-card"?": the detail for a kind that
  /// never existed, with the closest kind at head, or the closest former name of a kind at
  /// head: `did you mean "tile-card"? ("tile-preview" was renamed to "tile-card" in revision
  /// 3)` for `tile-previw`.
  static func neverExisted(_ kind: String, head: Int64, in context: any CatalogReadContext)
    throws -> String
  {
    var kinds: [String] = []
    var current: [Int64: String] = [:]
    if head > 0 {
      try context.forEachEntryRow(at: head, .keys) { row in
        let name = String(decoding: row.kind, as: UTF8.self)
        kinds.append(name)
        current[row.componentID] = name
      }
    }
    if let suggestion = Suggestion.closest(to: kind, among: kinds) {
      return "has ever been in the catalog; did you mean \"\(suggestion)\"?"
    }
    // The names head's components had before a rename, each with the revision that renamed
    // it away (rows come component by component, oldest first). Read only on this error.
    var formers: [String: (now: String, renamedIn: Int64)] = [:]
    var formerOrder: [String] = []
    if head > 0 {
      var last: (component: Int64, kind: String)?
      try context.forEachVersionRow(byComponentUpTo: head) { row in
        let name = String(decoding: row.kind, as: UTF8.self)
        if let previous = last, previous.component == row.componentID,
          !previous.kind.hasSameBytes(as: name), let now = current[row.componentID],
          !previous.kind.hasSameBytes(as: now)
        {
          if formers[previous.kind] == nil { formerOrder.append(previous.kind) }
          formers[previous.kind] = (now, row.revision)
        }
        last = (row.componentID, name)
      }
    }
    guard let former = Suggestion.closest(to: kind, among: formerOrder),
      let (now, revision) = formers[former]
    else { return "has ever been in the catalog" }
    return "has ever been in the catalog; did you mean \"\(now)\"? (\"\(former)\" was renamed "
      + "to \"\(now)\" in revision \(revision))"
  }

  /// "revisions 3–7 and 9–12 (head)": where a component bore `kind`.
  static func presence(of kind: String, in versions: [EntryVersion], head: Int64) -> String {
    var spans: [(Int64, Int64?)] = []
    var start: Int64?
    for version in versions {
      let bearsName = version.change != .removed && version.entry.kind.hasSameBytes(as: kind)
      if bearsName, start == nil { start = version.revision }
      if !bearsName, let begin = start {
        spans.append((begin, version.revision - 1))
        start = nil
      }
    }
    if let start { spans.append((start, nil)) }
    // A span that is one revision is that revision: "revision 4 (head)", not "4–4".
    let closed = spans.map { begin, end in (begin, end ?? head, end == nil) }
    let text = closed.map { begin, end, isHead -> String in
      (begin == end ? "\(begin)" : "\(begin)–\(end)") + (isHead ? " (head)" : "")
    }
    return (closed.count == 1 && closed[0].0 == closed[0].1 ? "revision " : "revisions ")
      + text.joined(separator: " and ")
  }

}
