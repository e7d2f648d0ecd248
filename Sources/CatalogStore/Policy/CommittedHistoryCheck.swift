import Components
import Foundation

/// The policy check of a file against committed versions of it instead of a catalog's
/// revisions: `catalog check FILE --against git:REF`, where a fork's pull request has a clone
/// and no database.
///
/// The versions (oldest first, the base last) are imported into a scratch catalog in a new
/// temporary directory (of the engine the table of engines chooses,
/// `StorageEngines.scratchLocation(in:)`), each as the whole catalog (`prune`), then the policies are set,
/// and the file is checked on top of the last version exactly as ``Catalog/policyCheck(of:
/// positions:at:prune:)`` checks an import: one definition of the policies and of "what
/// changed", whatever the base. The scratch catalog is removed before returning.
public enum CommittedHistoryCheck {
  /// One committed version of the file.
  public struct Version: Sendable {
    /// How messages name it: `git:abc1234:components.json`.
    public var name: String
    public var bytes: [UInt8]

    public init(name: String, bytes: [UInt8]) {
      self.name = name
      self.bytes = bytes
    }
  }

  /// What the check found.
  public struct Result: Sendable {
    public var preview: ImportPreview
    /// The version each scratch revision holds (index into the versions given), so that a
    /// finding's `against` can name a commit.
    public var versionOfRevision: [Int64: Int]
    /// Earlier versions that are not valid documents, skipped (never the base).
    public var skipped: [String]
  }

  /// Checks `document` against `versions`, whose last is the base.
  ///
  /// - Throws: ``CatalogError/invalidDocument(source:_:)`` when the base is not a valid
  ///   document (located in it), ``RequestProblem/nothingToCheckAgainst(file:)`` when no version has a
  ///   component, ``CatalogError/io(path:reason:)`` when the scratch catalog cannot be made.
  public static func check(
    _ document: SubmittedDocument, versions: [Version], policy: CatalogPolicy, prune: Bool,
    limits: DocumentLimits = DocumentLimits()
  ) throws -> Result {
    precondition(!versions.isEmpty, "the base is the last version")
    let directory = try makeScratchDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    guard let scratch = StorageEngines.scratchLocation(in: directory) else {
      throw CatalogError.io(
        path: directory, reason: "this build of catalog has no engine for a scratch catalog")
    }
    let catalog = try Catalog(location: scratch)
    var versionOfRevision: [Int64: Int] = [:]
    var skipped: [String] = []
    for (index, version) in versions.enumerated() {
      let isBase = index == versions.count - 1
      do {
        let result = try catalog.importDocument(
          from: .bytes(version.bytes, name: version.name),
          options: WriteOptions(author: "git", message: version.name), prune: true,
          limits: limits)
        // An unchanged version (a commit that only renamed the file) keeps the name of the
        // commit that made the content.
        if versionOfRevision[result.head] == nil { versionOfRevision[result.head] = index }
      } catch CatalogError.invalidDocument(let name, _) where !isBase {
        skipped.append(name)
      }
    }
    if try catalog.head() == nil {
      throw CatalogError.request(.nothingToCheckAgainst(file: versions[versions.count - 1].name))
    }
    _ = try catalog.changePolicy(author: "git") { $0 = policy }
    let preview = try catalog.policyCheck(
      of: document.entries, positions: document.positions, at: .head, prune: prune)
    return Result(preview: preview, versionOfRevision: versionOfRevision, skipped: skipped)
  }

  private static func makeScratchDirectory() throws -> String {
    let base = FileManager.default.temporaryDirectory.path
    var template = Array((base + "/catalog-base-XXXXXX").utf8CString)
    guard let made = mkdtemp(&template) else {
      throw CatalogError.io(
        path: base, reason: "cannot make a scratch directory: \(SystemError.message(errno))")
    }
    return String(cString: made)
  }
}
