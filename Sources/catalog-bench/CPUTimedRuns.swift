import Foundation

/// The shared shape of `catalog-bench read` and `catalog-bench head`: one operand, `--runs N`,
/// each run's CPU time of this process printed, then the median.
struct CPUTimedRuns {
  let command: String
  let operandName: String
  let operand: String
  let runs: Int

  /// Parses `OPERAND [--runs N]`; nil (after printing the usage to stderr) when they are wrong.
  init?(command: String, operandName: String, _ arguments: [String]) {
    self.command = command
    self.operandName = operandName
    var operand: String?
    var runs = 1
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      switch argument {
      case "--runs":
        guard let value = rest.popFirst().flatMap({ Int($0) }), value > 0 else {
          Self.usage(command, operandName, "--runs needs a positive number")
          return nil
        }
        runs = value
      default:
        guard operand == nil else {
          Self.usage(command, operandName, "unexpected argument '\(argument)'")
          return nil
        }
        operand = argument
      }
    }
    guard let operand else {
      Self.usage(command, operandName, "missing \(operandName)")
      return nil
    }
    self.operand = operand
    self.runs = runs
  }

  /// Runs `body` `runs` times, printing `"<what body returns> in T s CPU"` for each.
  ///
  /// - Returns: The exit status: 0, or what `body` threw as `Failure`.
  func run(_ body: () throws(Failure) -> String) -> Int32 {
    var times: [Double] = []
    for _ in 0..<runs {
      let start = Self.cpuSeconds()
      let done: String
      do {
        done = try body()
      } catch {
        FileHandle.standardError.write(Data("catalog-bench: \(error.message)\n".utf8))
        return error.status
      }
      let time = Self.cpuSeconds() - start
      times.append(time)
      print("\(done) in \(Self.format(time)) s CPU")
    }
    if runs > 1 {
      print("median \(Self.format(times.sorted()[runs / 2])) s CPU of \(runs) runs")
    }
    return 0
  }

  /// Why a run failed, and the exit status to end with.
  struct Failure: Error {
    let message: String
    let status: Int32
  }

  /// User and system CPU time of this process so far.
  private static func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
  }

  private static func format(_ seconds: Double) -> String { String(format: "%.4f", seconds) }

  private static func usage(_ command: String, _ operandName: String, _ message: String) {
    FileHandle.standardError.write(
      Data(
        """
        catalog-bench \(command): \(message)
        usage: catalog-bench \(command) \(operandName) [--runs N]

        """.utf8))
  }
}
