import Components
import Foundation
import TestSupport
import Testing

/// `check FILE --against git:REF` with app contracts committed in the repository
/// (`catalog-contracts/*.json` beside the policy file): recorded into the scratch catalog, so
/// that the policies know what the builds read and `--clients` refuses what a committed build
/// cannot decode, exactly as `check --clients` on a catalog. Real git, a fork-style clone, no
/// database.
@Suite("check --against git: with committed app contracts")
struct GitBaseContractTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  /// Where the base commit says `ios@5.2.0`'s contract is, from the clone's `catalog/`.
  static let contractName = "git:origin/main:catalog/catalog-contracts/ios-5.2.0.json"
  static let baseName = "git:origin/main:catalog/components.json"

  /// Git and /bin/sh in the test's directory, with no catalog anywhere in the environment.
  var sandbox: GitSandbox {
    GitSandbox(directory: directory, environment: ["CATALOG_AUTHOR": "ann"])
  }

  /// The upstream repository, on main: `catalog/components.json` (ClientGateTests' document),
  /// `catalog/catalog-policy.json` (FORWARD) and `ios@5.2.0`'s contract in
  /// `catalog/catalog-contracts/`; a branch `retired` that deletes the contract (the build is
  /// no longer in the field). Then a fork-style clone of it, and a catalog made from the same
  /// files the catalog way (`cat.sqlite`: import, policy, `contract record`) to compare with.
  func makeRepositories() throws {
    try directory.write("v1.json", ClientGateTests.document())
    try directory.write("ios.json", ContractFiles.ios("5.2.0"))
    try sandbox.sh(
      """
      git init -q -b main upstream
      mkdir -p upstream/catalog/catalog-contracts
      cp v1.json upstream/catalog/components.json
      printf '{"catalog": "FORWARD"}\\n' > upstream/catalog/catalog-policy.json
      cp ios.json upstream/catalog/catalog-contracts/ios-5.2.0.json
      printf 'Contracts of the app builds in the field.\\n' > upstream/catalog/catalog-contracts/README.md
      cd upstream
      git add -A && git commit -qm v1
      git checkout -qb retired
      git rm -q catalog/catalog-contracts/ios-5.2.0.json && git commit -qm 'ios 5.2.0 retired'
      git checkout -q main
      cd ..
      git clone -q upstream fork
      cd fork && git checkout -q -b pr origin/main && cd ..
      "$CATALOG" -d cat.sqlite import v1.json >/dev/null
      "$CATALOG" -d cat.sqlite policy import fork/catalog/catalog-policy.json >/dev/null
      "$CATALOG" -d cat.sqlite contract record ios.json >/dev/null
      """)
  }

  /// The pull request's components.json in the fork's work tree.
  func propose(_ document: String) throws {
    try directory.write("fork/catalog/components.json", document)
  }

  /// `check components.json ARGUMENTS` in the fork (no database), and the same against the
  /// catalog made from the same files.
  func checkBoth(_ arguments: String, expect status: Int32) throws -> (
    git: CatalogProcess.Result, catalog: CatalogProcess.Result
  ) {
    let git = try sandbox.sh(
      #"cd fork/catalog && "$CATALOG" check components.json --against git:origin/main "#
        + arguments, expect: status)
    let catalog = try sandbox.sh(
      #"cd fork/catalog && "$CATALOG" -d ../../cat.sqlite check components.json --against head "#
        + arguments, expect: status)
    return (git, catalog)
  }

  /// A payload the committed build cannot decode is refused with `--clients`, in every format
  /// exactly as on a catalog holding that contract; without `--clients` only the policies
  /// judge, on both.
  @Test func aCommittedContractRefusesWhatTheBuildCannotDecode() throws {
    try makeRepositories()
    try propose(
      ClientGateTests.document(count: "1.5", badge: #"{"style": "danger", "title": "t"}"#))
    let onCatalog = "(against revision 1)"
    let onGit = "(against \(Self.baseName))"
    let text = try checkBoth("--clients", expect: 1)
    #expect(
      text.git.stderr.contains(
        "CLIENTS refuses kind counter: /payload/count: app "
          + "ios@5.2.0 decodes an integer, found 1.5\n"), "\(text.git)")
    #expect(text.git.stderr.contains("CLIENTS refuses kind badge: /payload/style"), "\(text.git)")
    #expect(text.git.stderr.contains("refuses INTEGER_BECAME_FRACTION /payload/count"))
    #expect(text.git.stderr == text.catalog.stderr.replacingOccurrences(of: onCatalog, with: onGit))
    #expect(text.git.stdout.isEmpty && text.catalog.stdout.isEmpty)
    for format in ["github", "junit"] {
      let both = try checkBoth("--clients --format \(format)", expect: 1)
      #expect(
        both.git.stdout == both.catalog.stdout.replacingOccurrences(of: onCatalog, with: onGit),
        "\(format): \(both.git)")
    }
    let github = try checkBoth("--clients --format github", expect: 1).git
    #expect(
      WorkflowCommand.parseAll(github.stdout).compactMap { $0?.properties["title"] } == [
        "INTEGER_BECAME_FRACTION in counter", "DECODE_FAILS in badge", "DECODE_FAILS in counter",
      ], "\(github)")
    let json = try checkBoth("--clients --format json", expect: 1)
    let fromGit = try JSONValue(parsing: json.git.stdoutBytes)
    let fromCatalog = try JSONValue(parsing: json.catalog.stdoutBytes)
    #expect(fromGit[JSONPointer(["clients"])] == fromCatalog[JSONPointer(["clients"])])
    #expect(fromGit[JSONPointer(["clients", "builds", "0", "build"])] == .string("ios@5.2.0"))
    guard case .array(let gitFindings)? = fromGit[JSONPointer(["findings"])],
      case .array(let catalogFindings)? = fromCatalog[JSONPointer(["findings"])]
    else {
      Issue.record("no findings: \(json.git)")
      return
    }
    let decodeFails: (JSONValue) -> Bool = { $0[JSONPointer(["rule"])] == .string("DECODE_FAILS") }
    #expect(gitFindings.filter(decodeFails).count == 2)
    #expect(gitFindings.filter(decodeFails) == catalogFindings.filter(decodeFails))

    // Without --clients, as on a catalog: the policies alone, which refuse only the fraction;
    // an enum value the build does not know is no change the modes refuse.
    try propose(ClientGateTests.document(badge: #"{"style": "danger", "title": "t"}"#))
    let policiesOnly = try checkBoth("", expect: 0)
    #expect(
      policiesOnly.git.stdout
        == "ok: components.json: no change refused by the policies (0 added, 1 changed, 0 "
        + "removed against \(Self.baseName))\n", "\(policiesOnly.git)")
    _ = try checkBoth("--clients", expect: 1)

    // The contracts are the base's: a pull request that deletes the contract file does not
    // drop the build from its own gate.
    try sandbox.sh(
      "cd fork/catalog && git rm -q catalog-contracts/ios-5.2.0.json && git commit -qm drop")
    let dropped = try sandbox.sh(
      #"cd fork/catalog && "$CATALOG" check components.json --against git:origin/main --clients"#,
      expect: 1)
    #expect(dropped.stderr.contains("CLIENTS refuses kind badge: /payload/style"), "\(dropped)")
    // Nothing was created in the clone: no database, no scratch catalog.
    #expect(
      try sandbox.sh("cd fork && git status --porcelain --ignored").stdout
        == " M catalog/components.json\n")
  }

  /// A key no committed build reads may be removed under FORWARD; once the build's contract
  /// is deleted from the repository (retired), or where there are no contracts at all, the
  /// payload rules refuse the removal again.
  @Test func anUnreadKeyRemovedPassesThanksToTheContract() throws {
    try makeRepositories()
    try propose(ClientGateTests.document(counterExtra: ""))
    let passing = try checkBoth("", expect: 0)
    #expect(
      passing.git.stdout
        == "ok: components.json: no change refused by the policies (0 added, 1 changed, 0 "
        + "removed against \(Self.baseName))\n", "\(passing.git)")
    let withClients = try checkBoth("--clients", expect: 0)
    #expect(
      withClients.git.stdout.hasSuffix("ok: 4 components, decoded by 1 retained app build\n"),
      "\(withClients.git)")
    #expect(withClients.git.stdout.split(separator: "\n").count == 2)

    // Retired: the contract deleted at the base; `catalog-contracts/` holds only a README.
    let retired = try sandbox.sh(
      #"cd fork/catalog && "$CATALOG" check components.json --against git:origin/retired"#,
      expect: 1)
    let payload = try CheckClientsFormatTests.column(
      after: #""payload": "#, line: 3, in: ClientGateTests.document(counterExtra: ""))
    #expect(
      retired.stderr.hasPrefix(
        "components.json:3:\(payload): error: policy FORWARD of kind counter (set on the catalog) "
          + "refuses KEY_REMOVED /payload/unread: was true, now absent (against "
          + "git:origin/retired:catalog/components.json)"), "\(retired)")
    // No contracts directory at all: the payload rules, and --clients decodes with no build.
    try sandbox.sh(
      """
      cd fork/catalog && git checkout -q -b bare origin/main
      git rm -q -r catalog-contracts && git commit -qm bare
      """)
    try propose(ClientGateTests.document(counterExtra: ""))
    let bare = try sandbox.sh(
      #"cd fork/catalog && "$CATALOG" check components.json --against git:bare --clients"#,
      expect: 1)
    #expect(bare.stderr.contains("refuses KEY_REMOVED /payload/unread"), "\(bare)")
    #expect(bare.stdout == "ok: 4 components, decoded by 0 retained app builds\n", "\(bare)")
  }

  /// A committed file that is not a contract, two files of one build that disagree and a
  /// contracts path that is a file are each their own error, naming the git path.
  @Test func aMalformedCommittedContractIsAClearError() throws {
    try makeRepositories()
    try directory.write("fractional.json", ContractFiles.iosFractional("5.2.0"))
    try sandbox.sh(
      """
      cd fork/catalog && git checkout -q -b broken origin/main
      printf '{"app": "android", "contract": 1,\\n "version": 7}\\n' > catalog-contracts/android.json
      git add -A && git commit -qm broken
      git checkout -q -b twice origin/main
      cp ../../fractional.json catalog-contracts/ios-5.2.0-again.json
      git add -A && git commit -qm twice
      git checkout -q -b flat origin/main
      git rm -q -r catalog-contracts && printf '[]\\n' > catalog-contracts
      git add -A && git commit -qm flat
      git checkout -q pr
      """)
    let name = "git:broken:catalog/catalog-contracts/android.json"
    let broken = try sandbox.sh(
      #"cd fork/catalog && "$CATALOG" check components.json --against git:broken"#, expect: 65)
    let lines = broken.stderr.split(separator: "\n").map(String.init)
    #expect(
      lines.count >= 2 && lines.dropLast().allSatisfy { $0.hasPrefix(name + ":") }, "\(broken)")
    #expect(
      lines.last
        == "catalog: error: \(name) is not a valid app contract (a contract.json, as 'catalog "
        + "contract record' reads it); fix it, or delete it once that build is no longer in "
        + "the field", "\(broken)")
    let github = try sandbox.sh(
      #"cd fork/catalog && "$CATALOG" check components.json --against git:broken --clients --format github"#,
      expect: 65)
    let annotations = WorkflowCommand.parseAll(github.stdout).compactMap { $0 }
    #expect(!annotations.isEmpty, "\(github)")
    #expect(annotations.allSatisfy { $0.properties["title"] == "invalid contract" })
    #expect(annotations.allSatisfy { $0.properties["file"] == name })
    let junit = try sandbox.sh(
      #"cd fork/catalog && "$CATALOG" check components.json --against git:broken --format junit"#,
      expect: 65)
    #expect(junit.stdout.contains(#"<failure type="invalid contract""#), "\(junit)")

    let twice = try sandbox.sh(
      #"cd fork/catalog && "$CATALOG" check components.json --against git:twice"#, expect: 65)
    #expect(
      twice.stderr
        == "catalog: error: git:twice:catalog/catalog-contracts/ios-5.2.0-again.json and "
        + "git:twice:catalog/catalog-contracts/ios-5.2.0.json are different contracts of "
        + "ios@5.2.0; a build's contract never changes: keep one file per build\n")

    let flat = try sandbox.sh(
      #"cd fork/catalog && "$CATALOG" check components.json --against git:flat"#, expect: 66)
    #expect(
      flat.stderr
        == "catalog: error: 'catalog/catalog-contracts' at git ref 'flat' is not a directory; "
        + "the committed app contracts are the *.json files in a directory of that name beside "
        + "the policy file\n")
  }
}
