import CatalogStorage
import Components

/// The document frames of the SQLite catalog (`Migrations/sqlite/0003_document_frame.sql`).
extension SQLiteContext {
  func documentFrame(at revision: Int64) throws -> DocumentFrame {
    let statement = try database.cachedStatement(
      sql: """
        SELECT revision_id, form, members_before, members_after FROM document_frame
        WHERE revision_id <= ? ORDER BY revision_id DESC LIMIT 1
        """)
    try statement.bind([.integer(revision)])
    defer { statement.reset() }
    guard try statement.step() else { return .standard }
    return try Self.frame(from: statement)
  }

  func documentFrames() throws -> [(revision: Int64, frame: DocumentFrame)] {
    let statement = try database.cachedStatement(
      sql: """
        SELECT revision_id, form, members_before, members_after FROM document_frame
        ORDER BY revision_id
        """)
    defer { statement.reset() }
    var frames: [(revision: Int64, frame: DocumentFrame)] = []
    while try statement.step() {
      frames.append((statement.int64(at: 0), try Self.frame(from: statement)))
    }
    return frames
  }

  func appendDocumentFrame(_ frame: DocumentFrame, revision: Int64) throws {
    let columns = DocumentFrameCodec.columns(frame)
    try database.cachedStatement(
      sql: """
        INSERT INTO document_frame (revision_id, form, members_before, members_after)
        VALUES (?, ?, ?, ?)
        """
    ).execute([
      .integer(revision), .text(columns.form), .text(columns.before), .text(columns.after),
    ])
  }

  private static func frame(from statement: Statement) throws -> DocumentFrame {
    try DocumentFrameCodec.frame(
      revision: statement.int64(at: 0), form: statement.string(at: 1) ?? "",
      before: statement.string(at: 2) ?? "", after: statement.string(at: 3) ?? "")
  }
}
