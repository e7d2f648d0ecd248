import CatalogStore
import Components

extension ShowCommand {
  /// `show KIND` in text, when app builds are retained at the revision shown: which of them
  /// decode the kind, the shape each reads (builds that read the same shape share a block),
  /// and where a build rejects the payload shown. Nothing when no build is retained, so a
  /// catalog without contracts shows what it always showed.
  static func printClients(
    of entry: CatalogEntry, catalog: Catalog, at reference: RevisionReference, to console: Console
  ) throws {
    let builds = try catalog.retainedContracts(at: reference)
    guard !builds.isEmpty else { return }
    let decoding = builds.filter { $0.contract.kinds[entry.kind] != nil }
    let others = builds.filter { $0.contract.kinds[entry.kind] == nil }
    console.print(
      "decoded by:  "
        + (decoding.isEmpty
          ? "no retained app build" : decoding.map(\.build).joined(separator: ", ")))
    if !others.isEmpty {
      console.print("not known by: \(others.map(\.build).joined(separator: ", "))")
    }
    let payload = try entry.payload.value()
    // Builds with the same schema bytes share one block, in the builds' order.
    var blocks: [(schema: [UInt8], builds: [String])] = []
    for build in decoding {
      guard let shape = build.contract.kinds[entry.kind] else { continue }
      let schema = JSONWriter.indentedBytes(shape.schema)
      if let i = blocks.firstIndex(where: { $0.schema == schema }) {
        blocks[i].builds.append(build.build)
      } else {
        blocks.append((schema, [build.build]))
      }
      for violation in build.contract.validate(kind: entry.kind, payload: payload) {
        let rejection = ClientRejection(
          build: build.build, kind: entry.kind, violation: violation, position: nil)
        console.print("rejected:    \(rejection.message)")
      }
    }
    for block in blocks {
      console.print("shape (\(block.builds.joined(separator: ", "))):")
      for line in String(decoding: block.schema, as: UTF8.self).split(separator: "\n") {
        console.print("  \(line)")
      }
    }
  }
}
