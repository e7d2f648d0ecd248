import CatalogStore
import Foundation

/// A base read from git's object database, `git:REF[:PATH]` (`check --against`, `diff`):
/// no checkout, no network, no catalog. git runs as a subprocess with each argument a word of
/// its own (no shell), and REF after `--end-of-options`, so no spelling is an option.
struct GitBase {
  /// As given: `git:main`, `git:origin/main:apps/components.json`.
  var spelling: String
  var ref: String
  /// The commit REF names.
  var commit: String
  /// The file's path from the top of the repository.
  var path: String

  /// Why the base cannot be read; each with its own sentence and exit status.
  enum Failure: Error, CustomStringConvertible {
    case unknownRef(String)
    case missingPath(ref: String, path: String)
    case notAFile(ref: String, path: String)
    case missingPolicyFile(ref: String, path: String)
    case contractsNotADirectory(ref: String, path: String)
    case needsPath(String)
    case outsideRepository(String)
    case git(GitRepository.Failure)

    var description: String {
      switch self {
      case .unknownRef(let ref):
        return "git ref '\(ref)' is not a commit in this repository (a fork-style clone may "
          + "need 'git fetch origin \(ref)' first)"
      case .missingPath(let ref, let path):
        return "there is no '\(path)' at git ref '\(ref)'; name the base file with "
          + "git:\(ref):PATH (PATH from the top of the repository)"
      case .notAFile(let ref, let path):
        return "'\(path)' at git ref '\(ref)' is not a file"
      case .missingPolicyFile(let ref, let path):
        return "there is no policy file '\(path)' at git ref '\(ref)'; commit the output of "
          + "'catalog policy export' there, or name it with --policy-file"
      case .contractsNotADirectory(let ref, let path):
        return "'\(path)' at git ref '\(ref)' is not a directory; the committed app contracts "
          + "are the *.json files in a directory of that name beside the policy file"
      case .needsPath(let spelling):
        return "'\(spelling)' needs the base file's path when the file is stdin: "
          + "\(spelling):PATH"
      case .outsideRepository(let path):
        return "'\(path)' is not inside the git repository of the current directory"
      case .git(let failure):
        return failure.description
      }
    }

    /// The CI gate's statuses: a missing ref or path is an unknown reference (2), a missing
    /// policy file or contracts directory missing input (66), git itself a tool failure.
    var exitStatus: ExitStatus {
      switch self {
      case .unknownRef, .missingPath, .notAFile: .unknownReference
      case .missingPolicyFile, .contractsNotADirectory, .outsideRepository: .noInput
      case .needsPath: .usage
      case .git(.gitMissing): .unavailable
      case .git(.notARepository): .noInput
      case .git(.failed): .ioError
      }
    }
  }

  static func isGitOperand(_ text: String) -> Bool { text.hasPrefix("git:") }

  /// Resolves `git:REF[:PATH]`; without PATH, the base is `file` (the file checked), at the
  /// same place in the repository.
  init(parsing spelling: String, file: String?) throws(Failure) {
    self.spelling = spelling
    let rest = spelling.dropFirst(4)
    // A ref cannot hold ':' (git check-ref-format), so the first one ends it.
    let ref: String
    let given: String?
    if let colon = rest.firstIndex(of: ":") {
      ref = String(rest[..<colon])
      given = String(rest[rest.index(after: colon)...])
    } else {
      ref = String(rest)
      given = nil
    }
    self.ref = ref
    guard !ref.isEmpty else { throw .unknownRef(ref) }
    let verified = try Self.run([
      "rev-parse", "--verify", "--quiet", "--end-of-options", ref + "^{commit}",
    ])
    guard verified.status == 0 else {
      // Not a repository at all says so, rather than "unknown ref".
      let top = try Self.run(["rev-parse", "--show-toplevel"])
      if top.status != 0 { throw .git(.notARepository(Self.text(top.stderr))) }
      throw .unknownRef(ref)
    }
    commit = Self.text(verified.stdout)
    if let given, !given.isEmpty {
      path = try Self.repositoryPath(
        given, relativeToTop: !(given.hasPrefix("./") || given.hasPrefix("../")))
    } else {
      guard let file, file != "-" else { throw .needsPath(spelling) }
      path = try Self.repositoryPath(file, relativeToTop: false)
    }
  }

