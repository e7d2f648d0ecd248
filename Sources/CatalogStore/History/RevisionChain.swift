import Components
import Foundation

/// The history's chain of digests: each revision's SHA-256 over its parent's digest and its
/// content, as git's commits are, so that a revision changed after it was written (by
/// anything that gets past the append-only triggers) no longer matches its digest, nor does
/// any later one.
///
/// What is hashed (docs/schema.md, "Revision digests", defines it for other implementations):
/// the line `catalog revision v1`, then fields, each its UTF-8 byte count in decimal, `:`,
/// its bytes and a newline (an absent value is `-` and a newline): the parent's digest (64
/// hexadecimal digits; empty for revision 1), the id, the time as stored, author, message,
/// source, operation, the four counts, then the document frame the revision recorded
/// (`-`, or its form and the two member texts), then for each entry version it wrote, in
/// component id order: component id, change, kind, category, description, the SHA-256 of
/// the payload's canonical text, extra, key order and order key. Ids of payloads are not
/// hashed (an engine numbers them), so a copy to another engine has the same digests.
package enum RevisionChain {
  /// Records the digest of every revision that has none yet, oldest first, each over its
  /// parent's digest: what every write does before it commits (``Catalog`` seals its
  /// writes), and what the first read-write open of a catalog made before schema 0007 does
  /// for its old revisions.
  package static func seal(_ context: any CatalogWriteContext) throws {
    let head = try context.headRevision()
    var sealed = try context.sealedHead()
    guard sealed < head else { return }
    var parent: SHA256Digest?
    if sealed > 0 {
      let text = try context.revisionDigest(sealed)
      guard let text, let digest = SHA256Digest(hex: text) else {
        throw CatalogError.database(
          .inconsistent("revision \(sealed) has a malformed digest '\(text ?? "")'"))
      }
      parent = digest
    }
    while sealed < head {
      sealed += 1
      let digest = try self.digest(
        of: sealed, parent: parent, in: context,
        sentRows: context.takeSentRowBytes(ofRevision: sealed))
      try context.appendRevisionDigest(digest, revision: sealed)
      parent = digest
    }
  }

  /// The digest revision `id` should have, given its parent's.
  ///
  /// - Parameter sentRows: its entry rows encoded as the write sent them, in component id
  ///   order (``CatalogWriteContext/takeSentRowBytes(ofRevision:)``); nil reads them back.
  package static func digest(
    of id: Int64, parent: SHA256Digest?, in context: any CatalogReadContext,
    sentRows: [UInt8]? = nil
  ) throws -> SHA256Digest {
    guard let revision = try context.revision(id) else {
      throw CatalogError.database(.inconsistent("revision \(id) is missing"))
    }
    // The frame in force at a revision that changed it is the one it recorded.
    let hasher = try RevisionHasher(revision, parent: parent) {
      try context.documentFrame(at: id)
    }
    if let sentRows {
      hasher.add(encodedRows: sentRows)
    } else {
      try context.forEachVersionRow(ofRevision: id) { try hasher.add($0) }
    }
    return try hasher.finalize()
  }

  /// What ``verify(_:)`` found.
  package struct Check: Sendable {
    /// The first revision whose content does not match its recorded digest (or whose
    /// recorded digest is malformed), with the chain recomputed from revision 1.
    package var firstMismatch: Int64?
    /// Revisions with no recorded digest.
    package var unsealed: [Int64] = []
    /// The recomputed digest of every revision, in order.
    package var digests: [SHA256Digest] = []
  }

  /// Recomputes the whole chain in one streamed pass over every entry version and compares
  /// it with the recorded digests.
  package static func verify(_ context: any CatalogReadContext) throws -> Check {
    let revisions = Array(try context.revisions(limit: nil, touching: nil).reversed())
    let stored = Dictionary(
      try context.revisionDigests().map { ($0.revision, $0.digest) },
      uniquingKeysWith: { a, _ in a })
    let frames = Dictionary(
      try context.documentFrames().map { ($0.revision, $0.frame) }, uniquingKeysWith: { a, _ in a })
    var check = Check()
    var index = 0
    var parent: SHA256Digest?
    var hasher: RevisionHasher?

    func open() {
      let revision = revisions[index]
      hasher = RevisionHasher(revision, parent: parent) { frames[revision.id] }
    }
    func close() throws {
      guard let current = hasher else { return }
      let digest = try current.finalize()
      let id = revisions[index].id
      check.digests.append(digest)
      if let text = stored[id] {
        if SHA256Digest(hex: text) != digest, check.firstMismatch == nil {
          check.firstMismatch = id
        }
      } else {
        check.unsealed.append(id)
      }
      parent = digest
      hasher = nil
      index += 1
    }
    /// Closes every revision before `id` and opens `id` when it is the next.
    func advance(to id: Int64) throws {
      while index < revisions.count, revisions[index].id < id {
        if hasher == nil { open() }
        try close()
      }
      if index < revisions.count, revisions[index].id == id, hasher == nil { open() }
    }
    try context.forEachVersionRow(ofComponent: nil) { row in
      try advance(to: row.revision)
      // A row of a revision that does not exist is doctor's other finding.
      if let hasher, revisions[index].id == row.revision { try hasher.add(row) }
    }
    try advance(to: .max)
    return check
  }
}

