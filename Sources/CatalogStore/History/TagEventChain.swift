import Components
import Foundation

/// The tags' history made tamper-evident, as ``RevisionChain`` makes the revisions': each
/// tag event (``TagEvent``) records the SHA-256 of the canonical export of the revision it
/// names (what `export --digest` prints for it) and a digest chained over the previous
/// event's digest, its own fields, that export digest and the named revision's digest. An
/// event changed after it was written no longer matches, nor does any later one; and since
/// the named revision's digest is hashed, an event cannot be moved onto a rewritten
/// revision unseen.
///
/// Tag events are not part of the revisions' chain: a tag is made after the revision it
/// names is sealed, and a revision's digest must not change when a tag comes or goes.
///
/// What is hashed (docs/schema.md, "Tag event digests"): the line `catalog tag event v1`,
/// then fields written as ``RevisionChain``'s are (byte count, `:`, bytes, newline; `-` and
/// a newline when absent): the previous event's digest (empty for event 1), id, name,
/// operation, from revision, to revision, time as stored, author, message, carried (`0` or
/// `1`), the export digest and the named revision's recorded digest, in hexadecimal.
package enum TagEventChain {
  /// Records the digests of every event that has none yet, oldest first: what every write
  /// does before it commits (``Catalog`` seals its writes, after the revisions), and what
  /// the first read-write open after schema 0008 does for the events it carried.
  package static func seal(_ context: any CatalogWriteContext) throws {
    let events = try context.tagEvents()
    guard let first = events.firstIndex(where: { !$0.sealed }) else { return }
    var parent: SHA256Digest?
    if first > 0 {
      guard let digest = events[first - 1].digest else {
        throw CatalogError.database(
          .inconsistent("tag event \(events[first - 1].id) has a malformed digest"))
      }
      parent = digest
    }
    var exports: [Int64: SHA256Digest] = [:]
    for event in events[first...] {
      guard !event.sealed else {
        throw CatalogError.database(
          .inconsistent("tag event \(event.id) has digests although an earlier one has none"))
      }
      let revision = event.revision
      let export = try exports[revision] ?? Catalog.exportDigest(of: revision, in: context)
      exports[revision] = export
      let digest = try self.digest(
        of: event, export: export, revisionDigest: try context.revisionDigest(revision),
        parent: parent)
      try context.appendTagEventDigest(event: event.id, export: export, digest: digest)
      parent = digest
    }
  }

  /// The digest `event` should have.
  package static func digest(
    of event: TagEvent, export: SHA256Digest, revisionDigest: String?, parent: SHA256Digest?
  ) throws -> SHA256Digest {
    var bytes = Array("catalog tag event v1\n".utf8)
    func field(_ value: String?) {
      guard let value else {
        bytes.append(contentsOf: "-\n".utf8)
        return
      }
      let utf8 = Array(value.utf8)
      bytes.append(contentsOf: String(utf8.count).utf8)
      bytes.append(UInt8(ascii: ":"))
      bytes.append(contentsOf: utf8)
      bytes.append(UInt8(ascii: "\n"))
    }
    field(parent?.hex ?? "")
    field(String(event.id))
    field(event.name)
    field(event.operation.rawValue)
    field(event.fromRevision.map { String($0) })
    field(event.toRevision.map { String($0) })
    field(event.storedTime)
    field(event.author)
    field(event.message)
    field(event.carried ? "1" : "0")
    field(export.hex)
    field(revisionDigest)
    return try SHA256.hash(bytes)
  }

  /// What ``verify(_:)`` found: each a sentence for `catalog doctor`.
  package struct Check: Sendable {
    package var problems: [String] = []
    /// The number of events, and whether every one matched its digests.
    package var events = 0
    package var verified = false
  }

  /// Recomputes every event's digests and replays the events against the `tag` table.
  package static func verify(_ context: any CatalogReadContext) throws -> Check {
    let events = try context.tagEvents()
    var check = Check()
    check.events = events.count
    var parent: SHA256Digest?
    var firstMismatch: Int64?
    var unsealed: [Int64] = []
    var exports: [Int64: SHA256Digest] = [:]
    let head = try context.headRevision()
    for event in events {
      let revision = event.revision
      guard revision >= 1, revision <= head else {
        check.problems.append(
          "tag event \(event.id) (\(event.operation.rawValue) \(event.name)) names revision "
            + "\(revision), which does not exist")
        firstMismatch = firstMismatch ?? event.id
        continue
      }
      let export = try exports[revision] ?? Catalog.exportDigest(of: revision, in: context)
      exports[revision] = export
      let expected = try digest(
        of: event, export: export, revisionDigest: try context.revisionDigest(revision),
        parent: parent)
      guard event.sealed else {
        unsealed.append(event.id)
        parent = expected
        continue
      }
      if let recorded = event.exportDigest, recorded != export {
        check.problems.append(
          "tag \(event.name) recorded digest \(recorded) for revision \(revision) (event "
            + "\(event.id)), but revision \(revision) now exports \(export)")
      }
      if event.digest != expected, firstMismatch == nil { firstMismatch = event.id }
      // The recorded digest is the next one's parent: only the first change is named.
      parent = event.digest ?? expected
    }
    if let firstMismatch {
      check.problems.append(
        "tag event \(firstMismatch) does not match its recorded digest: the tags' history was "
          + "changed after it was written")
    }
    if let first = unsealed.first {
      check.problems.append(
        "\(unsealed.count == 1 ? "tag event \(first) has" : "\(unsealed.count) tag events have") "
          + "no recorded digest (a catalog made before tag events gets them from its next "
          + "write)")
    }
    check.problems += replay(events, tags: try context.tags())
    check.verified = check.problems.isEmpty
    return check
  }

  /// The events played in order must leave each name naming what the `tag` table says.
  /// Events carried from before schema 0008 may have gaps (a deletion of a tag that was
  /// never moved left no trace), so they are not held to the order.
  private static func replay(_ events: [TagEvent], tags: [Tag]) -> [String] {
    var problems: [String] = []
    var state: [BytewiseString: Int64] = [:]
    for event in events {
      let key = BytewiseString(event.name)
      let current = state[key]
      if !event.carried {
        let consistent =
          switch event.operation {
          case .create: current == nil
          case .move, .annotate, .delete: current != nil && current == event.fromRevision
          }
        if !consistent {
          problems.append(
            "tag event \(event.id) (\(event.operation.rawValue) \(event.name)) does not follow "
              + "from the events before it")
        }
      }
      state[key] = event.toRevision
    }
    for tag in tags {
      let key = BytewiseString(tag.name)
      if state[key] != tag.revision {
        problems.append(
          "tag \(tag.name) names revision \(tag.revision), but its recorded events say "
            + (state[key].map { "revision \($0)" } ?? "it does not exist"))
      }
      state[key] = nil
    }
    for (name, revision) in state.sorted(by: { $0.key < $1.key }) {
      problems.append(
        "the recorded events say tag \(name.string) names revision \(revision), but there is "
          + "no such tag")
    }
    return problems
  }
}
