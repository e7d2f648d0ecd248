import Components

/// The kinds at the site's revision, in export order, as the pages link to them: each kind's
/// text, its page's file name, its category and its component, held in one byte buffer and
/// one small record per kind instead of a `String` each (what the generator keeps while it
/// writes the other pages; descriptions are written into the index and dropped before).
struct KindTable {
  private struct Record {
    /// Where the kind starts in ``bytes``; its slug follows it, unless the slug is the kind
    /// (`slugCount` 0: a slug is never empty).
    var start: Int32
    var kindCount: Int32
    var slugCount: Int32
    /// The category's index among the site's sorted categories.
    var category: Int32
    var component: Int64
  }

  private var bytes: [UInt8] = []
  private var records: [Record] = []
  /// Record indices by component id, and by kind bytes, for lookups by binary search.
  private var byComponent: [Int32] = []
  private var byKind: [Int32] = []

  var count: Int { records.count }

  /// Makes room for `count` kinds of `bytes` bytes of text together.
  mutating func reserve(count: Int, bytes: Int) {
    records.reserveCapacity(count)
    self.bytes.reserveCapacity(bytes)
  }

  /// Adds the next kind in export order.
  mutating func append(kind: String, slug: String, category: Int, component: Int64) {
    let start = bytes.count
    bytes.append(contentsOf: kind.utf8)
    let kindCount = bytes.count - start
    // Most file names are their kind; those are not kept twice.
    if !slug.utf8.elementsEqual(kind.utf8) { bytes.append(contentsOf: slug.utf8) }
    records.append(
      Record(
        start: Int32(start), kindCount: Int32(kindCount),
        slugCount: Int32(bytes.count - start - kindCount), category: Int32(category),
        component: component))
  }

  /// Makes the lookups; after the last ``append(kind:slug:category:component:)``.
  mutating func index() {
    bytes.withUnsafeBufferPointer { buffer in
      let records = self.records
      func kind(_ i: Int32) -> UnsafeBufferPointer<UInt8>.SubSequence {
        let record = records[Int(i)]
        return buffer[Int(record.start)..<Int(record.start + record.kindCount)]
      }
      byKind = (0..<Int32(records.count)).sorted { kind($0).lexicographicallyPrecedes(kind($1)) }
    }
    byComponent = (0..<Int32(records.count)).sorted {
      records[Int($0)].component < records[Int($1)].component
    }
  }

  func kind(_ index: Int) -> String {
    let record = records[index]
    return String(
      decoding: bytes[Int(record.start)..<Int(record.start + record.kindCount)], as: UTF8.self)
  }

  /// The kind's bytes.
  func kindBytes(_ index: Int) -> ArraySlice<UInt8> {
    let record = records[index]
    return bytes[Int(record.start)..<Int(record.start + record.kindCount)]
  }

  func slug(_ index: Int) -> String {
    let record = records[index]
    guard record.slugCount > 0 else { return kind(index) }
    let start = Int(record.start + record.kindCount)
    return String(decoding: bytes[start..<start + Int(record.slugCount)], as: UTF8.self)
  }

  func category(_ index: Int) -> Int { Int(records[index].category) }

  /// The kind whose component is `component`.
  func index(ofComponent component: Int64) -> Int? {
    var low = 0
    var high = byComponent.count
    while low < high {
      let middle = (low + high) / 2
      if records[Int(byComponent[middle])].component < component {
        low = middle + 1
      } else {
        high = middle
      }
    }
    guard low < byComponent.count, records[Int(byComponent[low])].component == component else {
      return nil
    }
    return Int(byComponent[low])
  }

  /// The kind whose text is `kind`, byte for byte.
  func index(ofKind kind: String) -> Int? {
    var kind = kind
    return kind.withUTF8 { wanted in
      bytes.withUnsafeBufferPointer { buffer in
        func text(_ i: Int32) -> UnsafeBufferPointer<UInt8>.SubSequence {
          let record = records[Int(i)]
          return buffer[Int(record.start)..<Int(record.start + record.kindCount)]
        }
        var low = 0
        var high = byKind.count
        while low < high {
          let middle = (low + high) / 2
          if text(byKind[middle]).lexicographicallyPrecedes(wanted) {
            low = middle + 1
          } else {
            high = middle
          }
        }
        guard low < byKind.count, text(byKind[low]).elementsEqual(wanted) else { return nil }
        return Int(byKind[low])
      }
    }
  }

  /// Whether kind `index` is `kind`, byte for byte.
  func kind(_ index: Int, is kind: String) -> Bool {
    let record = records[index]
    return bytes[Int(record.start)..<Int(record.start + record.kindCount)].elementsEqual(
      kind.utf8)
  }
}
