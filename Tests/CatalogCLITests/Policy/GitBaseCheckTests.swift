import Foundation
import TestSupport
import Testing

/// `check FILE --against git:REF[:PATH]` and `diff git:REF[:PATH] FILE`: the base and the
/// policies read from a real git repository built here (branches, a renamed file, a
/// committed policy file), in a fork-style clone with no database at all.
@Suite("check --against git: the CI gate with nothing but a clone")
struct GitBaseCheckTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  /// Git and /bin/sh in the test's directory, with no catalog anywhere in the environment.
  var sandbox: GitSandbox {
    GitSandbox(directory: directory, environment: ["CATALOG_AUTHOR": "ann"])
  }

  /// The upstream repository: PolicyCommandTests.v1 as `catalog/components.json` and its
  /// policies (FORWARD on the catalog, FULL on Display) exported by `catalog policy export`
  /// into `catalog/catalog-policy.json`, on main; a branch `pr` with v2 (which the policies
  /// refuse); then a fork-style clone of it, on the pull request's branch.
  func makeRepositories() throws {
    try directory.write("v1.json", PolicyCommandTests.v1)
    try directory.write("v2.json", PolicyCommandTests.v2)
    try sandbox.sh(
      """
      "$CATALOG" -d policies.sqlite import v1.json >/dev/null
      "$CATALOG" -d policies.sqlite policy set FORWARD >/dev/null
      "$CATALOG" -d policies.sqlite policy set --category Display FULL >/dev/null
      git init -q -b main upstream
      mkdir upstream/catalog
      cp v1.json upstream/catalog/components.json
      "$CATALOG" -d policies.sqlite policy export -o upstream/catalog/catalog-policy.json
      cd upstream
      git add -A && git commit -qm v1
      git checkout -qb pr
      cp ../v2.json catalog/components.json
      git commit -qam v2
      git checkout -q main
      cd ..
      git clone -q upstream fork
      cd fork && git checkout -q -b pr origin/pr
      """)
  }

  @Test func aForkPullRequestIsGatedWithTheCloneAlone() throws {
    try makeRepositories()
    let text = try sandbox.sh(
      #"cd fork/catalog && "$CATALOG" check components.json --against git:origin/main"#,
      expect: 1)
    let against = "(against git:origin/main:catalog/components.json)"
    #expect(
      text.stderr == """
        components.json:7:18: error: \(PolicyCommandTests.removedFinding.replacingOccurrences(of: "(against revision 1)", with: against))
        components.json:9:17: error: \(PolicyCommandTests.typeFinding.replacingOccurrences(of: "(against revision 1)", with: against))
        catalog: error: the compatibility policies refuse 2 changes in components.json

        """)
    // The same from the top of the clone, with the path given, in the CI formats.
    let github = try sandbox.sh(
      #"cd fork && "$CATALOG" check catalog/components.json --against git:origin/main:catalog/components.json --format github"#,
      expect: 1)
    let commands = WorkflowCommand.parseAll(github.stdout).compactMap { $0 }
    #expect(
      commands.map { $0.properties["title"] } == [
        "KEY_REMOVED in tile-preview", "TYPE_CHANGED in tile-preview",
      ])
    #expect(commands.allSatisfy { $0.properties["file"] == "catalog/components.json" })
    let json = try sandbox.sh(
      #"cd fork/catalog && "$CATALOG" check components.json --against git:origin/main --format json"#,
      expect: 1)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let base = try #require(object["against"] as? [String: Any])
    let commit = try sandbox.sh("cd fork && git rev-parse origin/main").stdout
      .trimmingCharacters(in: .newlines)
    #expect(base["commit"] as? String == commit && base["revision"] is NSNull)
    let findings = try #require(object["findings"] as? [[String: Any]])
    #expect(
      findings.map { $0["againstName"] as? String }
        == Array(repeating: "git:origin/main:catalog/components.json", count: 2))
    // The base itself passes; nothing was created anywhere (no database, no scratch left).
    let passing = try sandbox.sh(
      #"cd fork/catalog && git show origin/main:./components.json > base.json && "$CATALOG" check base.json --against git:origin/main:catalog/components.json"#
    )
    #expect(passing.stdout.hasPrefix("ok: base.json: no change refused by the policies"))
    #expect(
      try sandbox.sh("cd fork && git status --porcelain --ignored").stdout
        == "?? catalog/base.json\n")
    // A pull request that edits the policy file does not loosen its own gate: the policies
    // are the base's.
    try sandbox.sh(
      #"cd fork/catalog && printf '{"catalog": "NONE"}\n' > catalog-policy.json && git commit -qam loosen"#
    )
    try sandbox.sh(
      #"cd fork/catalog && "$CATALOG" check components.json --against git:origin/main"#,
      expect: 1)
  }

  @Test func aMissingRefPathOrPolicyFileIsAClearError() throws {
    try makeRepositories()
    let ref = try sandbox.sh(
      #"cd fork/catalog && "$CATALOG" check components.json --against git:origin/mian"#,
      expect: 2)
    #expect(
      ref.stderr
        == "catalog: error: git ref 'origin/mian' is not a commit in this repository (a "
        + "fork-style clone may need 'git fetch origin origin/mian' first)\n")
    let path = try sandbox.sh(
      #"cd fork/catalog && "$CATALOG" check components.json --against git:origin/main:nope.json"#,
      expect: 2)
    #expect(
      path.stderr
        == "catalog: error: there is no 'nope.json' at git ref 'origin/main'; name the base "
        + "file with git:origin/main:PATH (PATH from the top of the repository)\n")
    let policy = try sandbox.sh(
      #"cd fork/catalog && "$CATALOG" check components.json --against git:origin/main --policy-file policies/none.json --format github"#,
      expect: 66)
    #expect(
      policy.stderr
        == "catalog: error: there is no policy file 'policies/none.json' at git ref "
        + "'origin/main'; commit the output of 'catalog policy export' there, or name it with "
        + "--policy-file\n")
    let annotation = try #require(WorkflowCommand.parseAll(policy.stdout).first ?? nil)
    #expect(annotation.properties["title"] == "no policy file")
    // An option-like ref is a ref, never an option of git.
    try sandbox.sh(
      #"cd fork/catalog && "$CATALOG" check components.json --against git:--output=x"#,
      expect: 2)
    #expect(try sandbox.sh("ls fork/catalog").stdout == "catalog-policy.json\ncomponents.json\n")
    // Outside a repository.
    try directory.write("alone.json", PolicyCommandTests.v1)
    let outside = try sandbox.sh(
      #"GIT_CEILING_DIRECTORIES="$PWD" "$CATALOG" check alone.json --against git:main"#,
      expect: 66)
    #expect(outside.stderr.hasPrefix("catalog: error: not inside a git repository"))
  }

  /// A transitive mode compares with every committed version, following the file's rename:
  /// `size` was a number in the first version (under the old name), a string since.
  @Test func transitiveModesUseTheFileHistoryThroughARename() throws {
    func document(_ payload: String) -> String {
      #"{"components": [{"kind": "tile", "category": "Display", "description": "A tile", "payload": \#(payload)}]}"#
    }
    try directory.write("one.json", document(#"{"size": 3}"#))
    try directory.write("two.json", document(#"{"size": "3"}"#))
    try directory.write("pr.json", document(#"{"size": "3", "extra": 1}"#))
    try directory.write("policy.json", #"{"catalog": "FORWARD_TRANSITIVE"}"#)
    try sandbox.sh(
      """
      git init -q -b main repo && cd repo
      cp ../one.json old.json && cp ../policy.json catalog-policy.json
      git add -A && git commit -qm one
      git mv old.json components.json && git commit -qm rename
      cp ../two.json components.json && git commit -qam two
      cp ../pr.json components.json
      """)
    let first = try sandbox.sh("cd repo && git rev-parse --short=12 HEAD~2").stdout
      .trimmingCharacters(in: .newlines)
    let refused = try sandbox.sh(
      #"cd repo && "$CATALOG" check components.json --against git:main"#, expect: 1)
    #expect(
      refused.stderr == """
        components.json:1:102: error: policy FORWARD_TRANSITIVE of kind tile (set on the catalog) \
        refuses TYPE_CHANGED /payload/size: was 3, now "3" (against git:\(first):old.json); fix: \
        keep the old type and add a key with the new type, or add a new kind
        catalog: error: the compatibility policies refuse 1 change in components.json

        """, "\(refused)")
    // Not transitive: only the base counts, and the file passes.
    try sandbox.sh(
      #"cd repo && printf '{"catalog": "FORWARD"}' > catalog-policy.json && git commit -qam full"#)
    let passing = try sandbox.sh(#"cd repo && "$CATALOG" check components.json --against git:main"#)
    #expect(passing.stdout.hasPrefix("ok: components.json"), "\(passing)")
  }

  @Test func diffReadsACommittedOperand() throws {
    try makeRepositories()
    let diff = try sandbox.sh(
      #"cd fork/catalog && "$CATALOG" diff git:origin/main components.json --name-only"#,
      expect: 1)
    #expect(diff.stdout == "knob\ntile-preview\n")
    try sandbox.sh(#"cd fork/catalog && "$CATALOG" diff git:origin/pr components.json --quiet"#)
    try sandbox.sh(
      #"cd fork/catalog && "$CATALOG" diff git:origin/mian components.json --quiet"#, expect: 2)
    try sandbox.sh(
      #"cd fork/catalog && "$CATALOG" diff git:origin/main:nope.json components.json"#, expect: 2)
  }
}
