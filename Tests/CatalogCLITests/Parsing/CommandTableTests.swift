import CatalogCLI
import Testing

/// The one table of commands: every command in it has help, a spec and a run, and the
/// parser's table is made from it.
@Suite struct CommandTableTests {
  @Test func everyCommandHasHelpASpecAndARun() {
    let commands = CatalogCommandTable.commands
    #expect(commands.count == 29)
    let names = commands.map { $0.spec.name }
    #expect(Set(names).count == names.count, "two commands share a name")
    // The parser's table is the command table's specs, in the same order.
    #expect(CatalogCommandTable.root.commands == commands.map { $0.spec })
    for command in commands {
      let spec = command.spec
      #expect(!spec.name.isEmpty)
      #expect(!spec.abstract.isEmpty, "\(spec.name): no abstract")
      #expect(!spec.discussion.isEmpty, "\(spec.name): no discussion")
      #expect(!spec.examples.isEmpty, "\(spec.name): no example")
      for argument in spec.arguments {
        #expect(!argument.help.isEmpty, "\(spec.name) \(argument.longSpelling): no help")
      }
      // The run the dispatcher finds for the name is this command's.
      let found = CatalogCommandTable.command(named: spec.name)
      #expect(found.map(ObjectIdentifier.init) == ObjectIdentifier(command), "\(spec.name)")
    }
    #expect(CatalogCommandTable.command(named: "no-such-command") == nil)
  }

  /// diff(1)'s convention: 1 is an answer (the files differ), so every failure is 2; verify
  /// answers the same question of a file and a revision.
  @Test func onlyMergeAndVerifyReportEveryFailureAsTrouble() {
    let trouble = CatalogCommandTable.commands.filter { $0.failureStatus != nil }
    #expect(Set(trouble.map { $0.spec.name }) == ["merge", "verify"])
    #expect(trouble.allSatisfy { $0.failureStatus == .trouble })
  }

  @Test func theGateCommandsTellAnUnknownReferenceApart() {
    let gate = CatalogCommandTable.commands.filter { $0.reportsUnknownReferencesApart }
    #expect(Set(gate.map { $0.spec.name }) == ["check", "diff"])
  }
}
