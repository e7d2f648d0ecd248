/// File names for kinds and tags: readable, safe on every file system and in URLs, and the
/// same for the same catalog.
///
/// A name keeps the lowercase ASCII letters and digits of the kind (or tag); every other run
/// of characters becomes one `-`, and it is cut to 60 bytes. Names that would collide (two
/// kinds that differ only in case or punctuation, or an empty result) get `-2`, `-3`, … in
/// the order the catalog lists them, so a name never depends on a hash.
struct SiteNames {
  private var taken: Set<String> = []

  /// The name for `text`, unique among the names handed out so far.
  mutating func claim(_ text: String) -> String {
    let base = Self.slug(text)
    if taken.insert(base).inserted { return base }
    var suffix = 2
    while !taken.insert("\(base)-\(suffix)").inserted { suffix += 1 }
    return "\(base)-\(suffix)"
  }

  static func slug(_ text: String) -> String {
    var out: [UInt8] = []
    var pendingDash = false
    for byte in text.utf8 {
      let lower = byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
      let keep = (lower >= 0x61 && lower <= 0x7A) || (lower >= 0x30 && lower <= 0x39)
      if keep {
        if pendingDash && !out.isEmpty { out.append(UInt8(ascii: "-")) }
        pendingDash = false
        out.append(lower)
        if out.count >= 60 { break }
      } else {
        pendingDash = true
      }
    }
    return out.isEmpty ? "item" : String(decoding: out, as: UTF8.self)
  }
}
