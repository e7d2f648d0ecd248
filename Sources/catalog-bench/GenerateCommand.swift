import Foundation

/// `catalog-bench generate COUNT [--seed N] [--mutate PERCENT] [--out FILE]`: the same bytes
/// as `gen_components.py` with the same arguments.
enum GenerateCommand {
  static func run(_ arguments: [String]) -> Int32 {
    var count: Int?
    var seed: UInt64 = 41
    var mutate = 0.0
    var out: String?
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      switch argument {
      case "--seed":
        guard let value = rest.popFirst().flatMap({ UInt64($0) }) else {
          return usage("--seed needs a number")
        }
        seed = value
      case "--mutate":
        guard let value = rest.popFirst().flatMap({ Double($0) }) else {
          return usage("--mutate needs a number")
        }
        mutate = value
      case "--out":
        guard let value = rest.popFirst() else { return usage("--out needs a file") }
        out = value
      default:
        guard count == nil, let value = Int(argument), value >= 0 else {
          return usage("unexpected argument '\(argument)'")
        }
        count = value
      }
    }
    guard let count else { return usage("missing COUNT") }
    let bytes = CatalogGenerator.document(
      CatalogGenerator.entries(count: count, seed: seed, mutate: mutate))
    do {
      if let out, out != "-" {
        try writeFile(out, bytes)
      } else {
        FileHandle.standardOutput.write(Data(bytes))
      }
    } catch {
      FileHandle.standardError.write(Data("catalog-bench: error: \(error)\n".utf8))
      return 1
    }
    return 0
  }

  private static func usage(_ message: String) -> Int32 {
    FileHandle.standardError.write(
      Data(
        "catalog-bench generate: \(message)\nusage: catalog-bench generate COUNT [--seed N] [--mutate PERCENT] [--out FILE]\n"
          .utf8))
    return 64
  }
}
