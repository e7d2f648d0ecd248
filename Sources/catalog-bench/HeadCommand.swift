import CatalogStore
import Foundation

/// `catalog-bench head CATALOG [--runs N]`: reads of a catalog what an import against its head
/// reads (head's index with each payload's stored digest:
/// `Catalog.readHeadAsAnImportDoes()`) and nothing else, and prints the CPU time of each run.
/// With `catalog-bench read`, the two halves of a re-import measured apart
/// (`Tests/Benchmarks/reimport-floor.sh`).
enum HeadCommand {
  static func run(_ arguments: [String]) -> Int32 {
    guard let runs = CPUTimedRuns(command: "head", operandName: "CATALOG", arguments) else {
      return 64
    }
    let location = runs.operand
    return runs.run { () throws(CPUTimedRuns.Failure) -> String in
      do {
        let catalog = try Catalog(location: CatalogLocation(location))
        let read = try catalog.readHeadAsAnImportDoes()
        return "read \(read) entries with their payload digests"
      } catch {
        throw CPUTimedRuns.Failure(message: "\(location): \(error)", status: 1)
      }
    }
  }
}
