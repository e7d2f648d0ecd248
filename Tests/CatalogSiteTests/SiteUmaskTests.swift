import Foundation
import Testing

@testable import CatalogSite

/// The mode of a site's files comes from the process's umask, read without setting it.
@Suite("catalog site: the umask, read without changing it")
struct SiteUmaskTests {
  @Test func theUmaskLineOfAStatusTextIsRead() {
    func mask(_ text: String) -> mode_t? { SiteDirectory.umaskLine(inStatus: Array(text.utf8)) }
    #expect(mask("Name:\tcatalog\nUmask:\t0027\nState:\tR (running)\n") == 0o027)
    #expect(mask("Umask:\t0002") == 0o002)
    #expect(mask("Umask: 777\n") == 0o777)
    #expect(mask("Name:\tcatalog\nState:\tR (running)\n") == nil)
    #expect(mask("Umask:\t0028\n") == nil)
    #expect(mask("Umask:\t\n") == nil)
    #expect(mask("Umask:\t00022\n") == nil)
    #expect(mask("XUmask:\t0022\n") == nil)
  }

  #if os(Linux)
    /// On Linux the mask is this process's `Umask:` line, which the kernel always has.
    @Test func onLinuxTheMaskIsTheKernelsLine() throws {
      let status = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "/proc/self/status")))
      let reported = try #require(SiteDirectory.umaskLine(inStatus: status))
      #expect(SiteDirectory.processUmask() == reported)
    }
  #endif
}
