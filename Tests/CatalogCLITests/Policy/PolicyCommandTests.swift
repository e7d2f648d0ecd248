import Foundation
import TestSupport
import Testing

/// `catalog policy`, the refusals and waivers of writes, and the CI gate
/// (`check --against`, `diff` in the CI formats), through the built binary.
@Suite("Compatibility policies on the command line")
struct PolicyCommandTests {
  static let v1 = """
    {
      "components": [
        {
          "kind": "tile-preview",
          "category": "Display",
          "description": "A tile",
          "payload": {
            "title": "Now",
            "subtitle": "Now playing",
            "size": 3
          }
        },
        {
          "kind": "knob",
          "category": "Input",
          "description": "A knob",
          "payload": {
            "range": [0, 10]
          }
        }
      ]
    }

    """

  /// The pull request: tile-preview loses a key and changes a type, knob gains an element.
  static let v2 = """
    {
      "components": [
        {
          "kind": "tile-preview",
          "category": "Display",
          "description": "A tile",
          "payload": {
            "title": "Now",
            "size": "3"
          }
        },
        {
          "kind": "knob",
          "category": "Input",
          "description": "A knob",
          "payload": {
            "range": [0, 10, 20]
          }
        }
      ]
    }

    """

  static let removedFinding =
    "policy FULL of kind tile-preview (set on category Display) refuses KEY_REMOVED "
    + "/payload/subtitle: was \"Now playing\", now absent (against revision 1); fix: keep the "
    + "key (deprecate its use instead), or add the new shape under a new kind"
  static let typeFinding =
    "policy FULL of kind tile-preview (set on category Display) refuses TYPE_CHANGED "
    + "/payload/size: was 3, now \"3\" (against revision 1); fix: keep the old type and add a "
    + "key with the new type, or add a new kind"

