import CatalogStore
import Components
import Foundation
import TestSupport
import Testing

@testable import CatalogSite

/// ``SiteNames/kindName(_:)``: a kind's page name is the kind when it is already a safe name,
/// else its slug, `--` and 12 hexadecimal digits of its SHA-256; never a function of the
/// other kinds.
@Suite("site page names")
struct SiteNamesTests {
  @Test func aSafeKindIsItsOwnName() throws {
    for kind in ["button", "tile-preview", "a1-b2", "item", String(repeating: "a", count: 60)] {
      #expect(try SiteNames.kindName(kind) == kind)
    }
  }

  @Test func anyOtherKindIsItsSlugAndItsDigest() throws {
    // echo -n 'Tile Preview' | sha256sum
    #expect(try SiteNames.kindName("Tile Preview") == "tile-preview--33ff68b11986")
    let others = [
      "Button", "button-", "-button", "a--b", "a b", "日本", "", "../../etc/passwd",
      "<script>", String(repeating: "a", count: 61), "ＢＵＴＴＯＮ",
    ]
    for kind in others {
      let name = try SiteNames.kindName(kind)
      let digest = try SHA256.hash(Array(kind.utf8)).description
      let hex = digest.dropFirst("sha256:".count).prefix(12)
      #expect(name == SiteNames.slug(kind) + "--" + hex, "\(kind)")
      #expect(name.utf8.count <= 74)
      #expect(
        name.utf8.allSatisfy {
          $0 == 0x2D || (0x30...0x39).contains($0) || (0x61...0x7A).contains($0)
        })
    }
  }

  /// 20,000 kinds with one slug (`item`): all distinct names, each the one it has alone, so
  /// naming is one hash per kind (the suffix counting it replaces probed every earlier name).
  @Test func manyKindsWithOneSlugGetDistinctNames() throws {
    var names: Set<String> = []
    for n in 0..<20_000 {
      // CJK ideographs, U+4E00 on: no ASCII letter or digit.
      let ideograph = try #require(Unicode.Scalar(UInt32(0x4E00 + n)))
      let kind = String(repeating: "★", count: n % 3) + String(Character(ideograph))
      let name = try SiteNames.kindName(kind)
      #expect(name.hasPrefix("item--"))
      #expect(names.insert(name).inserted, "\(kind)")
    }
  }

  /// Tags keep their claimed names; many texts with one slug cost one probe each.
  @Test func claimedNamesCountOnFromTheLastSuffix() {
    var names = SiteNames()
    #expect(names.claim("v1.0") == "v1-0")
    #expect(names.claim("V1.0") == "v1-0-2")
    #expect(names.claim("v1-0-3") == "v1-0-3")
    #expect(names.claim("v1_0") == "v1-0-4")
    for n in 5..<10_000 { #expect(names.claim("v1 0") == "v1-0-\(n)") }
  }
}
