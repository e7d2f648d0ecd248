/// Writes a whole document to a file the way `export --output` does: to a temporary file
/// beside it, renamed into place once complete, so a reader never sees half a file.
public enum DocumentFile {
  /// - Throws: ``CatalogError/io(path:reason:)`` when the file cannot be written.
  public static func write(_ bytes: [UInt8], to path: String) throws {
    let file = try AtomicFile(path: path)
    do {
      try file.write(bytes)
      try file.commit()
    } catch {
      file.abandon()
      throw error
    }
  }
}
