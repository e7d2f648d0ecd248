import CatalogStorage
import Components

/// The document frames on PostgreSQL (`Migrations/postgresql/0003_document_frame.sql`).
extension PostgreSQLContext {
  func documentFrame(at revision: Int64) throws -> DocumentFrame {
    let result = try connection.execute(
      """
      SELECT revision_id, form, members_before, members_after FROM document_frame
      WHERE revision_id <= $1 ORDER BY revision_id DESC LIMIT 1
      """, [.int(revision)])
    guard result.rowCount == 1 else { return .standard }
    return try Self.frame(result, row: 0)
  }

  func documentFrames() throws -> [(revision: Int64, frame: DocumentFrame)] {
    let result = try connection.execute(
      """
      SELECT revision_id, form, members_before, members_after FROM document_frame
      ORDER BY revision_id
      """)
    return try (0..<result.rowCount).map { row in
      (try result.int64(row: row, column: 0) ?? 0, try Self.frame(result, row: row))
    }
  }

  func appendDocumentFrame(_ frame: DocumentFrame, revision: Int64) throws {
    let columns = DocumentFrameCodec.columns(frame)
    _ = try connection.execute(
      """
      INSERT INTO document_frame (revision_id, form, members_before, members_after)
      VALUES ($1, $2, $3, $4)
      """, [.int(revision), .text(columns.form), .text(columns.before), .text(columns.after)])
  }

  private static func frame(_ result: QueryResult, row: Int) throws -> DocumentFrame {
    try DocumentFrameCodec.frame(
      revision: try result.int64(row: row, column: 0) ?? 0,
      form: result.string(row: row, column: 1) ?? "",
      before: result.string(row: row, column: 2) ?? "",
      after: result.string(row: row, column: 3) ?? "")
  }
}
