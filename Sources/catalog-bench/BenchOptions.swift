/// The benchmark's command line.
///
/// ```
/// catalog-bench [--sizes 1000,10000,100000] [--runs N] [--quick] [--work DIR]
///               [--history-size N] [--revisions N] [--growth-imports N] [--catalog PATH]
///               [--site-size N] [--site-revisions N] [--only SUITE,...]
/// catalog-bench generate COUNT [--seed N] [--mutate PERCENT] [--out FILE]
/// catalog-bench read FILE [--runs N] [--structural]
/// catalog-bench head CATALOG [--runs N]
/// ```
struct BenchOptions {
  var sizes = [1_000, 10_000, 100_000]
  var runs = 5
  /// Entries of the catalog with many revisions (export --at, log, show).
  var historySize = 100_000
  /// Revisions of that catalog.
  var revisions = 1_000
  /// Entries of the catalog whose growth is measured, and how many one-payload imports.
  var growthSize = 10_000
  var growthImports = 500
  /// Entries and revisions of the catalog whose site is written (`catalog site`).
  var siteSize = 10_000
  var siteRevisions = 100
  /// The suites to run (all when nil): sizes, history, growth, registry, site, diff-model.
  var only: Set<String>?
  /// Where catalogs and files go; a fresh temporary directory when nil.
  var work: String?
  /// A `catalog` binary to time instead of this build's own command code.
  var catalog: String?
  var keep = false

  static let usage = """
    usage: catalog-bench [--sizes 1000,10000,100000] [--runs N] [--quick] [--work DIR]
                         [--history-size N] [--revisions N] [--growth-imports N]
                         [--site-size N] [--site-revisions N] [--only SUITE,...]
                         [--catalog PATH] [--keep]
           catalog-bench generate COUNT [--seed N] [--mutate PERCENT] [--out FILE]
           catalog-bench read FILE [--runs N] [--structural]
           catalog-bench head CATALOG [--runs N]

    Times the catalog command's operations on generated catalogs and prints a Markdown table
    (median, min and max of --runs runs, and peak memory). --quick: sizes 1000,10000, 3 runs,
    a 10,000-entry history of 100 revisions and 50 growth imports. --only runs some of the
    suites: sizes, history, growth, registry, site, diff-model. Build it in release mode:
    swift run -c release catalog-bench. read times the import's document reader alone on a
    file; head times what an import against head reads of a catalog, alone. See
    docs/benchmarks.md.
    """

  /// Parses the arguments after the program name.
  init(_ arguments: [String]) throws {
    var rest = arguments[...]
    func value(_ name: String) throws -> String {
      guard let value = rest.popFirst() else { throw BenchError("\(name) needs a value") }
      return value
    }
    func integer(_ name: String) throws -> Int {
      let text = try value(name)
      guard let number = Int(text.filter { $0 != "_" }), number > 0 else {
        throw BenchError("\(name): expected a positive integer, found '\(text)'")
      }
      return number
    }
    while let argument = rest.popFirst() {
      switch argument {
      case "--sizes":
        let text = try value(argument)
        sizes = try text.split(separator: ",").map { part in
          guard let size = Int(part), size > 0 else {
            throw BenchError("--sizes: bad size '\(part)'")
          }
          return size
        }
      case "--runs": runs = try integer(argument)
      case "--quick":
        sizes = [1_000, 10_000]
        runs = 3
        historySize = 10_000
        revisions = 100
        growthImports = 50
      case "--history-size": historySize = try integer(argument)
      case "--revisions": revisions = try integer(argument)
      case "--growth-imports": growthImports = try integer(argument)
      case "--site-size": siteSize = try integer(argument)
      case "--site-revisions": siteRevisions = try integer(argument)
      case "--only":
        let names = Set(try value(argument).split(separator: ",").map(String.init))
        let known: Set = ["sizes", "history", "growth", "registry", "site", "diff-model"]
        guard names.isSubset(of: known) else {
          throw BenchError("--only: unknown suite; the suites are \(known.sorted())")
        }
        only = names
      case "--work": work = try value(argument)
      case "--catalog": catalog = try value(argument)
      case "--keep": keep = true
      default: throw BenchError("unknown argument '\(argument)'\n\(Self.usage)")
      }
    }
  }
}