  /// The name of the base in messages and findings: `git:main:apps/components.json`.
  var name: String { "git:\(ref):\(path)" }

  /// The base file's bytes.
  func bytes() throws(Failure) -> [UInt8] {
    guard let bytes = try Self.blob(commit: commit, path: path, ref: ref) else {
      throw .missingPath(ref: ref, path: path)
    }
    return bytes
  }

  /// The policy file at the base commit: `--policy-file PATH` (from the top, or `./…` from
  /// the current directory), else `catalog-policy.json` beside the base file. Read from the
  /// base, never from the work tree, so that a pull request cannot loosen its own gate.
  func policyBytes(policyFile: String?) throws(Failure) -> (path: String, bytes: [UInt8]) {
    let policyPath: String
    if let policyFile {
      policyPath = try Self.repositoryPath(
        policyFile, relativeToTop: !(policyFile.hasPrefix("./") || policyFile.hasPrefix("../")))
    } else {
      let directory = path.split(separator: "/").dropLast().joined(separator: "/")
      policyPath = directory.isEmpty ? "catalog-policy.json" : directory + "/catalog-policy.json"
    }
    guard let bytes = try Self.blob(commit: commit, path: policyPath, ref: ref) else {
      throw .missingPolicyFile(ref: ref, path: policyPath)
    }
    return (policyPath, bytes)
  }

  /// The name of the directory of committed app contracts, beside the policy file.
  static let contractsDirectory = "catalog-contracts"

  /// The app contracts committed at the base commit: every `*.json` file (a `contract.json`
  /// as `registry.contract(app:version:)` writes it) under `catalog-contracts/` in the policy
  /// file's directory, subdirectories included, in path order. None when the directory does
  /// not exist. Read from the base, never from the work tree, as the policy file is: a pull
  /// request cannot drop a build from its own gate. A symbolic link or a submodule there is
  /// not a contract file and is left out.
  func contractFiles(besidePolicyFile policyPath: String) throws(Failure)
    -> [CommittedHistoryCheck.Version]
  {
    let directory = policyPath.split(separator: "/").dropLast().joined(separator: "/")
    let contractsPath =
      directory.isEmpty ? Self.contractsDirectory : directory + "/" + Self.contractsDirectory
    let type = try Self.run(["cat-file", "-t", "--end-of-options", "\(commit):\(contractsPath)"])
    guard type.status == 0 else { return [] }
    guard Self.text(type.stdout) == "tree" else {
      throw .contractsNotADirectory(ref: ref, path: contractsPath)
    }
    // --full-tree: in a subdirectory, ls-tree would list only the part of the tree under the
    // current directory's path.
    let listing = try Self.run([
      "ls-tree", "-r", "-z", "--full-tree", "--end-of-options", "\(commit):\(contractsPath)",
    ])
    guard listing.status == 0 else {
      throw .git(
        .failed(
          command: "git ls-tree -r \(commit):\(contractsPath)", message: Self.text(listing.stderr)))
    }
    var files: [CommittedHistoryCheck.Version] = []
    // -z: "MODE TYPE OBJECT\tPATH\0" per blob, in path order.
    for record in listing.stdout.split(separator: 0, omittingEmptySubsequences: true) {
      guard let tab = record.firstIndex(of: UInt8(ascii: "\t")) else { continue }
      let fields = record[..<tab].split(separator: UInt8(ascii: " ")).map {
        String(decoding: $0, as: UTF8.self)
      }
      let name = String(decoding: record[record.index(after: tab)...], as: UTF8.self)
      guard fields.count == 3, fields[0] == "100644" || fields[0] == "100755",
        fields[1] == "blob", name.hasSuffix(".json")
      else { continue }
      let blob = try Self.run(["cat-file", "blob", "--end-of-options", fields[2]])
      guard blob.status == 0 else {
        throw .git(
          .failed(command: "git cat-file blob \(fields[2])", message: Self.text(blob.stderr)))
      }
      files.append(.init(name: "git:\(ref):\(contractsPath)/\(name)", bytes: blob.stdout))
    }
    return files
  }

