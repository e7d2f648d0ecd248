/// The benchmark's results as a Markdown table: one row per operation, with its target and
/// whether it was met, printed as rows arrive so that a long run shows progress.
final class BenchReport {
  /// Whether a row's target holds.
  enum Verdict: CustomStringConvertible {
    case met
    case missed
    /// No target, or one judged elsewhere (against the baselines script).
    case info

    var description: String {
      switch self {
      case .met: return "met"
      case .missed: return "**missed**"
      case .info: return ""
      }
    }
  }

  struct Row {
    var work: String
    var entries: String
    var measurement: Measurement?
    /// Instead of times, a figure (for growth and ratios).
    var value: String?
    var target: String
    var verdict: Verdict
  }

  private(set) var rows: [Row] = []
  private var printedHeader = false

  func add(_ row: Row) {
    if !printedHeader {
      printedHeader = true
      print("| work | entries | median | min | max | cpu | peak RSS | target | |")
      print("|---|---:|---:|---:|---:|---:|---:|---|---|")
    }
    rows.append(row)
    print(Self.line(row))
  }

  func add(
    _ work: String, entries: Int?, _ measurement: Measurement, target: String = "",
    verdict: Verdict = .info
  ) {
    add(
      Row(
        work: work, entries: entries.map(Self.count) ?? "", measurement: measurement, value: nil,
        target: target, verdict: verdict))
  }

  func add(_ work: String, entries: Int?, value: String, target: String, verdict: Verdict) {
    add(
      Row(
        work: work, entries: entries.map(Self.count) ?? "", measurement: nil, value: value,
        target: target, verdict: verdict))
  }

  static func line(_ row: Row) -> String {
    let cells: [String]
    if let measurement = row.measurement {
      cells = [
        row.work, row.entries, seconds(measurement.median), seconds(measurement.min),
        seconds(measurement.max), seconds(measurement.cpuMedian),
        measurement.peakBytes.map(mebibytes) ?? "",
      ]
    } else {
      cells = [row.work, row.entries, row.value ?? "", "", "", "", ""]
    }
    return "| " + (cells + [row.target, row.verdict.description]).joined(separator: " | ") + " |"
  }

  /// `0.512 s`, `38.1 ms`.
  static func seconds(_ value: Double) -> String {
    guard value.isFinite else { return "" }
    return value >= 1
      ? fixed(value, 2) + " s"
      : value >= 0.1 ? fixed(value, 3) + " s" : fixed(value * 1000, 1) + " ms"
  }

  static func mebibytes(_ bytes: Int) -> String {
    fixed(Double(bytes) / 1_048_576, 1) + " MiB"
  }

  /// 100,000.
  static func count(_ value: Int) -> String {
    var digits = Array(String(value))
    var i = digits.count - 3
    while i > 0 {
      digits.insert(",", at: i)
      i -= 3
    }
    return String(digits)
  }

  /// `value` with `places` decimals.
  static func fixed(_ value: Double, _ places: Int) -> String {
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    let scaled = Int((value * scale).rounded())
    let whole = String(scaled / Int(scale))
    guard places > 0 else { return whole }
    let fraction = String(abs(scaled) % Int(scale))
    let sign = scaled < 0 && scaled / Int(scale) == 0 ? "-" : ""
    return sign + whole + "." + String(repeating: "0", count: places - fraction.count) + fraction
  }
}
