import Foundation

/// What the benchmark ran on, for the report.
struct Machine {
  var processors: Int
  var cpuModel: String
  var memoryBytes: UInt64

  static var current: Machine {
    let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
    let model =
      cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
      .flatMap { $0.split(separator: ":", maxSplits: 1).last }
      .map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown CPU"
    return Machine(
      processors: ProcessInfo.processInfo.activeProcessorCount, cpuModel: model,
      memoryBytes: ProcessInfo.processInfo.physicalMemory)
  }

  var summary: String {
    "machine: \(processors) × \(cpuModel), \(memoryBytes / 1_073_741_824) GiB"
  }
}