/// The bytes of one revision, as ``RevisionChain`` defines them, fed to SHA-256 through a
/// buffer (a first import's revision has as many rows as entries).
private final class RevisionHasher {
  private let sha = SHA256()
  private var buffer: [UInt8] = []

  /// Starts the bytes of `revision`.
  ///
  /// - Parameter recordedFrame: the frame `revision` recorded; asked for only when it
  ///   changed the frame. This is the one choice of the frame a digest covers, for the seal
  ///   and the verification alike: a revision that changed the frame hashes the one it
  ///   recorded, any other (revision 1's first frame is no change) hashes none.
  init(
    _ revision: Revision, parent: SHA256Digest?,
    recordedFrame: () throws -> DocumentFrame?
  ) rethrows {
    let frame = revision.changedFrame ? try recordedFrame() : nil
    buffer.reserveCapacity(1 << 16)
    buffer.append(contentsOf: "catalog revision v1\n".utf8)
    text(parent?.hex ?? "")
    number(revision.id)
    text(Timestamp.string(revision.time))
    text(revision.author)
    text(revision.message)
    text(revision.source)
    text(revision.operation)
    number(Int64(revision.counts.added))
    number(Int64(revision.counts.changed))
    number(Int64(revision.counts.removed))
    number(Int64(revision.counts.moved))
    if let frame {
      let columns = DocumentFrameCodec.columns(frame)
      text(columns.form)
      text(columns.before)
      text(columns.after)
    } else {
      absent()
    }
  }

  func add(_ row: EntryRow) throws {
    try RevisionDigestBytes.appendRow(row, to: &buffer)
    if buffer.count >= 1 << 16 { flush() }
  }

  /// Adds entry rows already encoded (``CatalogWriteContext/takeSentRowBytes(ofRevision:)``).
  func add(encodedRows bytes: [UInt8]) {
    flush()
    bytes.withUnsafeBytes { sha.update($0) }
  }

  func finalize() throws -> SHA256Digest {
    flush()
    return try sha.finalize()
  }

  private func flush() {
    buffer.withUnsafeBytes { sha.update($0) }
    buffer.removeAll(keepingCapacity: true)
  }

  private func text(_ value: String) {
    RevisionDigestBytes.appendText(value, to: &buffer)
  }

  private func number(_ value: Int64) {
    RevisionDigestBytes.appendNumber(value, to: &buffer)
  }

  private func absent() {
    RevisionDigestBytes.appendAbsent(to: &buffer)
  }
}
