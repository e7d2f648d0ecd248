/// A value bound to a statement parameter (`$1`, `$2`, …), sent in PostgreSQL's text format.
enum QueryValue: Sendable, Hashable {
  case null
  case int(Int64)
  case text(String)
  /// A text value given as UTF-8 bytes, without the copy into a `String`.
  case utf8([UInt8])
}

extension [QueryValue] {
  /// Calls `body` with the arrays `PQexecParams` and `PQexecPrepared` take: the count, the
  /// NUL-terminated values (NULL for SQL NULL), their lengths and formats (all text).
  ///
  /// libpq reads text-format parameters up to their NUL and ignores the lengths
  /// (https://www.postgresql.org/docs/current/libpq-exec.html#LIBPQ-PQEXECPARAMS), so every
  /// value is copied with a terminating NUL. A PostgreSQL text value cannot hold NUL anyway.
  func withParameters<R>(
    _ body: (
      Int32, UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?
    ) -> R
  ) -> R {
    let buffers: [[CChar]?] = map { (value: QueryValue) -> [CChar]? in
      switch value {
      case .null: return nil
      case .int(let number): return [CChar](String(number).utf8CString)
      case .text(let text): return [CChar](text.utf8CString)
      case .utf8(let bytes): return bytes.map { CChar(bitPattern: $0) } + [0]
      }
    }
    let lengths = buffers.map { Int32(($0?.count ?? 1) - 1) }
    let formats = [Int32](repeating: 0, count: count)
    return withPointers(to: buffers[...]) { pointers in
      pointers.withUnsafeBufferPointer { values in
        lengths.withUnsafeBufferPointer { lengths in
          formats.withUnsafeBufferPointer { formats in
            body(Int32(count), values.baseAddress, lengths.baseAddress, formats.baseAddress)
          }
        }
      }
    }
  }
}

/// Calls `body` with a pointer to each buffer's first character, nil for a nil buffer; the
/// pointers are valid only during the call.
private func withPointers<R>(
  to buffers: ArraySlice<[CChar]?>, collected: [UnsafePointer<CChar>?] = [],
  _ body: ([UnsafePointer<CChar>?]) -> R
) -> R {
  guard let first = buffers.first else { return body(collected) }
  guard let buffer = first else {
    return withPointers(to: buffers.dropFirst(), collected: collected + [nil], body)
  }
  return buffer.withUnsafeBufferPointer { pointer in
    withPointers(to: buffers.dropFirst(), collected: collected + [pointer.baseAddress], body)
  }
}
