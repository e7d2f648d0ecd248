import CatalogDiff
import Components

/// Findings in the formats a CI job reads: `text`, `json`, `github` (workflow commands) and
/// `junit` (XML). docs/ci.md shows each on one example. Every format is deterministic: the
/// findings in the order given, no times, no absolute paths that were not given.
public struct FindingReport: Sendable {
  /// What was checked: the file, or the two operands of a diff (`@head..components.json`).
  public var name: String
  /// The kinds checked, in order: JUnit's test cases.
  public var checkedKinds: [String]
  public var findings: [Finding]
  /// What kept the file from being checked (it cannot be read, is not JSON, is not a valid
  /// document): reported in every format before the findings, each failing.
  public var problems: [DocumentProblem]
  /// Whether the file's validity is itself a check (`catalog check`): JUnit then has a
  /// `document` test case, failing with one `<failure>` per problem.
  public var validatesDocument: Bool

  public init(
    name: String, checkedKinds: [String], findings: [Finding], problems: [DocumentProblem] = [],
    validatesDocument: Bool = false
  ) {
    self.name = name
    self.checkedKinds = checkedKinds
    self.findings = findings
    self.problems = problems
    self.validatesDocument = validatesDocument
  }

  /// Whether anything fails the gate: a problem, or a finding that fails.
  public var fails: Bool { !problems.isEmpty || findings.contains(where: \.fails) }

  /// One located line per finding: `FILE:LINE:COLUMN: error: MESSAGE` (`note` for a finding
  /// that does not fail).
  public func text() -> String {
    findings.map { finding in
      let level = finding.fails ? "error" : "note"
      return "\(Self.location(finding))\(level): \(finding.message)\n"
    }.joined()
  }

  /// `components.json:12:5: `, `components.json: ` or `catalog: `.
  static func location(_ finding: Finding) -> String {
    guard let file = finding.file else { return "catalog: " }
    guard let position = finding.position else { return "\(file): " }
    return "\(file):\(position.line):\(position.column): "
  }

  /// One JSON object per finding, members in a fixed order: rule, class, mode, origin, kind,
  /// pointer, old, new, file, line, column, hint, against, againstName, fails (`against` the
  /// catalog's revision, `againstName` the committed version for a git base). Absent values are `null`
  /// (the rule tells an absent old or new value from a null one).
  public func findingValues() -> [JSONValue] {
    findings.map { finding in
      func optional(_ text: String?) -> JSONValue { text.map { .string($0) } ?? .null }
      func number(_ value: Int?) -> JSONValue { value.map { .number(JSONNumber($0)) } ?? .null }
      return .object(
        JSONObject([
          .init(key: "rule", value: .string(finding.ruleName)),
          .init(key: "class", value: .string(finding.className)),
          .init(key: "mode", value: optional(finding.modeName)),
          .init(key: "origin", value: optional(finding.originText)),
          .init(key: "kind", value: .string(finding.kind)),
          .init(key: "pointer", value: .string(finding.change.pointer.description)),
          .init(key: "old", value: finding.oldValue ?? .null),
          .init(key: "new", value: finding.change.new ?? .null),
          .init(key: "file", value: optional(finding.file)),
          .init(key: "line", value: number(finding.position?.line)),
          .init(key: "column", value: number(finding.position?.column)),
          .init(key: "hint", value: optional(finding.hint)),
          .init(
            key: "against",
            value: finding.againstName == nil ? number(finding.against.map(Int.init)) : .null),
          .init(key: "againstName", value: optional(finding.againstName)),
          .init(key: "fails", value: .bool(finding.fails)),
        ]))
    }
  }

  /// GitHub Actions workflow commands, one line per finding:
  /// `::error file=components.json,line=12,col=5,title=KEY_REMOVED in tile::MESSAGE`
  /// (`::notice` for a finding that does not fail), after one `::error` per problem
  /// (`::error file=bad.json,line=3,col=7,title=invalid JSON::invalid JSON: …`). Values are
  /// escaped as the runner expects (`%`, CR, LF everywhere; `:` and `,` in properties too).
  public func github() -> String {
    let problems = problems.map { problem in
      var properties = ["file=\(Self.githubProperty(problem.file))"]
      if let position = problem.position {
        properties.append("line=\(position.line)")
        properties.append("col=\(position.column)")
      }
      properties.append("title=\(Self.githubProperty(problem.title))")
      return "::error \(properties.joined(separator: ","))::\(Self.githubData(problem.message))\n"
    }
    return problems.joined()
      + findings.map { finding in
        var properties: [String] = []
        if let file = finding.file {
          properties.append("file=\(Self.githubProperty(file))")
          if let position = finding.position {
            properties.append("line=\(position.line)")
            properties.append("col=\(position.column)")
          }
        }
        properties.append(
          "title=\(Self.githubProperty("\(finding.ruleName) in \(finding.kind)"))")
        let level = finding.fails ? "error" : "notice"
        return
          "::\(level) \(properties.joined(separator: ","))::\(Self.githubData(finding.message))\n"
      }.joined()
  }

