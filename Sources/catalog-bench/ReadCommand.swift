import Components
import Foundation

/// `catalog-bench read FILE [--runs N]`: reads a components.json file with the import's
/// document reader (`CatalogDocumentReader.nextRaw()` over a file descriptor, as
/// `catalog import` reads it) and nothing else, and prints the CPU time of each run: the
/// reader measured apart from the storage it feeds, for profiling and for comparing builds
/// of the reader.
enum ReadCommand {
  static func run(_ arguments: [String]) -> Int32 {
    var path: String?
    var runs = 1
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      switch argument {
      case "--runs":
        guard let value = rest.popFirst().flatMap({ Int($0) }), value > 0 else {
          return usage("--runs needs a positive number")
        }
        runs = value
      default:
        guard path == nil else { return usage("unexpected argument '\(argument)'") }
        path = argument
      }
    }
    guard let path else { return usage("missing FILE") }
    var times: [Double] = []
    for _ in 0..<runs {
      let fd = open(path, O_RDONLY)
      guard fd >= 0 else {
        FileHandle.standardError.write(Data("catalog-bench: error: cannot open \(path)\n".utf8))
        return 66
      }
      defer { close(fd) }
      let start = cpuSeconds()
      let reader = CatalogDocumentReader(JSONReader(fileDescriptor: fd))
      var entries = 0
      do {
        while try reader.nextRaw() { entries += 1 }
      } catch {
        FileHandle.standardError.write(Data("catalog-bench: \(path): \(error)\n".utf8))
        return 65
      }
      let time = cpuSeconds() - start
      times.append(time)
      print("read \(entries) entries in \(format(time)) s CPU")
    }
    if runs > 1 {
      print("median \(format(times.sorted()[runs / 2])) s CPU of \(runs) runs")
    }
    return 0
  }

  /// User and system CPU time of this process so far.
  private static func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
  }

  private static func format(_ seconds: Double) -> String { String(format: "%.4f", seconds) }

  private static func usage(_ message: String) -> Int32 {
    FileHandle.standardError.write(
      Data("catalog-bench read: \(message)\nusage: catalog-bench read FILE [--runs N]\n".utf8))
    return 64
  }
}
