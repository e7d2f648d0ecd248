import Components
import Foundation
import TestSupport
import Testing

/// `diff @head FILE` is exactly what `import FILE` would record: for random files made from
/// random histories (kinds left out, deprecations not mentioned, members reordered, entries
/// moved, old revisions), the diff is empty exactly when `import --dry-run` says
/// `no changes`, its counts are the import's, and after the import it is empty.
@Suite("import preview properties: diff @head FILE against import --dry-run")
struct ImportPreviewPropertyTests {
  @Test(arguments: [11 as UInt64, 4_242])
  func diffAgreesWithImport(seed: UInt64) throws {
    let directory = try TemporaryDirectory()
    func run(_ arguments: [String], stdin: [UInt8]? = nil) throws -> CatalogProcess.Result {
      try CatalogProcess.run(
        arguments, in: directory, stdin: stdin, environment: ["CATALOG_AUTHOR": "model"])
    }
    var model = HistoryModel(seed: seed)
    for step in 0..<6 {
      let command = step == 0 ? model.start() : model.edit()
      switch command {
      case .importDocument:
        _ = try run(["import", "-", "--prune"], stdin: JSONWriter.indentedBytes(model.document))
      case .rename(let old, let new): _ = try run(["rename", old, new])
      case .deprecate(let kind): _ = try run(["deprecate", kind])
      case .undeprecate(let kind): _ = try run(["undeprecate", kind])
      }
    }
    var rng = SplitMix64(seed: seed &+ 1)
    for trial in 0..<16 {
      let snapshot = model.snapshots[rng.below(model.snapshots.count)]
      var entries = snapshot.map(\.value)
      if rng.chance(0.4), entries.count > 1 { entries.remove(at: rng.below(entries.count)) }
      if rng.chance(0.4) { entries = entries.map(Self.withoutDeprecated) }
      if rng.chance(0.3) {
        let i = rng.below(entries.count)
        entries[i] = Self.reversingPayload(entries[i])
      }
      if rng.chance(0.3), entries.count > 1 { entries.swapAt(0, entries.count - 1) }
      let document = JSONValue.object(
        JSONObject([.init(key: "components", value: .array(entries))]))
      _ = try directory.write("file.json", JSONWriter.indentedBytes(document))
      let prune = rng.chance(0.5) ? ["--prune"] : []

      let diff = try run(["diff", "@head", "file.json", "--format", "json"] + prune)
      let dryRun = try run(["import", "file.json", "--dry-run"] + prune)
      let context = "seed \(seed), trial \(trial), \(prune): \(diff) \(dryRun)"
      #expect(diff.status == 0 || diff.status == 1, "\(context)")
      #expect((diff.status == 0) == dryRun.stdout.hasPrefix("no changes"), "\(context)")
      let counts = try JSONValue(parsing: diff.stdout).objectValue?["counts"]?.objectValue
      func count(_ name: String) -> Int {
        if case .number(let number)? = counts?[name] { return number.intValue ?? -1 }
        return -1
      }
      if diff.status == 1 {
        #expect(dryRun.stdout.hasPrefix("dry run: would write revision "), "\(context)")
        #expect(
          dryRun.stdout.contains(
            ": \(count("added")) added, \(count("changed")) changed, \(count("removed")) removed"),
          "\(context)")
      }
      let imported = try run(["import", "file.json"] + prune)
      #expect(imported.status == 0, "\(context)")
      #expect(
        try run(["diff", "@head", "file.json"] + prune).status == 0,
        "after the import: \(context)")
    }
  }

  static func withoutDeprecated(_ entry: JSONValue) -> JSONValue {
    guard var object = entry.objectValue else { return entry }
    object.members.removeAll { $0.key == "deprecated" }
    return .object(object)
  }

  static func reversingPayload(_ entry: JSONValue) -> JSONValue {
    guard var object = entry.objectValue, var payload = object["payload"]?.objectValue else {
      return entry
    }
    payload.members.reverse()
    object["payload"] = .object(payload)
    return .object(object)
  }
}