  /// A catalog with v1 as revision 1, FORWARD on the catalog and FULL on Display.
  static func session() throws -> CatalogSession {
    let session = try CatalogSession(importing: v1)
    try session.directory.write("v2.json", v2)
    #expect(
      try session.run(["policy", "set", "FORWARD"]).stdout
        == "policy change 1: FORWARD set on the catalog\n")
    #expect(
      try session.run(["policy", "set", "--category", "Display", "FULL"]).stdout
        == "policy change 2: FULL set on category Display\n")
    return session
  }

  /// Dates vary: `2026-11-30T18:33:07.923Z` becomes `DATE`.
  static func withoutDates(_ text: String) -> String {
    text.replacing(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/, with: "DATE")
  }

  @Test func setShowUnsetAndNoneReadAsDocumented() throws {
    let session = try Self.session()
    #expect(
      try session.run(["policy", "show"]).stdout == "catalog: FORWARD\ncategory Display: FULL\n")
    #expect(
      try session.run(["policy", "show", "--kind", "tile-preview"]).stdout
        == "tile-preview: FULL (set on category Display)\n")
    #expect(
      try session.run(["policy", "show", "--kind", "knob"]).stdout
        == "knob: FORWARD (set on the catalog)\n")
    try session.run(["policy", "set", "--kind", "knob", "NONE"])
    #expect(
      try session.run(["policy", "show", "--kind", "knob"]).stdout
        == "knob: NONE (set on kind knob)\n")
    #expect(
      try session.run(["policy", "set", "--kind", "knob", "NONE"]).stdout
        == "no change: kind knob already has NONE\n")
    #expect(
      try session.run(["policy", "unset", "--kind", "knob"]).stdout
        == "policy change 4: mode unset on kind knob\n")
    let bad = try session.run(["policy", "set", "SIDEWAYS"], expect: 64)
    #expect(
      bad.stderr.hasPrefix(
        "catalog: error: unknown mode 'SIDEWAYS'; modes: NONE, BACKWARD, FORWARD, FULL, "
          + "BACKWARD_TRANSITIVE, FORWARD_TRANSITIVE, FULL_TRANSITIVE\n"
          + "Usage: catalog policy set [--kind <kind> | --category <name>] <mode> "
          + "[--author <name>] [--format <format>]\n"))
    try session.run(["policy", "set", "--kind", "k", "--category", "c", "FULL"], expect: 64)
  }

  @Test func aRefusedImportListsEveryViolationAndChangesNothing() throws {
    let session = try Self.session()
    let before = try session.export(at: "head")
    let result = try session.run(["import", "v2.json"], expect: 65)
    #expect(result.stdout == "")
    #expect(
      result.stderr == """
        v2.json:3:5: error: \(Self.removedFinding)
        v2.json:3:5: error: \(Self.typeFinding)
        catalog: error: the compatibility policies refuse 2 changes, so nothing was written \
        (--allow-breaking "REASON" records a deliberate break)

        """)
    #expect(try session.export(at: "head") == before)
    #expect(try session.run(["log", "--oneline"]).stdout.contains("1 first\n"))
    #expect(!(try session.run(["log", "--oneline"]).stdout.contains("\n2 ")))
    // A dry run says the same.
    try session.run(["import", "v2.json", "--dry-run"], expect: 65)
    // A blank reason is no reason.
    #expect(
      try session.run(["import", "v2.json", "--allow-breaking", " "], expect: 65).stderr
        == "catalog: error: --allow-breaking needs a reason: say why the break is deliberate\n")
  }

  @Test func aWaiverIsRecordedShownByLogAndListed() throws {
    let session = try Self.session()
    let result = try session.run(["import", "v2.json", "--allow-breaking", "subtitle moved"])
    #expect(result.stdout == "revision 2: 0 added, 2 changed, 0 removed\n")
    #expect(
      result.stderr == """
        note: --allow-breaking let 2 refused changes through; the waiver is recorded on \
        revision 2 ('catalog log --waivers'):
          \(Self.removedFinding)
          \(Self.typeFinding)

        """)
    let waivers = """
      revision 2
      Waiver:  subtitle moved (by ann, DATE)
               KEY_REMOVED /payload/subtitle in tile-preview (FULL)
               TYPE_CHANGED /payload/size in tile-preview (FULL)

      """
    #expect(Self.withoutDates(try session.run(["log", "--waivers"]).stdout) == waivers)
    #expect(
      Self.withoutDates(try session.run(["log"]).stdout) == """
        revision 2
        Author:  ann
        Date:    DATE
        Source:  v2.json (import)
        Counts:  0 added, 2 changed, 0 removed
        Waiver:  subtitle moved (by ann, DATE)
                 KEY_REMOVED /payload/subtitle in tile-preview (FULL)
                 TYPE_CHANGED /payload/size in tile-preview (FULL)

        policy change 2 (after revision 1)
        Author:  ann
        Date:    DATE
        Change:  set FULL on category Display

        policy change 1 (after revision 1)
        Author:  ann
        Date:    DATE
        Change:  set FORWARD on the catalog

        revision 1
        Author:  ann
        Date:    DATE
        Source:  v1.json (import)
        Counts:  2 added, 0 changed, 0 removed

            first


        """)
    let json = try session.run(["log", "--waivers", "--format", "json"]).stdoutBytes
    let parsed = try #require(
      try JSONSerialization.jsonObject(with: Data(json)) as? [[String: Any]])
    #expect(parsed.count == 1)
    #expect(parsed.first?["reason"] as? String == "subtitle moved")
    #expect((parsed.first?["changes"] as? [[String: Any]])?.count == 2)
  }

  @Test func policiesExportAndImportAsAFile() throws {
    let session = try Self.session()
    let exported = try session.run(["policy", "export"]).stdout
    #expect(
      exported == """
        {
          "catalog": "FORWARD",
          "categories": {
            "Display": "FULL"
          },
          "kinds": {},
          "ignores": []
        }

        """)
    try session.directory.write("p.json", exported)
    #expect(
      try session.run(["policy", "import", "p.json"]).stdout
        == "no change: the policies already match p.json\n")
    try session.directory.write(
      "q.json",
      #"{"kinds": {"knob": "NONE"}, "ignores": [{"kind": "tile-preview", "rule": "KEY_REMOVED", "pointer": "/payload/subtitle"}]}"#
    )
    #expect(
      try session.run(["policy", "import", "q.json"]).stdout
        == "policy changes 3-6: 4 changes from q.json\n")
    #expect(
      try session.run(["policy", "show"]).stdout == """
        catalog: NONE (not set)
        kind knob: NONE
        ignore KEY_REMOVED under /payload/subtitle of kind tile-preview

        """)
    try session.directory.write("bad.json", "{\n  \"catalog\": \"SIDEWAYS\"\n}\n")
    #expect(
      try session.run(["policy", "import", "bad.json"], expect: 65).stderr
        == "bad.json:2:14: error: /catalog: unknown mode 'SIDEWAYS'; modes: NONE, BACKWARD, "
        + "FORWARD, FULL, BACKWARD_TRANSITIVE, FORWARD_TRANSITIVE, FULL_TRANSITIVE\n")
  }

  // MARK: - The CI formats, on one fixed fixture

  @Test func checkAgainstHeadInEveryFormat() throws {
    let session = try Self.session()
    let text = try session.run(["check", "v2.json", "--against", "head"], expect: 1)
    #expect(text.stdout == "")
    #expect(
      text.stderr == """
        v2.json:7:18: error: \(Self.removedFinding)
        v2.json:9:17: error: \(Self.typeFinding)
        catalog: error: the compatibility policies refuse 2 changes in v2.json

        """)
    let github = try session.run(
      ["check", "v2.json", "--against", "head", "--format", "github"], expect: 1)
    #expect(
      github.stdout == """
        ::error file=v2.json,line=7,col=18,title=KEY_REMOVED in tile-preview::\(Self.removedFinding)
        ::error file=v2.json,line=9,col=17,title=TYPE_CHANGED in tile-preview::\(Self.typeFinding)

        """)
    try Self.checkWorkflowCommands(github.stdout)
    let junit = try session.run(
      ["check", "v2.json", "--against", "head", "--format", "junit"], expect: 1)
    func xml(_ text: String) -> String { text.replacingOccurrences(of: "\"", with: "&quot;") }
    #expect(
      junit.stdout == """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites name="catalog" tests="3" failures="1">
          <testsuite name="v2.json" tests="3" failures="1" errors="0" skipped="0">
            <testcase classname="v2.json" name="document"/>
            <testcase classname="v2.json" name="tile-preview">
              <failure type="KEY_REMOVED" message="KEY_REMOVED /payload/subtitle">v2.json:7:18: \(xml(Self.removedFinding))</failure>
              <failure type="TYPE_CHANGED" message="TYPE_CHANGED /payload/size">v2.json:9:17: \(xml(Self.typeFinding))</failure>
            </testcase>
            <testcase classname="v2.json" name="knob"/>
          </testsuite>
        </testsuites>

        """)
    #expect(
      try Self.parseJUnit(junit.stdout, in: session.directory)
        == "testsuites 3 1|v2.json 3 1|document 0|tile-preview 2|knob 0")
    try JUnitSchema.validate(junit.stdout, in: session.directory)
    let json = try session.run(
      ["check", "v2.json", "--against", "head", "--format", "json"], expect: 1)
    #expect(
      json.stdout == """
        {
          "command": "check",
          "ok": false,
          "against": {
            "reference": "head",
            "revision": 1,
            "commit": null,
            "counts": {
              "added": 0,
              "changed": 2,
              "removed": 0
            }
          },
          "files": [
            {
              "file": "v2.json",
              "components": 2,
              "problems": []
            }
          ],
          "problems": [],
          "findings": [
            {
              "rule": "KEY_REMOVED",
              "class": "breaking",
              "mode": "FULL",
              "origin": "set on category Display",
              "kind": "tile-preview",
              "pointer": "/payload/subtitle",
              "old": "Now playing",
              "new": null,
              "file": "v2.json",
              "line": 7,
              "column": 18,
              "hint": "keep the key (deprecate its use instead), or add the new shape under a new kind",
              "against": 1,
              "againstName": null,
              "fails": true
            },
            {
              "rule": "TYPE_CHANGED",
              "class": "breaking",
              "mode": "FULL",
              "origin": "set on category Display",
              "kind": "tile-preview",
              "pointer": "/payload/size",
              "old": 3,
              "new": "3",
              "file": "v2.json",
              "line": 9,
              "column": 17,
              "hint": "keep the old type and add a key with the new type, or add a new kind",
              "against": 1,
              "againstName": null,
              "fails": true
            }
          ]
        }

        """)
    // Nothing was written, and an accepted file passes.
    #expect(try session.run(["check", "v1.json", "--against", "head"]).stdout.hasPrefix("ok: "))
    let passing = try session.run(["check", "v1.json", "--against", "head", "--format", "junit"])
    #expect(
      try Self.parseJUnit(passing.stdout, in: session.directory)
        == "testsuites 3 0|v1.json 3 0|document 0|tile-preview 0|knob 0")
    // Without --against, the CI formats report the file's problems: none here.
    #expect(try session.run(["check", "v2.json", "--format", "github"]).stdout == "")
  }

  @Test func diffInTheCIFormats() throws {
    let session = try Self.session()
    let github = try session.run(
      ["diff", "@head", "v2.json", "--format", "github", "--fail-on", "breaking"], expect: 1)
    #expect(
      github.stdout == """
        ::notice file=v2.json,line=17,col=26,title=ELEMENT_ADDED in knob::ELEMENT_ADDED (additive) in kind knob at /payload/range/2: was absent, now 20
        ::error file=v2.json,line=7,col=18,title=KEY_REMOVED in tile-preview::\(Self.removedFinding)
        ::error file=v2.json,line=9,col=17,title=TYPE_CHANGED in tile-preview::\(Self.typeFinding)

        """)
    try Self.checkWorkflowCommands(github.stdout)
    let junit = try session.run(
      ["diff", "@head", "v2.json", "--format", "junit", "--fail-on", "breaking"], expect: 1)
    #expect(
      try Self.parseJUnit(junit.stdout, in: session.directory)
        == "testsuites 2 1|@head..v2.json 2 1|knob 0|tile-preview 2")
    // --fail-on any fails every change.
    let any = try session.run(["diff", "@head", "v2.json", "--format", "junit"], expect: 1)
    #expect(
      try Self.parseJUnit(any.stdout, in: session.directory)
        == "testsuites 2 2|@head..v2.json 2 2|knob 1|tile-preview 2")
  }

  // MARK: - Real parsers

  /// Checks each line against the GitHub Actions workflow-command syntax:
  /// `::command key=value,key=value::message`, with the values escaped.
  static func checkWorkflowCommands(_ output: String) throws {
    let lines = output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    #expect(!lines.isEmpty)
    for line in lines {
      let match = try #require(
        line.wholeMatch(
          of:
            /::(error|warning|notice) ((?:file|line|col|endLine|endColumn|title)=[^,:\r\n]*(?:,(?:file|line|col|endLine|endColumn|title)=[^,:\r\n]*)*)::([^\r\n]*)/
        ), "not a workflow command: \(line)")
      let properties = match.output.2.split(separator: ",")
      for property in properties {
        let parts = property.split(separator: "=", maxSplits: 1)
        #expect(parts.count == 2)
        if parts[0] == "line" || parts[0] == "col" { #expect(Int(parts[1]) != nil) }
        // Percent signs only as the documented escapes.
        #expect(!parts[1].contains(/%(?!25|0D|0A|3A|2C)/))
      }
      #expect(!match.output.3.contains(/%(?!25|0D|0A)/))
    }
  }

  /// Parses JUnit XML with Python's `xml.etree` and summarises it:
  /// `testsuites TESTS FAILURES|SUITE TESTS FAILURES|CASE FAILURE-COUNT|…`.
  static func parseJUnit(_ xml: String, in directory: TemporaryDirectory) throws -> String {
    let path = try directory.write("report.xml", xml)
    let script = """
      import sys, xml.etree.ElementTree as ET
      root = ET.parse(sys.argv[1]).getroot()
      assert root.tag == "testsuites", root.tag
      parts = ["testsuites %s %s" % (root.get("tests"), root.get("failures"))]
      for suite in root.findall("testsuite"):
          cases = suite.findall("testcase")
          assert int(suite.get("tests")) == len(cases)
          failed = [c for c in cases if c.findall("failure")]
          assert int(suite.get("failures")) == len(failed)
          parts.append("%s %s %s" % (suite.get("name"), suite.get("tests"), suite.get("failures")))
          for case in cases:
              for failure in case.findall("failure"):
                  assert failure.get("type") and failure.get("message") and failure.text
              parts.append("%s %d" % (case.get("name"), len(case.findall("failure"))))
      print("|".join(parts))
      """
    let result = try runCommand("/usr/bin/env", ["python3", "-c", script, path])
    #expect(result.status == 0, "\(result.stderr)")
    return result.stdout.trimmingCharacters(in: .newlines)
  }
}
