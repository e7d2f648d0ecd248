import Foundation

/// A GitHub Actions workflow command, parsed as the runner parses a line of a step's output
/// (actions/runner, `ActionCommand.TryParseV2`, and the escaping rules documented in
/// "Workflow commands for GitHub Actions"): `::NAME KEY=VALUE,KEY=VALUE::DATA`, the command
/// part ending at the first `::` after the opening one; properties split at `,`, each at its
/// first `=`; `%25`, `%0D`, `%0A` unescaped in the data and, with `%3A` and `%2C`, in the
/// values. An independent reader: the code under test is not used.
struct WorkflowCommand: Equatable {
  var name: String
  var properties: [String: String]
  var data: String

  /// The command on `line`, or `nil` when the runner would print the line as plain output.
  static func parse(_ line: Substring) -> WorkflowCommand? {
    let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
    guard trimmed.hasPrefix("::") else { return nil }
    let rest = trimmed.dropFirst(2)
    guard let end = rest.range(of: "::") else { return nil }
    let info = rest[..<end.lowerBound]
    let data = rest[end.upperBound...]
    var name = Substring(info)
    var properties: [String: String] = [:]
    if let space = info.firstIndex(of: " ") {
      name = info[..<space]
      for pair in info[info.index(after: space)...].split(separator: ",") {
        let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty else { continue }
        properties[String(parts[0])] = unescape(parts[1], property: true)
      }
    }
    guard !name.isEmpty else { return nil }
    return WorkflowCommand(
      name: String(name), properties: properties, data: unescape(data, property: false))
  }

  /// `%25` last, so that an escaped `%0A` (`%250A`) stays `%0A`, as in the runner.
  private static func unescape(_ text: Substring, property: Bool) -> String {
    var out = String(text).replacingOccurrences(of: "%0D", with: "\r")
      .replacingOccurrences(of: "%0A", with: "\n")
    if property {
      out = out.replacingOccurrences(of: "%3A", with: ":")
        .replacingOccurrences(of: "%2C", with: ",")
    }
    return out.replacingOccurrences(of: "%25", with: "%")
  }

  /// Every line of `output` as a workflow command; a line that is not one is `nil`.
  static func parseAll(_ output: String) -> [WorkflowCommand?] {
    output.split(separator: "\n", omittingEmptySubsequences: true).map { parse($0) }
  }
}