  static func githubData(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "%": out += "%25"
      case "\r": out += "%0D"
      case "\n": out += "%0A"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  static func githubProperty(_ text: String) -> String {
    githubData(text).replacingOccurrences(of: ":", with: "%3A")
      .replacingOccurrences(of: ",", with: "%2C")
  }

  /// JUnit XML: one test case per kind checked, one `<failure>` per failing finding of
  /// that kind; `tests` and `failures` count test cases. Valid against the JUnit schema of
  /// Tests/Fixtures/junit/junit.xsd (the format GitHub, GitLab and Jenkins reporters read).
  public func junit() -> String { Self.junit([self]) }

  /// Several reports (`catalog check a.json b.json`) as one JUnit document: a
  /// `<testsuite>` per report. A report that validates its document has a `document` test
  /// case first, with one `<failure>` per problem.
  public static func junit(_ reports: [FindingReport]) -> String {
    var suites = ""
    var allTests = 0
    var allFailed = 0
    for report in reports {
      let (text, tests, failed) = report.junitSuite()
      suites += text
      allTests += tests
      allFailed += failed
    }
    var out = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
    out += #"<testsuites name="catalog" tests="\#(allTests)" failures="\#(allFailed)">"# + "\n"
    return out + suites + "</testsuites>\n"
  }

  /// One `<testsuite>`, and the numbers of its test cases and of those that fail.
  private func junitSuite() -> (text: String, tests: Int, failed: Int) {
    var byKind: [BytewiseString: [Finding]] = [:]
    for finding in findings where finding.fails {
      byKind[BytewiseString(finding.kind), default: []].append(finding)
    }
    var kinds = checkedKinds
    // A failing finding of a kind the caller did not list still gets its test case.
    for finding in findings
    where finding.fails && !kinds.contains(where: { $0.hasSameBytes(as: finding.kind) }) {
      kinds.append(finding.kind)
    }
    let documentCase = validatesDocument || !problems.isEmpty
    let tests = kinds.count + (documentCase ? 1 : 0)
    let failed = kinds.count { byKind[BytewiseString($0)] != nil } + (problems.isEmpty ? 0 : 1)
    let suite = Self.xml(name)
    var out =
      #"  <testsuite name="\#(suite)" tests="\#(tests)" failures="\#(failed)" errors="0" skipped="0">"#
      + "\n"
    if documentCase {
      if problems.isEmpty {
        out += #"    <testcase classname="\#(suite)" name="document"/>"# + "\n"
      } else {
        out += #"    <testcase classname="\#(suite)" name="document">"# + "\n"
        for problem in problems {
          var location = problem.file
          if let position = problem.position { location += ":\(position.line):\(position.column)" }
          out +=
            #"      <failure type="\#(Self.xml(problem.title))" message="\#(Self.xml(problem.message))">"#
            + Self.xml("\(location): \(problem.message)") + "</failure>\n"
        }
        out += "    </testcase>\n"
      }
    }
    for kind in kinds {
      let name = Self.xml(kind)
      guard let failures = byKind[BytewiseString(kind)] else {
        out += #"    <testcase classname="\#(suite)" name="\#(name)"/>"# + "\n"
        continue
      }
      out += #"    <testcase classname="\#(suite)" name="\#(name)">"# + "\n"
      for finding in failures {
        let summary = "\(finding.ruleName) \(Finding.pointerText(finding.change.pointer))"
        out +=
          #"      <failure type="\#(finding.ruleName)" message="\#(Self.xml(summary))">"#
          + Self.xml("\(Self.location(finding))\(finding.message)") + "</failure>\n"
      }
      out += "    </testcase>\n"
    }
    out += "  </testsuite>\n"
    return (out, tests, failed)
  }

  /// Text escaped for an XML attribute or element; characters XML 1.0 cannot hold at all
  /// (most C0 controls) are written as `\u{1B}`-style text.
  static func xml(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&apos;"
      case "\t", "\n", "\r": out += "&#\(scalar.value);"
      default:
        if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
          out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out
  }
}
