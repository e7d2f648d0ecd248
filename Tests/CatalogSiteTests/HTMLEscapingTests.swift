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
