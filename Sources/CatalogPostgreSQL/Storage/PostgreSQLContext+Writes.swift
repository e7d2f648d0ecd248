import CatalogStorage
import Components
import Foundation

/// The writes of one transaction, inside the writers' lock.
///
/// New components, payloads (each with its SHA-256 in `payload_digest`) and entry versions
/// are numbered here (one more than the
/// largest stored id, which no other writer can change while the lock is held) and
/// their rows kept in COPY's binary format (``CopyBuffer``: integers and digests as their
/// bytes, which the server stores without parsing) until ``flush()`` sends each table's rows
/// with one `COPY … FROM STDIN (FORMAT binary)` per few megabytes: five COPYs (payload, payload_hash,
/// payload_digest, entry_version, kind_version) per batch, not a round trip per row; a
/// first import sends its batches on a second thread (`PostgreSQLContext+FirstImport.swift`).
/// A component has no row of its own (migration 0004): its id is the `component_id` of its
/// versions. Every read of a write context, and the commit, flush first, so the buffering
/// is invisible.
extension PostgreSQLContext {
  /// Rows are sent when the entry versions waiting reach about this many bytes.
  static let flushThreshold = 4 << 20

  /// Reads the numbering state; called once at the start of a write.
  func prepareForWriting() throws {
    let result = try connection.execute(
      """
      SELECT (SELECT coalesce(max(id), 0) FROM payload),
             (SELECT coalesce(max(component_id), 0) FROM entry_version)
      """)
    let payloads = try result.int64(row: 0, column: 0) ?? 0
    payloadTableWasEmpty = payloads == 0
    nextPayloadID = payloads + 1
    nextComponentID = (try result.int64(row: 0, column: 1) ?? 0) + 1
  }

  /// Sends the rows waiting, parents before children, after the batches a first import's
  /// pipeline still holds.
  func flush() throws {
    if let pipeline {
      try pipeline.drain()
    }
    for (sql, rows) in takePendingRows() {
      try connection.copyIn(sql, rows: rows)
    }
  }

  /// The rows waiting, as COPY statements in the order they are sent, leaving empty buffers
  /// in their place.
  func takePendingRows() -> CopyPipeline.Batch {
    var batch: CopyPipeline.Batch = []
    func take(_ sql: String, _ rows: inout CopyBuffer) {
      guard !rows.isEmpty else { return }
      batch.append((sql, rows))
      rows = CopyBuffer(format: rows.format)
    }
    take("COPY payload (id, hash, json) FROM STDIN (FORMAT binary)", &pendingPayloads)
    take(
      "COPY payload_hash (hash, payload_id) FROM STDIN (FORMAT binary)", &pendingPayloadHashes)
    take(
      "COPY payload_digest (payload_id, digest) FROM STDIN (FORMAT binary)",
      &pendingPayloadDigests)
    take(
      """
      COPY entry_version (component_id, revision_id, change, kind, category, description,
                          payload_id, extra, key_order, position) FROM STDIN (FORMAT binary)
      """, &pendingVersions)
    take(
      "COPY kind_version (kind, revision_id, component_id) FROM STDIN (FORMAT binary)",
      &pendingKinds)
    return batch
  }

  func appendRevision(_ draft: RevisionDraft) throws -> Int64 {
    let id = try headRevision() + 1
    // The server's clock, one for every writer, read under the writers' lock (so times
    // follow ids while the server's clock does): a client whose clock is wrong cannot date
    // a revision (issue 30, item 5). clock_timestamp(), not now(): now() is when the
    // transaction began, before the lock was granted. Stored in the catalog's own form,
    // to the millisecond; a copy keeps the source's time.
    let time: QueryValue =
      draft.time.map { .text(Timestamp.string($0)) } ?? .null
    _ = try connection.execute(
      """
      INSERT INTO revision (\(Self.revisionColumns)) VALUES ($1, coalesce($2,
        to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
        $3, $4, $5, $6, $7, $8, $9, $10)
      """,
      [
        .int(id), time, .text(draft.author), .text(draft.message), .text(draft.source),
        .text(draft.operation), .int(Int64(draft.counts.added)),
        .int(Int64(draft.counts.changed)), .int(Int64(draft.counts.removed)),
        .int(Int64(draft.counts.moved)),
      ])
    return id
  }

  func newComponents(count: Int) throws -> Int64 {
    let first = nextComponentID
    nextComponentID = first + Int64(max(0, count))
    return first
  }

