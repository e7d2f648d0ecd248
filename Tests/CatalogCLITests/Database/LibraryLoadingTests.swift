import TestSupport
import Testing

/// libpq is loaded on first use (`Sources/CLibPQ`): a command on a SQLite catalog never maps
/// it (nor the TLS, Kerberos and LDAP libraries it pulls in, 5 MiB of every process's
/// memory), and one on PostgreSQL loads it. Seen through the dynamic loader's own account of
/// the libraries it finds (glibc's `LD_DEBUG=libs`, on stderr).
@Suite("Libraries loaded")
struct LibraryLoadingTests {
  @Test(arguments: TestEngine.allCases)
  func libpqIsLoadedOnlyForPostgreSQL(_ engine: TestEngine) throws {
    let location = try engine.makeLocation()
    let runner = CatalogRunner(location: location)
    let file = try location.directory.write(
      "c.json", #"{"components": [{"kind": "a", "category": "", "description": "", "payload": 1}]}"#
    )
    let result = try runner.run(["import", file], environment: ["LD_DEBUG": "libs"])
    // The loader's account is there (it names the libraries every process needs).
    #expect(result.stderr.contains("find library=libsqlite3.so.0"))
    #expect(result.stderr.contains("find library=libpq.so.5") == (engine == .postgresql))
    #expect(result.stdout == "revision 1: 1 added, 0 changed, 0 removed\n")
  }
}
