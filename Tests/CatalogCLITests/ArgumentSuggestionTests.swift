import CatalogCLI
import Components
import Testing

@Suite struct ArgumentSuggestionTests {
  @Test func editDistanceCountsSwapsOfNeighboursAsOne() {
    #expect(Suggestion.editDistance("", "") == 0)
    #expect(Suggestion.editDistance("", "abc") == 3)
    #expect(Suggestion.editDistance("abc", "") == 3)
    #expect(Suggestion.editDistance("message", "mesage") == 1)
    #expect(Suggestion.editDistance("export", "exprot") == 1)
    #expect(Suggestion.editDistance("kitten", "sitting") == 3)
    #expect(Suggestion.editDistance("ca", "abc") == 3)
  }

  @Test func closestIgnoresDashesAndCase() {
    let options = ["--message", "--author", "--prune", "--dry-run"]
    #expect(Suggestion.closest(to: "--mesage", among: options) == "--message")
    #expect(Suggestion.closest(to: "-message", among: options) == "--message")
    #expect(Suggestion.closest(to: "--AUTHOR", among: options) == "--author")
    #expect(Suggestion.closest(to: "--dryrun", among: options) == "--dry-run")
    #expect(Suggestion.closest(to: "--zzz", among: options) == nil)
    #expect(Suggestion.closest(to: "--", among: options) == nil)
  }

  @Test func closestFallsBackToAUniquePrefix() {
    let commands = ["import", "export", "restore", "rename", "deprecate", "undeprecate"]
    #expect(Suggestion.closest(to: "dep", among: commands) == "deprecate")
    #expect(Suggestion.closest(to: "ren", among: commands) == "rename")
    #expect(Suggestion.closest(to: "re", among: commands) == nil)
    #expect(Suggestion.closest(to: "imprt", among: commands) == "import")
  }

  @Test func tiesGoToTheEarlierCandidate() {
    #expect(Suggestion.closest(to: "tab", among: ["tag", "tap"]) == "tag")
  }
}