  func appendVersion(_ row: EntryRow) throws {
    pendingVersions.append(row.componentID)
    pendingVersions.append(row.revision)
    pendingVersions.append(text: row.change.rawValue)
    pendingVersions.append(text: row.kind)
    pendingVersions.append(text: row.category)
    pendingVersions.append(text: row.description)
    pendingVersions.append(row.payloadID)
    pendingVersions.append(optionalText: row.extra)
    pendingVersions.append(optionalText: row.keyOrder)
    pendingVersions.append(text: row.orderKey)
    pendingKinds.append(text: row.kind)
    pendingKinds.append(row.revision)
    pendingKinds.append(row.componentID)
    pendingKinds.endRow()
    if sentRows != nil { keepSentRow(row) }
    try endVersionRow()
  }

  /// Encodes `row` for its revision's digest, when it is the next of the revision whose rows
  /// are kept: the row of a component after the last, whose payload was the last interned
  /// (a stream interns each entry's payload just before its row). Any other row of that
  /// revision stops the keeping, and the seal reads the rows back.
  private func keepSentRow(_ row: EntryRow) {
    guard var kept = sentRows, row.revision == kept.revision else { return }
    // The buffer is moved out and back, not copied.
    sentRows = nil
    guard row.componentID > kept.lastComponent, let interned = lastInterned,
      interned.id == row.payloadID
    else { return }
    withUnsafeBytes(of: interned.digest) {
      RevisionDigestBytes.appendRow(row, payloadDigest: $0, to: &kept.bytes)
    }
    kept.lastComponent = row.componentID
    sentRows = kept
  }

  func takeSentRowBytes(ofRevision revision: Int64) throws -> [UInt8]? {
    guard let kept = sentRows, kept.revision == revision else { return nil }
    sentRows = nil
    return kept.bytes
  }

  private func endVersionRow() throws {
    pendingVersions.endRow()
    guard pendingVersions.bytes.count + pendingPayloads.bytes.count >= Self.flushThreshold
    else { return }
    if let pipeline {
      try pipeline.send(takePendingRows())
    } else {
      try flush()
    }
  }

  /// Payloads this write stored are found by their SHA-256 (the digest decides, as
  /// `payload_digest` lets it), without asking the server; the server's are found by hash
  /// and compared by bytes.
  func internPayload(bytes: UnsafeRawBufferPointer, hash: Int64) throws -> Int64 {
    var digest = SIMD4<UInt64>()
    do {
      try withUnsafeMutableBytes(of: &digest) { try payloadHasher.digest(of: bytes, into: $0) }
    } catch {
      throw CatalogError.internalError("libcrypto could not compute a payload's SHA-256")
    }
    if let id = writtenPayloads[digest] {
      lastInterned = (id, digest)
      return id
    }
    if !payloadTableWasEmpty {
      // The server's payloads with this hash (this write's are all in writtenPayloads).
      try flush()
      let candidates = try connection.execute(
        """
        SELECT p.id, p.json FROM payload_hash AS h JOIN payload AS p ON p.id = h.payload_id
        WHERE h.hash = $1
        """, [.int(hash)])
      for row in 0..<candidates.rowCount
      where candidates.bytes(row: row, column: 1).elementsEqual(bytes) {
        if let id = try candidates.int64(row: row, column: 0) {
          lastInterned = (id, digest)
          return id
        }
      }
    }
    let id = nextPayloadID
    nextPayloadID += 1
    pendingPayloads.append(id)
    pendingPayloads.append(hash)
    pendingPayloads.append(text: bytes)
    pendingPayloads.endRow()
    pendingPayloadHashes.append(hash)
    pendingPayloadHashes.append(id)
    pendingPayloadHashes.endRow()
    pendingPayloadDigests.append(id)
    withUnsafeBytes(of: digest) { pendingPayloadDigests.append(bytea: $0) }
    pendingPayloadDigests.endRow()
    writtenPayloads[digest] = id
    lastInterned = (id, digest)
    return id
  }

  func setTag(_ tag: Tag) throws {
    _ = try connection.execute(
      "INSERT INTO tag (name, revision_id, created_at, author, message) VALUES ($1, $2, $3, $4, $5)",
      [
        .text(tag.name), .int(tag.revision), .text(Timestamp.string(tag.time)), .text(tag.author),
        .text(tag.message),
      ])
  }

  func deleteTag(named name: String) throws -> Bool {
    try connection.execute("DELETE FROM tag WHERE name = $1", [.text(name)]).affectedRows > 0
  }
}
