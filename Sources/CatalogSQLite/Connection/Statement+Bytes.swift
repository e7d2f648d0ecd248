import CSQLite
import CatalogStorage
import Components

/// Binding and reading text as bytes, for the loops that move a hundred thousand rows: no
/// `String`, no `DatabaseValue` array, no copy where SQLite allows none.
extension Statement {
  /// Binds UTF-8 bytes as TEXT without copying them (`SQLITE_STATIC`).
  ///
  /// SQLite reads the bytes when the statement steps, so they must stay valid until the
  /// statement has stepped and its bindings are cleared or replaced; callers bind, step,
  /// reset and ``clearBindings()`` inside the scope that owns the bytes
  /// (https://sqlite.org/c3ref/bind_blob.html). Empty text binds as empty, not NULL.
  func bindTextNoCopy(_ bytes: UnsafeRawBufferPointer, at index: Int32) throws {
    let code: Int32
    if let base = bytes.baseAddress, bytes.count > 0 {
      code = sqlite3_bind_text64(
        handle, index, base.assumingMemoryBound(to: CChar.self), UInt64(bytes.count), nil,
        UInt8(SQLITE_UTF8))
    } else {
      code = sqlite3_bind_text(handle, index, "", 0, nil)
    }
    guard code == SQLITE_OK else {
      throw DatabaseError(code: code, connection: sqlite3_db_handle(handle), sql: sql)
    }
  }

  /// ``bindTextNoCopy(_:at:)``, or NULL for nil.
  func bindTextNoCopy(_ bytes: UnsafeRawBufferPointer?, at index: Int32) throws {
    if let bytes {
      try bindTextNoCopy(bytes, at: index)
    } else {
      try bindNull(at: index)
    }
  }

  /// Binds bytes as a BLOB without copying them (`SQLITE_STATIC`), with the lifetime rule
  /// of ``bindTextNoCopy(_:at:)``. Empty bytes bind as an empty blob, not NULL.
  func bindBlobNoCopy(_ bytes: UnsafeRawBufferPointer, at index: Int32) throws {
    let code: Int32
    if let base = bytes.baseAddress, bytes.count > 0 {
      code = sqlite3_bind_blob64(handle, index, base, UInt64(bytes.count), nil)
    } else {
      code = sqlite3_bind_zeroblob(handle, index, 0)
    }
    guard code == SQLITE_OK else {
      throw DatabaseError(code: code, connection: sqlite3_db_handle(handle), sql: sql)
    }
  }

  /// The bytes of the BLOB at `index` (0-based) in the current row, without copying, or nil
  /// for NULL; valid as ``textBytes(at:)``'s are.
  func blobBytes(at index: Int32) -> UnsafeRawBufferPointer? {
    guard !isNull(at: index) else { return nil }
    // Pointer first, then length (https://sqlite.org/c3ref/column_blob.html).
    guard let pointer = sqlite3_column_blob(handle, index) else {
      return UnsafeRawBufferPointer(start: nil, count: 0)
    }
    return UnsafeRawBufferPointer(start: pointer, count: Int(sqlite3_column_bytes(handle, index)))
  }

  /// The UTF-8 of the text at `index` (0-based) in the current row, without copying.
  ///
  /// The bytes are SQLite's: valid until the statement steps, resets or is finalized, or the
  /// same column is read as another type (https://sqlite.org/c3ref/column_blob.html). Use
  /// them at once. NULL reads as an empty buffer.
  func textBytes(at index: Int32) -> UnsafeRawBufferPointer {
    // Text first, then its length (https://sqlite.org/c3ref/column_blob.html).
    guard let pointer = sqlite3_column_text(handle, index) else {
      return UnsafeRawBufferPointer(start: nil, count: 0)
    }
    return UnsafeRawBufferPointer(start: pointer, count: Int(sqlite3_column_bytes(handle, index)))
  }

  /// ``textBytes(at:)``, or nil for NULL.
  func optionalTextBytes(at index: Int32) -> UnsafeRawBufferPointer? {
    isNull(at: index) ? nil : textBytes(at: index)
  }

  /// Whether the text at `index` (0-based) is exactly `text`.
  func textEquals(at index: Int32, _ text: StaticString) -> Bool {
    let bytes = textBytes(at: index)
    guard bytes.count == text.utf8CodeUnitCount else { return false }
    // `memcmp`, not `elementsEqual`: its iterator walk was 2% of reading head's rows.
    return ByteComparison.equal(
      bytes, UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }
}
