import Foundation
import TestSupport
import Testing

/// `policy ignore --pointer ''` is the whole entry (RFC 6901's empty pointer); `/` is the
/// member named "" at the entry's top level. It used to be documented the other way, so
/// `--pointer /` ignored nothing. `policy show` prints the two apart.
@Suite("policy ignore: the whole entry is the empty pointer")
struct PolicyIgnorePointerTests {
  @Test(arguments: TestEngine.allCases)
  func theEmptyPointerIgnoresTheWholeEntry(engine: TestEngine) throws {
    let location = try engine.makeLocation()
    let directory = location.directory
    let run = { (arguments: [String], status: Int32) -> CatalogProcess.Result in
      let result = try CatalogProcess.run(["-d", location.text] + arguments, in: directory)
      #expect(result.status == status, "\(arguments): \(result)")
      return result
    }
    try directory.write(
      "v1.json",
      #"[{"kind": "k", "category": "c", "description": "d", "payload": {"a": 1, "b": {"c": 2}}}]"#)
    try directory.write(
      "v2.json", #"[{"kind": "k", "category": "c", "description": "d", "payload": {"b": {}}}]"#)
    _ = try run(["import", "v1.json"], 0)
    _ = try run(["policy", "set", "FULL"], 0)
    // `/` is the member "" at the top: it covers nothing the payload change touches.
    let slash = try run(
      ["policy", "ignore", "--kind", "k", "--rule", "KEY_REMOVED", "--pointer", "/"], 0)
    #expect(slash.stdout == "policy change 2: ignoring KEY_REMOVED under / of kind k\n")
    #expect(
      slash.stderr
        == "note: --pointer / is the member named \"\" at the top of the entry; the whole entry is --pointer ''\n"
    )
    _ = try run(["import", "v2.json"], 65)
    let whole = try run(
      ["policy", "ignore", "--kind", "k", "--rule", "KEY_REMOVED", "--pointer", ""], 0)
    #expect(
      whole.stdout
        == "policy change 3: ignoring KEY_REMOVED under \"\" (the whole entry) of kind k\n")
    #expect(whole.stderr == "")
    let show = try run(["policy", "show"], 0)
    #expect(
      show.stdout
        == "catalog: FULL\nignore KEY_REMOVED under \"\" (the whole entry) of kind k\n"
        + "ignore KEY_REMOVED under / of kind k\n"
        || show.stdout
          == "catalog: FULL\nignore KEY_REMOVED under / of kind k\n"
          + "ignore KEY_REMOVED under \"\" (the whole entry) of kind k\n",
      "\(show)")
    let imported = try run(["import", "v2.json"], 0)
    #expect(imported.stdout.hasPrefix("revision 2: 0 added, 1 changed"), "\(imported)")
  }
}
