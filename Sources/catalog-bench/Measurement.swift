/// The runs of one benchmarked operation: wall-clock seconds and peak memory of each.
struct Measurement {
  var seconds: [Double] = []
  var cpuSeconds: [Double] = []
  var peakKiB: [Int] = []

  mutating func record(_ run: ChildRun) {
    seconds.append(run.seconds)
    cpuSeconds.append(run.cpuSeconds)
    peakKiB.append(run.peakKiB)
  }

  /// Records a run timed in this process (no child, so no separate peak memory).
  mutating func record(seconds: Double) {
    self.seconds.append(seconds)
  }

  /// The median wall-clock time.
  var median: Double { Self.median(seconds) }
  /// The median CPU time (user + system): above the wall time when work overlaps on two cores.
  var cpuMedian: Double { Self.median(cpuSeconds) }

  /// The median (the mean of the middle two for an even count).
  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }

  var min: Double { seconds.min() ?? .nan }
  var max: Double { seconds.max() ?? .nan }
  /// The highest peak of any run, in bytes.
  var peakBytes: Int? { peakKiB.max().map { $0 * 1024 } }
}
