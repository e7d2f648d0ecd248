import Foundation

extension Bench {
  /// `catalog site` of a catalog with history, against `catalog export` of the same catalog:
  /// the targets are a generation time at most 10× the export's and a peak memory at
  /// most the export's size.
  func siteSuite() throws {
    let size = options.siteSize
    let revisions = options.siteRevisions
    let (database, _, _, _) = try buildHistory(name: "site", size: size, revisions: revisions)
    // A release every 25 revisions, so that manifests and release diffs are part of the work.
    var tags = 0
    for revision in stride(from: 25, through: revisions, by: 25) {
      try catalog(["-d", database, "tag", "v\(revision)", String(revision)])
      tags += 1
    }

    let exported = "\(work)/site-export.json"
    var export = Measurement()
    var floor = Measurement()
    for _ in 0..<options.runs {
      export.record(try catalog(["-d", database, "export"], stdout: exported))
      floor.record(try catalog(["-d", database, "log", "--limit", "1"]))
    }
    let exportBytes = fileSize(exported)
    unlink(exported)
    report.add(
      "site suite: export head (\(BenchReport.count(revisions)) revisions, "
        + "\(BenchReport.mebibytes(exportBytes)))", entries: size, export)
    report.add("site suite: log --limit 1 (the process's floor)", entries: size, floor)

    let output = "\(work)/site"
    var site = Measurement()
    for _ in 0..<options.runs {
      site.record(try catalog(["-d", database, "site", "--output", output]))
    }
    let ratio = site.median / export.median
    report.add(
      "site (\(BenchReport.count(size)) kinds, \(BenchReport.count(revisions)) revisions, "
        + "\(tags) releases)", entries: size, site,
      target: "≤ 10× export: \(BenchReport.fixed(ratio, 1))×",
      verdict: ratio <= 10 ? .met : .missed)
    let peak = site.peakBytes ?? 0
    let above = peak - (floor.peakBytes ?? 0)
    report.add(
      "site peak memory", entries: size,
      value: "\(BenchReport.mebibytes(peak)) (\(BenchReport.mebibytes(above)) above the floor)",
      target: "≤ export size \(BenchReport.mebibytes(exportBytes))",
      verdict: peak <= exportBytes ? .met : .missed)
    try? FileManager.default.removeItem(atPath: output)
  }
}
