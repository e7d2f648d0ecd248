import CatalogCLI
import Foundation
import TestSupport
import Testing

/// Every numeric option of every command, given numbers no Int64 holds, numbers past its
/// range and numbers an engine cannot express: a usage error (64) that quotes the token,
/// through the built binary; nothing traps and no server's error reaches the user.
@Suite struct NumericOptionTests {
  /// Every option whose value is a number, with its command ("" for a global option).
  static var numericOptions: [(command: String, spec: ArgumentSpec)] {
    let root = CatalogCommandTable.root
    var found = root.globalOptions.map { (command: "", spec: $0) }
    for command in root.allCommands {
      found += command.namedArguments.map { (command: command.name, spec: $0) }
    }
    return found.filter {
      switch $0.spec.valueKind {
      case .integer, .number: return true
      case .text, .name, .choice: return false
      }
    }
  }

  /// Values outside the range of any numeric option.
  static func outOfRange(_ kind: ArgumentSpec.ValueKind) -> [String] {
    var values = [
      "99999999999999999999999", "-99999999999999999999999", "1e400", "9.3e15",
      "9223372036854775808", "-9223372036854775809",
    ]
    switch kind {
    case .integer(let minimum, let maximum):
      if let maximum { values.append(String(maximum) + "0") }
      if let minimum { values.append(String(minimum - 1)) }
    case .number(let minimum, let maximum):
      if let maximum { values += [String(Int(maximum) + 1), String(maximum) + "1"] }
      if let minimum { values.append(String(minimum - 1)) }
    case .text, .name, .choice: break
    }
    return values
  }

  @Test func everyNumericOptionRefusesNumbersOutOfItsRange() throws {
    let options = Self.numericOptions
    #expect(options.contains { $0.spec.name == "busy-timeout" })
    #expect(options.contains { $0.spec.name == "limit" })
    let runner = try CatalogRunner()
    for option in options {
      let spelling = option.spec.longSpelling
      for value in Self.outOfRange(option.spec.valueKind) {
        let words = (option.command.isEmpty ? [] : [option.command]) + ["\(spelling)=\(value)"]
        let arguments = option.command.isEmpty ? words + ["doctor"] : words
        let result = try runner.run(arguments, expect: 64)
        #expect(
          result.stderr.hasPrefix("catalog: error: invalid value '\(value)' for '\(spelling) "),
          "\(arguments): \(result)")
        #expect(try runner.directory.fileNames().isEmpty, "\(arguments)")
      }
    }
  }

  @Test func theBusyTimeoutPastWhatTheEnginesHoldIsAUsageError() throws {
    let runner = try CatalogRunner()
    for value in ["2147484", "2147483.5", "9300000000000000", "1e300"] {
      let result = try runner.run(["--busy-timeout", value, "kinds"], expect: 64)
      #expect(
        result.stderr.hasPrefix(
          "catalog: error: invalid value '\(value)' for '--busy-timeout <seconds>': expected a "
            + "number from 0 to 2147483\n"), "\(result)")
    }
  }

  @Test(arguments: TestEngine.allCases)
  func theLongestBusyTimeoutWorksOnEachEngine(_ engine: TestEngine) throws {
    let location = try engine.makeLocation()
    let runner = CatalogRunner(location: location)
    try runner.directory.write(
      "c.json",
      #"{"components": [{"kind": "a", "category": "A", "description": "", "payload": {}}]}"# + "\n")
    let result = try runner.run(["--busy-timeout", "2147483", "import", "c.json"], expect: 0)
    #expect(result.stderr.isEmpty, "\(result)")
    try runner.run(["--busy-timeout", "2147483", "kinds"], expect: 0)
  }
}
