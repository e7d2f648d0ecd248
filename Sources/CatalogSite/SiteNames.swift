import CatalogStore

/// File names for kinds and tags: readable, safe on every file system and in URLs.
///
/// A kind's page name depends on the kind alone (``kindName(_:)``), never on the other kinds
/// or the export order, so adding, removing or reordering kinds never renames a page and a
/// bookmark keeps opening the same component. Tags keep ``claim(_:)``'s names, which are
/// handed out oldest tag first.
struct SiteNames {
  private var taken: Set<String> = []

  /// How many hexadecimal digits of the kind's SHA-256 a hashed name ends with (48 bits).
  static let hashDigits = 12

  /// The page name of `kind`: the kind itself when it is already a safe name (lowercase ASCII
  /// letters and digits in runs joined by single `-`, at most 60 bytes: `tile-preview`),
  /// else its ``slug(_:)``, `--` and the first ``hashDigits`` hexadecimal digits of the
  /// SHA-256 of its UTF-8 bytes (`Tile Preview` → `tile-preview--8d2f…`, `日本` →
  /// `item--…`).
  ///
  /// A slug never holds `--`, so a hashed name is never a safe kind's name, and two kinds
  /// whose names are the same would need the same slug and the same 48 bits of SHA-256
  /// (``KindTable`` refuses that case rather than rename either page).
  ///
  /// - Throws: ``SHA256Error`` when libcrypto cannot compute the digest.
  static func kindName(_ kind: String) throws -> String {
    let slug = Self.slug(kind)
    if slug.utf8.elementsEqual(kind.utf8) { return slug }
    let digest = try SHA256.hash(Array(kind.utf8))
    let hex = Array("0123456789abcdef".utf8)
    var name = Array(slug.utf8)
    name.append(contentsOf: "--".utf8)
    for byte in digest.bytes.prefix(hashDigits / 2) {
      name.append(hex[Int(byte >> 4)])
      name.append(hex[Int(byte & 0x0F)])
    }
    return String(decoding: name, as: UTF8.self)
  }

  /// The name for `text`, unique among the names handed out so far: its slug, or the slug
  /// and `-2`, `-3`, … when taken. Each base keeps its next suffix, so many texts with one
  /// slug cost one probe each, not one per earlier text.
  mutating func claim(_ text: String) -> String {
    let base = Self.slug(text)
    if taken.insert(base).inserted { return base }
    var suffix = nextSuffix[base, default: 2]
    while !taken.insert("\(base)-\(suffix)").inserted { suffix += 1 }
    nextSuffix[base] = suffix + 1
    return "\(base)-\(suffix)"
  }

  private var nextSuffix: [String: Int] = [:]

  /// The lowercase ASCII letters and digits of `text`, every other run of bytes becoming one
  /// `-` (none at either end), cut to 60 bytes; `item` when nothing is left.
  static func slug(_ text: String) -> String {
    var out: [UInt8] = []
    var pendingDash = false
    for byte in text.utf8 {
      let lower = byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
      let keep = (lower >= 0x61 && lower <= 0x7A) || (lower >= 0x30 && lower <= 0x39)
      if keep {
        if pendingDash && !out.isEmpty {
          if out.count >= 59 { break }
          out.append(UInt8(ascii: "-"))
        }
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
