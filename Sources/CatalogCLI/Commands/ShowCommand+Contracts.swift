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
    let readers = KindReaders(
      kind: entry.kind, payload: try entry.payload.value(), builds: builds)
    console.print(
      "decoded by:  "
        + (readers.decoding.isEmpty
          ? "no retained app build" : readers.decoding.joined(separator: ", ")))
    if !readers.unknownTo.isEmpty {
      console.print("not known by: \(readers.unknownTo.joined(separator: ", "))")
    }
    for rejection in readers.rejections {
      console.print("rejected:    \(rejection.message)")
    }
    for block in readers.shapes {
      console.print("shape (\(block.builds.joined(separator: ", "))):")
      for line in String(decoding: block.schema, as: UTF8.self).split(separator: "\n") {
        console.print("  \(line)")
      }
    }
  }
}
