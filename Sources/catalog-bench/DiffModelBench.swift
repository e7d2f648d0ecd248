import CatalogDiff
import Components

/// The change model timed in this process, without a `catalog` process around it: what
/// `DiffPerformanceTests` used to assert with a clock (issue 17, item 6). Two generated
/// 100,000-entry catalogs, 1% changed, are read into entries once; then `CatalogDiff`, its
/// JSON Patch and its three formats are timed, and a diff of the catalog against itself
/// reversed (every entry but one moved, the worst case for move planning), and a 4,000-operation
/// JSON Patch applied to a 50,000-element array (each operation in place; a copy per operation
/// would take minutes), which `JSONPatchTests` used to time.
enum DiffModelBench {
  struct Timings {
    var diff: Double
    var patch: Double
    var formats: Double
    var reversed: Double
    var patchApply: Double
  }

  /// The generated catalog of `count` entries (and with `mutate` percent changed) as entries.
  static func entries(count: Int, mutate: Double) throws -> [CatalogEntry] {
    let bytes = CatalogGenerator.document(CatalogGenerator.entries(count: count, mutate: mutate))
    return try CatalogDocumentReader(JSONReader(bytes: bytes)).readAll()
  }

  /// One timed run over `old` and `new`.
  static func run(old: [CatalogEntry], new: [CatalogEntry]) throws -> Timings {
    var start = monotonicSeconds()
    let diff = try CatalogDiff(old: old, new: new)
    let diffTime = monotonicSeconds() - start
    start = monotonicSeconds()
    let patch = try diff.jsonPatch(withTests: true)
    let patchTime = monotonicSeconds() - start
    start = monotonicSeconds()
    let sizes = diff.text().utf8.count + diff.jsonSummary().utf8.count + diff.stat().utf8.count
    let formatsTime = monotonicSeconds() - start
    start = monotonicSeconds()
    let reversed = try CatalogDiff(old: old, new: old.reversed())
    let movesPatch = try reversed.jsonPatch()
    let reversedTime = monotonicSeconds() - start
    let array = JSONValue.object(
      JSONObject([
        .init(
          key: "components", value: .array((0..<50_000).map { ["n": .number(JSONNumber($0))] }))
      ]))
    var operations: [JSONPatchOperation] = []
    for i in 0..<2_000 {
      operations.append(
        .replace(path: JSONPointer(["components", String(i * 20), "n"]), value: -1))
      operations.append(.add(path: JSONPointer(["components", String(i * 20), "m"]), value: true))
    }
    start = monotonicSeconds()
    let patched = try JSONPatch(operations).apply(to: array)
    let applyTime = monotonicSeconds() - start
    guard !diff.changed.isEmpty, !patch.operations.isEmpty, sizes > 0,
      reversed.moved.count == old.count - 1, movesPatch.operations.count == old.count - 1,
      patched[JSONPointer(["components", "20", "n"])] == -1
    else {
      throw BenchError(
        "the in-process diff found \(diff.changed.count) changed entries and "
          + "\(reversed.moved.count) moves of \(old.count)")
    }
    return Timings(
      diff: diffTime, patch: patchTime, formats: formatsTime, reversed: reversedTime,
      patchApply: applyTime)
  }
}
