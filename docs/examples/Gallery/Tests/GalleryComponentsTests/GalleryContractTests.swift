import Components
import Foundation
import GalleryComponents
import Testing

/// The contract an app's test target writes: what this build of the gallery decodes, taken
/// from its registered types, as `contract.json` for CI to record in the catalog
/// (`catalog contract record`, docs/cli.md).
@Suite("The gallery's contract")
struct GalleryContractTests {
  /// The build the contract is for. An app takes it from its bundle version.
  static let version = "1.0.0"

  /// Where the file goes: `$GALLERY_CONTRACT`, else `.build/contract.json` in this package.
  static var destination: URL {
    if let path = ProcessInfo.processInfo.environment["GALLERY_CONTRACT"], !path.isEmpty {
      return URL(fileURLWithPath: path)
    }
    return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent(".build/contract.json")
  }

  @Test("writes contract.json: every registered kind, read back byte for byte")
  func writesTheContract() throws {
    let registry = ComponentsRegistry()
    registerGalleryComponents(in: registry)
    let contract = registry.contract(app: "gallery", version: Self.version)
    #expect(Set(contract.kinds.keys) == Set(registry.registeredKinds))
    let bytes = contract.canonicalBytes
    #expect(try AppContract(contractJSON: bytes).canonicalBytes == bytes)
    // The badge's count is an Int: a fraction does not decode.
    let fraction = JSONValue.number(try #require(JSONNumber(text: "1.5")))
    #expect(
      contract.validate(kind: "badge", payload: ["text": "Inbox", "count": fraction])
        .map(\.message) == ["/count: decodes an integer, found 1.5"])
    let url = Self.destination
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Foundation.Data(bytes).write(to: url)
  }
}
