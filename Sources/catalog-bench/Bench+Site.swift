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

    // Export, the floor and the site alternate in one loop, so that all three see the same
    // machine load; the ratios compare medians of the same run. The site is written twice
    // per round: into a directory that does not exist (removed, untimed, before), and then
    // over the site just written, which the atomic replacement removes (what a periodic
    // publish does).
    let exported = "\(work)/site-export.json"
    let output = "\(work)/site"
    var export = Measurement()
    var floor = Measurement()
    var fresh = Measurement()
    var site = Measurement()
    for _ in 0..<options.runs {
      export.record(try catalog(["-d", database, "export"], stdout: exported))
      floor.record(try catalog(["-d", database, "log", "--limit", "1"]))
      try? FileManager.default.removeItem(atPath: output)
      fresh.record(try catalog(["-d", database, "site", "--output", output]))
      site.record(try catalog(["-d", database, "site", "--output", output]))
    }
    let exportBytes = fileSize(exported)
    unlink(exported)
    let (siteFiles, siteBytes) = directorySize(output)
    report.add(
      "site suite: export head (\(BenchReport.count(revisions)) revisions, "
        + "\(BenchReport.mebibytes(exportBytes)))", entries: size, export)
    report.add("site suite: log --limit 1 (the process's floor)", entries: size, floor)
    let shape =
      "\(BenchReport.count(size)) kinds, \(BenchReport.count(revisions)) revisions, "
      + "\(tags) releases: \(BenchReport.count(siteFiles)) files, "
      + "\(BenchReport.mebibytes(siteBytes))"
    for (situation, measured) in [("into a new directory", fresh), ("replacing a site", site)] {
      let ratio = measured.median / export.median
      let cpuRatio = measured.cpuMedian / export.cpuMedian
      report.add(
        "site \(situation) (\(shape))", entries: size, measured,
        target:
          "≤ 10× export: \(BenchReport.fixed(ratio, 1))× wall, \(BenchReport.fixed(cpuRatio, 1))× cpu",
        verdict: ratio <= 10 && cpuRatio <= 10 ? .met : .missed)
    }
    let peak = max(site.peakBytes ?? 0, fresh.peakBytes ?? 0)
    let above = peak - (floor.peakBytes ?? 0)
    report.add(
      "site peak memory", entries: size,
      value: "\(BenchReport.mebibytes(peak)) (\(BenchReport.mebibytes(above)) above the floor)",
      target: "≤ export size \(BenchReport.mebibytes(exportBytes))",
      verdict: peak <= exportBytes ? .met : .missed)
    try? FileManager.default.removeItem(atPath: output)
  }

  /// How many files a directory tree holds and how many bytes they have together.
  private func directorySize(_ root: String) -> (files: Int, bytes: Int) {
    var files = 0
    var bytes = 0
    let enumerator = FileManager.default.enumerator(atPath: root)
    while let relative = enumerator?.nextObject() as? String {
      var info = stat()
      guard stat("\(root)/\(relative)", &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
        continue
      }
      files += 1
      bytes += Int(info.st_size)
    }
    return (files, bytes)
  }
}
