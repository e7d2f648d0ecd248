import Components
import Foundation

/// `catalog-bench read FILE [--runs N] [--structural]`: reads a components.json file with the
/// import's document reader (`CatalogDocumentReader.nextRaw()` over a file descriptor, as
/// `catalog import` reads it) and nothing else, and prints the CPU time of each run: the
/// reader measured apart from the storage it feeds, for profiling and for comparing builds
/// of the reader. `--structural` reads with the structural reader (``JSONReader/Strategy``),
/// so that one binary times it against the scalar reader, the default.
enum ReadCommand {
  static func run(_ arguments: [String]) -> Int32 {
    let strategy: JSONReader.Strategy = arguments.contains("--structural") ? .structural : .scalar
    guard
      let runs = CPUTimedRuns(
        command: "read", operandName: "FILE", arguments.filter { $0 != "--structural" })
    else {
      return 64
    }
    let path = runs.operand
    return runs.run { () throws(CPUTimedRuns.Failure) -> String in
      let fd = open(path, O_RDONLY)
      guard fd >= 0 else {
        throw CPUTimedRuns.Failure(message: "error: cannot open \(path)", status: 66)
      }
      defer { close(fd) }
      let json = JSONReader(fileDescriptor: fd)
      json.strategy = strategy
      let reader = CatalogDocumentReader(json)
      var entries = 0
      do {
        while try reader.nextRaw() { entries += 1 }
      } catch {
        throw CPUTimedRuns.Failure(message: "\(path): \(error)", status: 65)
      }
      return "read \(entries) entries"
    }
  }
}
