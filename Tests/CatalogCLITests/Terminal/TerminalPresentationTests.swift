import Foundation
import TestSupport
import Testing

/// The pager, the colours and the local times of `log`, `blame`, `show` and `tag --list` on
/// a terminal (docs/cli.md, "Terminal output"), run on a real pseudo-terminal with `script`,
/// and what stays as it was when stdout is not a terminal.
@Suite struct TerminalPresentationTests {
  let runner: CatalogRunner
  var directory: TemporaryDirectory { runner.directory }

  /// A catalog with two revisions, the first tagged v1, and a pager script that records
  /// that it ran (with its arguments and `LESS`) and copies its input to `paged.txt`.
  init() throws {
    runner = try CatalogRunner()
    try directory.write(
      "v1.json",
      #"{"components": [{"kind": "tile", "category": "Display", "description": "A tile", "payload": {"title": "Hero"}}]}"#
    )
    try directory.write(
      "v2.json",
      #"{"components": [{"kind": "tile", "category": "Display", "description": "A tile", "payload": {"title": "Hero 2"}}]}"#
    )
    try runner.run(["import", "v1.json", "-m", "first", "--author", "ann"], expect: 0)
    try runner.run(["tag", "v1"], expect: 0)
    try runner.run(["import", "v2.json", "-m", "second", "--author", "bob"], expect: 0)
    try Self.executable(
      "recording-pager", "#!/bin/sh\necho \"ran $* LESS=$LESS\" > pager-ran\ncat > paged.txt\n",
      in: directory)
  }

  /// Writes an executable script.
  static func executable(_ name: String, _ text: String, in directory: TemporaryDirectory) throws {
    let path = try directory.write(name, text)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
  }

  /// `catalog arguments` on a pseudo-terminal; what the terminal showed, without its CRs.
  func onTerminal(
    _ arguments: [String], _ environment: [String: String] = [:]
  ) throws -> CatalogProcess.Result {
    var result = try TerminalOutputTests.onTerminal(
      arguments, in: runner, environment: environment)
    result.stdout = result.stdout.replacingOccurrences(of: "\r", with: "")
    return result
  }

  var pager: [String: String] { ["PAGER": directory.path("recording-pager")] }

  func pagerRan() -> Bool {
    FileManager.default.fileExists(atPath: directory.path("pager-ran"))
  }

  func text(_ name: String) throws -> String {
    String(decoding: try directory.read(name), as: UTF8.self)
  }

  // MARK: - Pager

  @Test func logAndBlameGoThroughThePagerOnATerminal() throws {
    let log = try onTerminal(["log"], pager)
    #expect(log.status == 0, "\(log)")
    #expect(pagerRan(), "\(log)")
    #expect(try text("paged.txt").contains("revision 2"))
    #expect(try text("paged.txt").contains("revision 1"))
    #expect(try text("pager-ran") == "ran  LESS=FRX\n")
    // What went to the pager did not also go to the terminal.
    #expect(!log.stdout.contains("revision 2"), "\(log)")

    try FileManager.default.removeItem(atPath: directory.path("pager-ran"))
    let blame = try onTerminal(["blame", "tile"], pager)
    #expect(blame.status == 0 && pagerRan(), "\(blame)")
    #expect(try text("paged.txt").contains("/payload/title"))
  }

  @Test func catalogPagerWinsAndLessKeepsTheUsersSettings() throws {
    try Self.executable(
      "other-pager", "#!/bin/sh\necho \"other LESS=$LESS\" > other-ran\ncat > /dev/null\n",
      in: directory)
    let result = try onTerminal(
      ["log"],
      [
        "PAGER": directory.path("recording-pager"), "CATALOG_PAGER": directory.path("other-pager"),
        "LESS": "-S",
      ])
    #expect(result.status == 0, "\(result)")
    #expect(!pagerRan())
    #expect(try text("other-ran") == "other LESS=-S\n")
  }

  @Test func theDefaultPagerIsLessFRX() throws {
    // A `less` of our own first on PATH shows what the default runs.
    try Self.executable(
      "less", "#!/bin/sh\necho \"ran $* LESS=$LESS\" > pager-ran\ncat > paged.txt\n",
      in: directory)
    let result = try onTerminal(["log"], ["PATH": "\(directory.url.path):/usr/bin:/bin"])
    #expect(result.status == 0, "\(result)")
    #expect(try text("pager-ran") == "ran -FRX LESS=FRX\n")
    #expect(try text("paged.txt").contains("revision 2"))
  }

