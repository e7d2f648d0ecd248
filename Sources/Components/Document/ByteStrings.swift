/// An append-only list of byte strings kept in one buffer: the compact way to hold a
/// hundred thousand short texts (kinds, descriptions) without a heap object for each.
///
/// A `String` longer than 15 UTF-8 bytes is a separate allocation of at least 32 bytes plus
/// its header; here a string costs its bytes and one 4-byte end offset.
///
/// ```swift
/// var texts = ByteStrings()
/// let id = texts.append(Array("tile-preview".utf8))
/// texts.string(id)  // "tile-preview"
/// ```
package struct ByteStrings: Sendable {
  private var bytes: [UInt8] = []
  /// `ends[id]` is where string `id` ends; it starts where the one before ends.
  private var ends: [UInt32] = []

  package init() {}

  /// The number of strings.
  package var count: Int { ends.count }

  /// The bytes held, for memory accounting.
  package var byteCount: Int { bytes.count }

  /// Appends a string and returns its id (0, 1, 2, …).
  @discardableResult
  package mutating func append(_ string: UnsafeRawBufferPointer) -> Int {
    precondition(bytes.count + string.count <= Int(UInt32.max), "ByteStrings holds at most 4 GiB")
    bytes.append(contentsOf: string)
    ends.append(UInt32(bytes.count))
    return ends.count - 1
  }

  /// Appends a string and returns its id.
  @discardableResult
  package mutating func append(_ string: [UInt8]) -> Int {
    string.withUnsafeBytes { append($0) }
  }

  /// Appends a string and returns its id.
  @discardableResult
  package mutating func append(_ string: String) -> Int {
    var string = string
    return string.withUTF8 { append(UnsafeRawBufferPointer($0)) }
  }

  /// The byte range of string `id` in the buffer.
  @inline(__always)
  private func range(_ id: Int) -> Range<Int> {
    (id == 0 ? 0 : Int(ends[id - 1]))..<Int(ends[id])
  }

  /// The length of string `id` in bytes.
  package func length(_ id: Int) -> Int { range(id).count }

  /// Calls `body` with the bytes of string `id`, valid only during the call.
  /// The bytes the buffer has room for without growing.
  package var byteCapacity: Int { bytes.capacity }

  package func withBytes<R>(_ id: Int, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    let range = range(id)
    return try bytes.withUnsafeBytes { all in
      try body(UnsafeRawBufferPointer(rebasing: all[range]))
    }
  }

  /// Whether string `id` has exactly these bytes.
  package func equals(_ id: Int, _ other: UnsafeRawBufferPointer) -> Bool {
    withBytes(id) { ByteComparison.equal($0, other) }
  }

  /// String `id` as a `String`.
  package func string(_ id: Int) -> String {
    withBytes(id) { String(decoding: $0, as: UTF8.self) }
  }

  /// String `id` as an array of bytes.
  package func array(_ id: Int) -> [UInt8] {
    Array(bytes[range(id)])
  }

  /// Calls `body` with a view of every string, valid only during the call: for loops that
  /// read many strings (binding a row's columns) without a closure per string.
  package func withStorage<R>(_ body: (Storage) throws -> R) rethrows -> R {
    try bytes.withUnsafeBytes { all in
      try ends.withUnsafeBufferPointer { ends in try body(Storage(bytes: all, ends: ends)) }
    }
  }

  /// The strings of a ``ByteStrings``, borrowed by ``withStorage(_:)``.
  package struct Storage {
    let bytes: UnsafeRawBufferPointer
    let ends: UnsafeBufferPointer<UInt32>

    /// The bytes of string `id`.
    package subscript(id: Int) -> UnsafeRawBufferPointer {
      let start = id == 0 ? 0 : Int(ends[id - 1])
      return UnsafeRawBufferPointer(rebasing: bytes[start..<Int(ends[id])])
    }
  }

  /// Removes every string, keeping the storage for reuse.
  package mutating func removeAll() {
    bytes.removeAll(keepingCapacity: true)
    ends.removeAll(keepingCapacity: true)
  }

  /// Gives back the room that appending reserved past the strings held (up to as much again
  /// as they take): for a list that is complete and kept a while, such as a first import's
  /// kinds, kept for its result while the import's last work runs.
  package mutating func trimCapacity() {
    bytes = Self.trimmed(bytes)
    ends = Self.trimmed(ends)
  }

  private static func trimmed<T: BitwiseCopyable>(_ array: [T]) -> [T] {
    guard array.capacity > array.count else { return array }
    return [T](unsafeUninitializedCapacity: array.count) { buffer, count in
      _ = buffer.initialize(from: array)
      count = array.count
    }
  }

  /// Reserves room for `count` strings of `bytes` bytes in all.
  package mutating func reserveCapacity(strings count: Int, bytes byteCount: Int) {
    ends.reserveCapacity(count)
    bytes.reserveCapacity(byteCount)
  }
}
