import Testing

@testable import CatalogSite

@Suite("HTML escaping and file names")
struct HTMLEscapingTests {
  @Test func textIsEscapedForContentAndAttributes() {
    #expect(
      HTML.escape(#"<script>alert("x")</script> & 'y'"#)
        == "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;")
    #expect(HTML.escape("plain café ✓") == "plain café ✓")
  }

  /// The escaping scans eight bytes at a time: every special byte at every offset of texts
  /// longer and shorter than a word, next to others and to multi-byte characters, gives what
  /// escaping one byte at a time gives, for attribute text and for element content.
  @Test func everySpecialByteAtEveryOffsetIsEscaped() {
    func reference(_ text: [UInt8], quotes: Bool) -> [UInt8] {
      text.flatMap { byte -> [UInt8] in
        switch byte {
        case UInt8(ascii: "&"): Array("&amp;".utf8)
        case UInt8(ascii: "<"): Array("&lt;".utf8)
        case UInt8(ascii: ">"): Array("&gt;".utf8)
        case UInt8(ascii: "\"") where quotes: Array("&quot;".utf8)
        case UInt8(ascii: "'") where quotes: Array("&#39;".utf8)
        default: [byte]
        }
      }
    }
    let fillers: [[UInt8]] = [Array("abcdefghijklmnopqrstuvw".utf8), Array("é✓𝄞 café ✓ 𝄞é".utf8)]
    var checked = 0
    for filler in fillers {
      for length in [0, 1, 7, 8, 9, 15, 16, 17, 23] {
        let base = Array(filler.prefix(length))
        for special in Array("&<>\"'".utf8) {
          for offset in 0...base.count {
            for second in [nil, offset / 2] as [Int?] {
              var text = base
              text.insert(special, at: offset)
              if let second { text.insert(UInt8(ascii: "<"), at: second) }
              for quotes in [true, false] {
                var out: [UInt8] = Array("x".utf8)
                text.withUnsafeBufferPointer {
                  HTML.appendEscaped(utf8: $0, to: &out, quotes: quotes)
                }
                #expect(out == Array("x".utf8) + reference(text, quotes: quotes), "\(text)")
                checked += 1
              }
            }
          }
        }
      }
    }
    #expect(checked > 1_000)
  }

  /// Control characters are parse errors in HTML, raw or as numeric references: each C0
  /// control but HTML's whitespace, DEL and each C1 control becomes U+FFFD, at every offset
  /// of the eight-byte scan; whitespace, and "©" (whose first byte leads the C1 controls
  /// too), stay as they are.
  @Test func controlCharactersBecomeReplacementCharacters() {
    let kept = "\t\n\u{C}\r©\u{A0}é"
    #expect(HTML.escape(kept) == kept)
    let filler = Array("abcdefghijklmnopq")
    for control in [
      "\u{0}", "\u{1}", "\u{8}", "\u{B}", "\u{1B}", "\u{1F}", "\u{7F}", "\u{80}", "\u{9F}",
    ] {
      for offset in 0...filler.count {
        var text = filler
        text.insert(Character(control), at: offset)
        var expected = filler
        expected.insert("\u{FFFD}", at: offset)
        #expect(HTML.escape(String(text)) == String(expected), "\(offset)")
        var out: [UInt8] = []
        String(text).utf8.withContiguousStorageIfAvailable {
          HTML.appendEscaped(utf8: $0, to: &out, quotes: false)
        }
        #expect(String(decoding: out, as: UTF8.self) == String(expected), "\(offset)")
      }
    }
  }

  @Test func markupComesOnlyFromLiterals() {
    var page = HTML()
    page.raw("<p title=\"")
    page.text("\" onmouseover=\"alert(1)")
    page.raw("\">")
    page.text("<img src=x>")
    page.raw("</p>")
    #expect(
      String(decoding: page.bytes, as: UTF8.self)
        == "<p title=\"&quot; onmouseover=&quot;alert(1)\">&lt;img src=x&gt;</p>")
  }

  @Test func scriptStringsCannotCloseTheScript() {
    var out: [UInt8] = []
    HTML.appendScriptString("</script><!-- \"q\" \\ a&b\n\u{2028}\u{1}é", to: &out)
    #expect(
      String(decoding: out, as: UTF8.self)
        == #""\u003c/script\u003e\u003c!-- \"q\" \\ a\u0026b\n\u2028\u0001é""#)
  }

  /// DEL and the C1 controls, parse errors in a page even inside a script, are escaped;
  /// other characters whose UTF-8 starts as theirs does are not.
  @Test func scriptStringsEscapeDeleteAndC1Controls() {
    var out: [UInt8] = []
    HTML.appendScriptString("a\u{7F}\u{80}\u{9F}\u{A0}©", to: &out)
    #expect(String(decoding: out, as: UTF8.self) == #""a\u007f\u0080\u009f\#u{A0}©""#)
  }

  @Test func scriptStringsEscapeOnlyWhatTheyMust() {
    var out: [UInt8] = []
    HTML.appendScriptString("\u{2029}€\u{2027}\r\t\u{1F}>𝄞 ✓", to: &out)
    #expect(String(decoding: out, as: UTF8.self) == #""\u2029€\#u{2027}\r\t\u001f\u003e𝄞 ✓""#)
  }

  @Test func fileNamesAreSafeUniqueAndStable() {
    var names = SiteNames()
    #expect(names.claim("Button") == "button")
    #expect(names.claim("button") == "button-2")
    #expect(names.claim("../../etc/passwd") == "etc-passwd")
    #expect(names.claim("<script>") == "script")
    #expect(names.claim("") == "item")
    #expect(names.claim("日本") == "item-2")
    #expect(names.claim(String(repeating: "a", count: 300)).count == 60)
  }
}