  /// Every committed version of the base file up to the base commit, oldest first, the
  /// base last: the commits that changed it (`git log --follow`, so through renames), each
  /// with the path it had there. A commit that deleted it is left out.
  func history() throws(Failure) -> [CommittedHistoryCheck.Version] {
    let log = try Self.run([
      "log", "-z", "--follow", "--format=%H", "--name-only", "--end-of-options", commit, "--",
      ":(top,literal)" + path,
    ])
    guard log.status == 0 else {
      throw .git(.failed(command: "git log --follow -- \(path)", message: Self.text(log.stderr)))
    }
    // -z: "SHA\0\nPATH\0" per commit, newest first.
    let fields = log.stdout.split(separator: 0, omittingEmptySubsequences: true).map {
      String(decoding: $0, as: UTF8.self)
    }
    var versions: [CommittedHistoryCheck.Version] = []
    var i = 0
    while i + 1 < fields.count {
      let sha = fields[i]
      let name = fields[i + 1].hasPrefix("\n") ? String(fields[i + 1].dropFirst()) : fields[i + 1]
      i += 2
      guard sha != commit, let bytes = try Self.blob(commit: sha, path: name, ref: sha) else {
        continue
      }
      versions.append(.init(name: "git:\(sha.prefix(12)):\(name)", bytes: bytes))
    }
    versions.reverse()
    versions.append(.init(name: name, bytes: try bytes()))
    return versions
  }

  /// The blob at `commit:path`, or nil when there is none; a tree is `notAFile`.
  private static func blob(commit: String, path: String, ref: String) throws(Failure) -> [UInt8]? {
    let type = try run(["cat-file", "-t", "--end-of-options", "\(commit):\(path)"])
    guard type.status == 0 else { return nil }
    guard text(type.stdout) == "blob" else { throw .notAFile(ref: ref, path: path) }
    let blob = try run(["cat-file", "blob", "--end-of-options", "\(commit):\(path)"])
    guard blob.status == 0 else {
      throw .git(
        .failed(command: "git cat-file blob \(commit):\(path)", message: text(blob.stderr)))
    }
    return blob.stdout
  }

  /// `path` from the top of the repository: as given when `relativeToTop`, else resolved from
  /// the current directory (an absolute path must be inside the work tree).
  private static func repositoryPath(_ path: String, relativeToTop: Bool) throws(Failure) -> String
  {
    var components: [Substring] = []
    if relativeToTop {
      components = []
    } else if path.hasPrefix("/") {
      let top = try run(["rev-parse", "--show-toplevel"])
      guard top.status == 0 else { throw .git(.notARepository(text(top.stderr))) }
      let root = text(top.stdout)
      let resolved = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
      let rootResolved = URL(fileURLWithPath: root).resolvingSymlinksInPath().path
      guard resolved.hasPrefix(rootResolved + "/") else { throw .outsideRepository(path) }
      return String(resolved.dropFirst(rootResolved.count + 1))
    } else {
      let prefix = try run(["rev-parse", "--show-prefix"])
      guard prefix.status == 0 else { throw .git(.notARepository(text(prefix.stderr))) }
      components = text(prefix.stdout).split(separator: "/")
    }
    for component in path.split(separator: "/") {
      switch component {
      case ".": continue
      case "..":
        guard !components.isEmpty else { throw .outsideRepository(path) }
        components.removeLast()
      default: components.append(component)
      }
    }
    guard !components.isEmpty else { throw .outsideRepository(path) }
    return components.joined(separator: "/")
  }

  private static func run(_ arguments: [String]) throws(Failure) -> (
    status: Int32, stdout: [UInt8], stderr: [UInt8]
  ) {
    do {
      return try GitRepository.gitBytes(arguments)
    } catch {
      throw .git(error)
    }
  }

  private static func text(_ bytes: [UInt8]) -> String {
    String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .newlines)
  }
}
