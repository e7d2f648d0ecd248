import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The throwaway cluster the tests start keeps none of the test process's descriptors. A
/// server that inherited the write end of a running command's stdout pipe would make the test
/// that reads that output to its end wait forever (seen once: `swift test` hung on a `catalog`
/// process that had exited, because the postmaster held its pipes).
@Suite struct ThrowawayClusterTests {
  @Test func theServerHoldsNoneOfTheTestProcesssPipes() throws {
    var ends: [Int32] = [0, 0]
    // Not close-on-exec, like the pipes Foundation's Process makes for a child's output.
    try #require(pipe(&ends) == 0)
    defer { close(ends[0]) }
    let cluster = try PostgreSQLCluster.start()
    defer { cluster.stop() }
    close(ends[1])
    var poller = pollfd(fd: ends[0], events: Int16(POLLIN), revents: 0)
    let ready = poll(&poller, 1, 10_000)
    var byte: UInt8 = 0
    #expect(ready == 1, "no end of file within 10 s: another process holds the write end")
    #expect(ready == 1 && read(ends[0], &byte, 1) == 0)
  }
}
