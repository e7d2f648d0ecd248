import Foundation
import Testing

/// The fuzz target's kept corpus (Tests/Fuzz/corpus/<target>/) and the regressions it found
/// (Tests/Fixtures/fuzz-regressions/), replayed through the target's own oracles
/// (`checkFuzzInput`: the reader, the document reader, diff and patch against the reference
/// patch, the merge and its every-edit rule) on every `swift test`, no fuzzer needed.
@Suite("Fuzz corpus replay")
struct FuzzCorpusReplayTests {
  static let fuzzDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

  static func files(in directory: URL) -> [URL] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { !$0.hasPrefix(".") }.sorted().map { directory.appendingPathComponent($0) }
  }

  @Test(arguments: ["reader", "patch", "merge"])
  func everyKeptInputHoldsTheOracles(_ target: String) throws {
    let inputs = Self.files(in: Self.fuzzDirectory.appendingPathComponent("corpus/\(target)"))
    #expect(inputs.count >= 20, "the \(target) corpus is missing")
    for url in inputs {
      let bytes = try [UInt8](Data(contentsOf: url))
      #expect(throws: Never.self, "\(target)/\(url.lastPathComponent)") {
        try checkFuzzInput(bytes)
      }
    }
  }

  @Test func everyRegressionHoldsTheOracles() throws {
    let regressions = Self.fuzzDirectory.deletingLastPathComponent()
      .appendingPathComponent("Fixtures/fuzz-regressions")
    let inputs = Self.files(in: regressions)
    #expect(inputs.count >= 5)
    for url in inputs {
      let bytes = try [UInt8](Data(contentsOf: url))
      #expect(throws: Never.self, "\(url.lastPathComponent)") { try checkFuzzInput(bytes) }
    }
  }
}
