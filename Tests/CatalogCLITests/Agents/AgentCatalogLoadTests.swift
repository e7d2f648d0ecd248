import CatalogAgents
import CatalogStore
import Components
import TestSupport
import Testing

/// `AgentCatalog.load`'s narrower reads give what the whole read gives: at several revisions
/// from one read (the site's), for the kinds a document names (`validate-ui`'s), and without
/// the majors.
@Suite("Loading the catalog for agents")
struct AgentCatalogLoadTests {
  /// What an agent is told of a catalog, as bytes: the three exports and the removed kinds.
  static func told(_ agents: AgentCatalog) -> [[UInt8]] {
    [
      AgentExport.bytes(AgentExport.a2ui(agents)),
      AgentExport.bytes(AgentExport.jsonSchema(agents, strict: false)),
      Array(AgentExport.prompt(agents).utf8),
      Array(agents.removedKinds.joined(separator: "\n").utf8),
    ]
  }

  @Test(
    "one read at several revisions gives each revision's own load, on both engines",
    arguments: TestEngine.allCases)
  func atEach(_ engine: TestEngine) throws {
    let location = try engine.makeLocation()
    _ = try AgentFixture.make(location)
    let catalog = try Catalog(path: location.text)
    let revisions: [Int64] = [4, 1, 3, 2, 4]
    let together = try AgentCatalog.load(from: catalog, atEach: revisions)
    #expect(together.map(\.revision) == revisions)
    for (revision, agents) in zip(revisions, together) {
      let alone = try AgentCatalog.load(from: catalog, at: .number(revision))
      #expect(Self.told(agents) == Self.told(alone), "revision \(revision)")
      #expect(agents.majors == alone.majors, "revision \(revision)")
    }
    // The fixture's history moves: the revisions differ from each other.
    #expect(Self.told(together[1]) != Self.told(together[0]))
    #expect(together[1].major == 1)
    #expect(together[0].major == 3)
  }

  @Test(
    "a load for some kinds has those kinds as the whole load has them, and every removed kind",
    arguments: TestEngine.allCases)
  func someKinds(_ engine: TestEngine) throws {
    let location = try engine.makeLocation()
    _ = try AgentFixture.make(location)
    let catalog = try Catalog(path: location.text)
    let whole = try AgentCatalog.load(from: catalog)
    let names = Set(["stack", "badge", "divider", "no-such-kind"].map(BytewiseString.init))
    let some = try AgentCatalog.load(from: catalog, kinds: names, majors: false)
    #expect(some.kinds.map(\.kind) == ["stack", "badge"])
    #expect(some.removedKinds == whole.removedKinds)
    #expect(some.removedKinds == ["divider"])
    #expect(some.majors.isEmpty)
    #expect(some.major == 1)
    for kind in some.kinds {
      let full = try #require(whole.kind(kind.kind))
      #expect(kind.shape == full.shape)
      #expect(kind.sample == full.sample)
      #expect(kind.inferredFrom == full.inferredFrom)
      #expect(kind.isContainer == full.isContainer)
    }
    // With the majors, the same majors as the whole load.
    #expect(try AgentCatalog.load(from: catalog, kinds: names).majors == whole.majors)
  }
}
