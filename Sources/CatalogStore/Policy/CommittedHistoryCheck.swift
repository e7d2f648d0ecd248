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
/// changed", whatever the base. The app contracts committed beside the policy file are
/// recorded there after the last version, so they are retained at its head as a catalog's
/// are: the policies consult what they read (``ContractReaders``), and with `clients` the
/// file's client matrix is the one `check --clients` reports on a catalog. The scratch catalog
/// is removed before returning.
public enum CommittedHistoryCheck {
  /// One committed file: a version of the checked file, or an app contract.
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
    /// With `clients`, the file's entries against every committed contract.
    public var clients: ClientMatrix?
  }

  /// A committed contract that cannot be recorded: the check cannot say what the apps read.
  public enum ContractProblem: Error, Sendable {
    /// The file is not a `contract.json`: each problem located in it, as git names it.
    case invalid(source: String, JSONDiagnostics)
    /// Two files hold different contracts of one build (`APP@VERSION`).
    case conflicting(build: String, first: String, second: String)
  }

  /// Checks `document` against `versions`, whose last is the base.
  ///
  /// - Parameters:
  ///   - contracts: The app contracts committed at the base, each a `contract.json`.
  ///   - clients: Check the file's entries against them too (`check --clients`).
  /// - Throws: ``ContractProblem`` for a contract that cannot be read or two that disagree
  ///   (before anything else is read), ``CatalogError/invalidDocument(source:_:)`` when the
  ///   base is not a valid document (located in it), ``RequestProblem/nothingToCheckAgainst(
  ///   file:)`` when no version has a component, ``CatalogError/io(path:reason:)`` when the
  ///   scratch catalog cannot be made.
  public static func check(
    _ document: SubmittedDocument, versions: [Version], policy: CatalogPolicy, prune: Bool,
    contracts: [Version] = [], clients: Bool = false, limits: DocumentLimits = DocumentLimits()
  ) throws -> Result {
    precondition(!versions.isEmpty, "the base is the last version")
    try validate(contracts)
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
    // After the last version: a contract applies from the revision that was head when it was
    // recorded, and every committed one is in force at the base.
    for contract in contracts {
      _ = try catalog.recordContract(contract.bytes, source: contract.name, author: "git")
    }
    let preview = try catalog.policyCheck(
      of: document.entries, positions: document.positions, at: .head, prune: prune)
    let matrix =
      clients ? try catalog.clientMatrix(of: document.entries, positions: document.positions) : nil
    return Result(
      preview: preview, versionOfRevision: versionOfRevision, skipped: skipped, clients: matrix)
  }

  /// Reads every contract, so that a malformed one is named before any version is imported,
  /// and refuses two different contracts of one build (the catalog keeps one per build).
  private static func validate(_ contracts: [Version]) throws {
    var seen: [String: (name: String, bytes: [UInt8])] = [:]
    for file in contracts {
      let contract: AppContract
      do {
        contract = try Catalog.readContract(file.bytes, source: file.name)
      } catch CatalogError.invalidDocument(let source, let diagnostics) {
        throw ContractProblem.invalid(source: source, diagnostics)
      }
      let canonical = contract.canonicalBytes
      if let first = seen[contract.build] {
        guard first.bytes == canonical else {
          throw ContractProblem.conflicting(
            build: contract.build, first: first.name, second: file.name)
        }
      } else {
        seen[contract.build] = (file.name, canonical)
      }
    }
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