  @Test func noPagerCatAnEmptyPagerJSONAndPipesWriteDirectly() throws {
    for (arguments, environment) in [
      (["log", "--no-pager"], pager),
      (["blame", "tile", "--no-pager"], pager),
      (["log"], ["PAGER": "cat"]),
      (["log"], ["PAGER": directory.path("recording-pager"), "CATALOG_PAGER": ""]),
      (["log", "--format", "json"], pager),
      (["blame", "tile", "--format", "json"], pager),
    ] {
      let result = try onTerminal(arguments, environment)
      #expect(result.status == 0, "\(arguments): \(result)")
      #expect(!pagerRan(), "\(arguments) \(environment) paged")
      #expect(result.stdout.contains(arguments[0] == "log" ? "revision" : "title"), "\(result)")
    }
    // Not a terminal: never a pager.
    let piped = try runner.run(["log"], expect: 0, environment: pager)
    #expect(piped.stdout.hasPrefix("revision 2\n"))
    #expect(!pagerRan())
  }

  /// A pager quit before the end of a long output: exit status 0 and no message, as git.
  @Test func aPagerQuitEarlyEndsTheCommandQuietly() throws {
    var entries: [String] = []
    for i in 0..<8000 {
      entries.append(
        #"{"kind": "k\#(i)", "category": "C", "description": "a long description \#(i)", "payload": {"n": \#(i)}}"#
      )
    }
    try directory.write(
      "big.json", "{\"components\": [\n" + entries.joined(separator: ",\n") + "]}")
    try runner.run(["import", "big.json", "-m", "big"], expect: 0)
    // Far more than a pipe holds, so that writes meet the closed pipe.
    let piped = try runner.run(["log", "-p"], expect: 0)
    #expect(piped.stdout.utf8.count > 250_000)
    let result = try onTerminal(["log", "-p", "--color=never"], ["PAGER": "head -1"])
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "revision 3\n", "\(result)")
  }

  @Test func aPagerThatCannotStartIsAWarning() throws {
    let result = try onTerminal(
      ["log", "--oneline", "--color=never"], ["PAGER": "/nonexistent/pager -x"])
    #expect(result.status == 0, "\(result)")
    #expect(
      result.stdout.hasPrefix(
        "catalog: warning: cannot start the pager '/nonexistent/pager -x': no such file or "
          + "directory; writing directly\n"), "\(result)")
    #expect(result.stdout.contains("2 second\n"), "\(result)")
  }

  /// A pager that fails, here a shell pager whose programs are missing (sh exits 127
  /// without reading) or `false`, may have shown nothing: an error with exit status 74, never
  /// the output lost with exit status 0.
  @Test func aPagerThatFailsIsAnError() throws {
    for (pager, status) in [("lss | x", 127), ("false", 1)] {
      let result = try onTerminal(
        ["log", "--oneline", "--color=never"],
        ["PAGER": pager, "PATH": "\(directory.url.path):/usr/bin:/bin"])
      #expect(result.status == 74, "\(pager): \(result)")
      #expect(
        result.stdout.hasSuffix(
          "catalog: error: the pager '\(pager)' exited with status \(status), so the output may "
            + "not have been shown; set CATALOG_PAGER or PAGER to a pager that works, or use "
            + "--no-pager\n"), "\(pager): \(result)")
      #expect(!result.stdout.contains("2 second"), "\(pager): \(result)")
    }
    // A pager that shows everything and exits 0 is no error (and one quit early neither, see
    // aPagerQuitEarlyEndsTheCommandQuietly).
    let shown = try onTerminal(["log", "--oneline", "--color=never"], ["PAGER": "cat -u"])
    #expect(shown.status == 0, "\(shown)")
    #expect(shown.stdout == "2 second\n1 (tag: v1) first\n", "\(shown)")
  }

  // MARK: - Colour

  @Test func colourOnATerminalLikeGits() throws {
    let log = try onTerminal(["log", "--no-pager"])
    #expect(log.stdout.hasPrefix("\u{1B}[33mrevision 2\u{1B}[m\n"), "\(log)")
    #expect(
      log.stdout.contains(
        "\u{1B}[33mrevision 1\u{1B}[m\u{1B}[33m (tag: \u{1B}[m\u{1B}[1;33mv1\u{1B}[m"
          + "\u{1B}[33m)\u{1B}[m\n"), "\(log)")
    #expect(log.stdout.contains("Author:  \u{1B}[32mbob\u{1B}[m\n"), "\(log)")
    let oneline = try onTerminal(["log", "--oneline", "--no-pager"])
    #expect(oneline.stdout.hasPrefix("\u{1B}[33m2\u{1B}[m second\n"), "\(oneline)")
    let blame = try onTerminal(["blame", "tile", "--no-pager"])
    #expect(blame.stdout.contains("\u{1B}[33mr2\u{1B}[m"), "\(blame)")
    #expect(blame.stdout.contains("\u{1B}[32mbob\u{1B}[m"), "\(blame)")
    let show = try onTerminal(["show", "head"])
    #expect(show.stdout.hasPrefix("\u{1B}[33mrevision 2\u{1B}[m\n"), "\(show)")
    // Forced on a pipe, off on a terminal.
    let forced = try runner.run(["log", "--color", "always"], expect: 0)
    #expect(forced.stdout.hasPrefix("\u{1B}[33mrevision 2\u{1B}[m\n"))
  }

  @Test func noColourForDumbTerminalsNoColorAndNever() throws {
    for (arguments, environment) in [
      (["log", "--no-pager"], ["TERM": "dumb"]),
      (["log", "--no-pager"], ["NO_COLOR": "1"]),
      (["log", "--no-pager", "--color", "never"], [:]),
      (["blame", "tile", "--no-pager"], ["TERM": "dumb"]),
      (["blame", "tile", "--no-pager", "--color=never"], [:]),
      (["show", "head"], ["NO_COLOR": "1"]),
    ] {
      let result = try onTerminal(arguments, environment)
      #expect(result.status == 0, "\(result)")
      #expect(!result.stdout.contains("\u{1B}"), "\(arguments) \(environment): \(result)")
      #expect(result.stdout.contains(arguments[0] == "blame" ? "r2" : "revision 2"), "\(result)")
    }
    // --color always wins over NO_COLOR and TERM=dumb.
    let forced = try onTerminal(
      ["log", "--no-pager", "--color", "always"], ["TERM": "dumb", "NO_COLOR": "1"])
    #expect(forced.stdout.hasPrefix("\u{1B}[33mrevision 2"), "\(forced)")
    // Not a terminal: no colour.
    let piped = try runner.run(["log"], expect: 0)
    #expect(!piped.stdout.contains("\u{1B}"))
  }

  /// Colours come from catalog only: an author's or a message's escape is shown, not obeyed.
  @Test func userTextCannotColourTheTerminal() throws {
    // Authors and messages refuse control characters when written; rows from before that
    // rule, and a file's name, can still hold them.
    try directory.write("red\u{1B}[41m.json", try text("v1.json"))
    try runner.run(["import", "red\u{1B}[41m.json", "-m", "x"], expect: 0)
    let database = try RawSQLite(path: directory.path("components.sqlite"))
    let trigger = try #require(
      try database.text(
        "SELECT sql FROM sqlite_master WHERE name = 'revision_is_append_only_update'"))
    try database.execute("DROP TRIGGER revision_is_append_only_update")
    try database.execute(
      "UPDATE revision SET author = ?1, message = ?2 WHERE id = 3",
      ["eve\u{1B}[41m", "red\u{1B}[31mtext"])
    try database.execute(trigger)
    let log = try onTerminal(["log", "--no-pager", "--limit", "1"])
    #expect(log.stdout.contains("    red\\e[31mtext\n"), "\(log)")
    #expect(log.stdout.contains("Source:  red\\e[41m.json (import)\n"), "\(log)")
    #expect(log.stdout.contains("Author:  \u{1B}[32meve\\e[41m\u{1B}[m\n"), "\(log)")
    let oneline = try onTerminal(["log", "--oneline", "--no-pager", "--limit", "1"])
    #expect(oneline.stdout == "\u{1B}[33m3\u{1B}[m red\\e[31mtext\n", "\(oneline)")
    let blame = try onTerminal(["blame", "tile", "--no-pager"])
    #expect(blame.stdout.contains("\u{1B}[2m# red\\e[31mtext\u{1B}[m"), "\(blame)")
    #expect(blame.stdout.contains("\u{1B}[32meve\\e[41m\u{1B}[m"), "\(blame)")
    for output in [log.stdout, oneline.stdout, blame.stdout] {
      #expect(!output.contains("\u{1B}[31m") && !output.contains("\u{1B}[41m"))
    }
  }

  // MARK: - Times

  /// The UTC time of revision 2, as `log --format json` gives it.
  func utcTime(_ environment: [String: String] = [:]) throws -> String {
    let json = try onTerminal(["log", "--format", "json", "--limit", "1"], environment)
    let items = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
    return try #require(items?.first?["time"] as? String)
  }

  /// `2026-11-30T13:03:00.123Z` shifted by `hours` and `minutes`, as the local text
  /// `2026-11-30 16:03:00 +0300`.
  static func local(_ utc: String, hours: Int, minutes: Int = 0, offset: String) throws -> String {
    let date = try Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(utc)
    let shifted = floor(date.timeIntervalSince1970) + Double(hours * 3600 + minutes * 60)
    // 2026-11-30T16:03:00Z
    let text = Date(timeIntervalSince1970: shifted).formatted(.iso8601)
    return text.dropLast().replacingOccurrences(of: "T", with: " ") + " " + offset
  }

  @Test func localTimeWithItsZoneOnATerminal() throws {
    // POSIX TZ rules, which need no zoneinfo files: XYZ-3 is three hours east of UTC.
    let east = ["TZ": "XYZ-3"]
    let utc = try utcTime(east)
    #expect(utc.hasSuffix("Z"), "JSON is UTC on a terminal too")
    let expected = try Self.local(utc, hours: 3, offset: "+0300")
    let log = try onTerminal(["log", "--no-pager", "--color=never", "--limit", "1"], east)
    #expect(log.stdout.contains("Date:    \(expected)\n"), "\(log)")
    let show = try onTerminal(["show", "head", "--color=never"], east)
    #expect(show.stdout.contains("Date:    \(expected)\n"), "\(show)")
    let blame = try onTerminal(["blame", "tile", "--no-pager", "--color=never"], east)
    #expect(blame.stdout.contains("r2  \(expected)  bob"), "\(blame)")
    // West of UTC, with minutes.
    let west = try onTerminal(
      ["log", "--no-pager", "--color=never", "--limit", "1"], ["TZ": "ABC+5:30"])
    let westExpected = try Self.local(utc, hours: -5, minutes: -30, offset: "-0530")
    #expect(west.stdout.contains("Date:    \(westExpected)\n"), "\(west)")
  }

  /// A zoneinfo name, with its summer time: the offset is the zone's at the revision's time
  /// (`.ci/run` installs tzdata).
  @Test func aZoneinfoNameGivesThatZonesOffset() throws {
    let berlin = try #require(TimeZone(identifier: "Europe/Berlin"), "tzdata is not installed")
    let utc = try utcTime()
    let date = try Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(utc)
    let seconds = berlin.secondsFromGMT(for: date)
    let offset = String(format: "+%02d%02d", seconds / 3600, seconds / 60 % 60)
    let expected = try Self.local(utc, hours: 0, minutes: seconds / 60, offset: offset)
    let log = try onTerminal(
      ["log", "--no-pager", "--color=never", "--limit", "1"], ["TZ": "Europe/Berlin"])
    #expect(log.stdout.contains("Date:    \(expected)\n"), "\(log)")
    #expect(offset == "+0100" || offset == "+0200")
  }

  @Test func utcOptionAndPipesShowUTCAsStored() throws {
    let east = ["TZ": "XYZ-3"]
    let utc = try utcTime(east)
    let log = try onTerminal(["log", "--no-pager", "--utc", "--color=never", "--limit", "1"], east)
    #expect(log.stdout.contains("Date:    \(utc)\n"), "\(log)")
    let show = try onTerminal(["show", "head", "--utc", "--color=never"], east)
    #expect(show.stdout.contains("Date:    \(utc)\n"), "\(show)")
    let blame = try onTerminal(["blame", "tile", "--no-pager", "--utc", "--color=never"], east)
    #expect(blame.stdout.contains("r2  \(utc.prefix(19))  bob"), "\(blame)")
    // Not a terminal: UTC, as scripts have always read it.
    let piped = try runner.run(["log", "--limit", "1"], expect: 0, environment: east)
    #expect(piped.stdout.contains("Date:    \(utc)\n"), "\(piped)")
    let blamePiped = try runner.run(["blame", "tile"], expect: 0, environment: east)
    #expect(blamePiped.stdout.contains("r2  \(utc.prefix(19))  bob"), "\(blamePiped)")
  }

  @Test func tagListShowsLocalTimesOnATerminal() throws {
    let json = try runner.run(["tag", "--list", "--format", "json"], expect: 0)
    let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
    let tags = try #require(object?["tags"] as? [[String: Any]], "\(json)")
    let utc = try #require(tags.first?["time"] as? String)
    #expect(utc.hasSuffix("Z"))
    // After the tagger: the digest it recorded, and `-` for a tag that never moved.
    let rest = "\t" + (try #require(tags.first?["digest"] as? String)) + "\t-\n"
    let east = ["TZ": "XYZ-3"]
    let local = try onTerminal(["tag", "--list"], east)
    let expected = try Self.local(utc, hours: 3, offset: "+0300")
    #expect(local.stdout == "v1\trevision 1\t\(expected)\ttester\(rest)", "\(local)")
    let forced = try onTerminal(["tag", "--list", "--utc"], east)
    #expect(forced.stdout == "v1\trevision 1\t\(utc)\ttester\(rest)", "\(forced)")
    let piped = try runner.run(["tag", "--list"], expect: 0, environment: east)
    #expect(piped.stdout == "v1\trevision 1\t\(utc)\ttester\(rest)")
  }
}
