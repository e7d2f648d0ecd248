/// The keys of the objects a walk is inside, innermost last, for the one duplicate-key check
/// of the reader.
///
/// Keys are compared by the UTF-8 bytes of their decoded values (RFC 8259 section 8.3):
/// `"\u00e9"` and `"e\u0301"` are two keys, though Swift's `==` calls them equal. The keys of
/// all levels share one byte buffer, so that checking allocates nothing per object. An
/// object's first ``JSONObject/indexThreshold`` keys are compared one by one; a larger object
/// also gets a ``ByteRangeSet``, so that hostile input with many keys stays linear.
struct ObjectKeyStack {
  /// The keys of the open objects, one after another; scanned into directly.
  var bytes: [UInt8] = []
  private var ranges: [Range<Int>] = []
  /// Per open object: where its keys start in `ranges`, and its set once it is large.
  private var levels: [(firstRange: Int, set: ByteRangeSet?)] = []

  /// Starts the keys of a new innermost object.
  mutating func openObject() {
    levels.append((ranges.count, nil))
  }

  /// Drops the keys of the innermost object.
  mutating func closeObject() {
    let level = levels.removeLast()
    if level.firstRange < ranges.count {
      bytes.removeSubrange(ranges[level.firstRange].lowerBound...)
      ranges.removeSubrange(level.firstRange...)
    }
  }

  /// Drops everything, keeping the memory for the next walk.
  mutating func removeAll() {
    bytes.removeAll(keepingCapacity: true)
    ranges.removeAll(keepingCapacity: true)
    levels.removeAll(keepingCapacity: true)
  }

  /// Adds the key in `bytes[start...]` to the innermost object.
  ///
  /// - Returns: `false` when that object already has the key; the stack then holds the key
  ///   twice, so the caller ends its walk (and ``removeAll()`` before the next).
  mutating func add(from start: Int) -> Bool {
    let range = start..<bytes.count
    let level = levels.count - 1
    let first = levels[level].firstRange
    let count = ranges.count - first
    let isDuplicate: Bool
    if count < JSONObject.indexThreshold {
      isDuplicate = bytes.withUnsafeBytes { buffer in
        let key = UnsafeRawBufferPointer(rebasing: buffer[range])
        return ranges[first...].contains { other in
          ByteComparison.equal(UnsafeRawBufferPointer(rebasing: buffer[other]), key)
        }
      }
      if !isDuplicate && count == JSONObject.indexThreshold - 1 {
        var set = ByteRangeSet()
        bytes.withUnsafeBufferPointer { buffer in
          for other in ranges[first...] { _ = set.insert(other, of: buffer) }
          _ = set.insert(range, of: buffer)
        }
        levels[level].set = set
      }
    } else {
      var set = levels[level].set ?? ByteRangeSet()
      levels[level].set = nil  // the set's storage stays uniquely referenced
      isDuplicate = bytes.withUnsafeBufferPointer { !set.insert(range, of: $0) }
      levels[level].set = set
    }
    if isDuplicate { return false }
    ranges.append(range)
    return true
  }

  /// The last key of each open object, outermost first: where a walk is, for a pointer.
  var lastKeys: [String] {
    levels.indices.map { level in
      let end = level + 1 < levels.count ? levels[level + 1].firstRange : ranges.count
      return end > levels[level].firstRange
        ? String(decoding: bytes[ranges[end - 1]], as: UTF8.self) : ""
    }
  }
}
