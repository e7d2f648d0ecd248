/// Writes a whole document to a file as `export --output` does (``ExportDestination``): a
/// regular file is replaced through a temporary file renamed over it, keeping its permission
/// bits, so a reader never sees half a file; a symbolic link is followed; a device or named
/// pipe is written into; a catalog database is refused.
public enum DocumentFile {
  /// - Throws: ``CatalogError/outputIsACatalog(path:)`` or ``CatalogError/io(path:reason:)``.
  public static func write(_ bytes: [UInt8], to path: String) throws {
    try ExportDestination.resolve(path, catalog: nil).write(name: path) { write in
      try write(bytes)
    }
  }
}
