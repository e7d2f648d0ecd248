import Foundation
import TestSupport
import Testing

/// The CI jobs of docs/ci.md, run: each YAML block is read with a YAML parser (PyYAML), and
/// the commands of its steps, but the installation of catalog, run with `bash -e -o
/// pipefail` as the runners run them, in a fork-style clone of a real repository with no
/// database. The page is what is tested, so a job that stops working fails here.
@Suite("docs/ci.md: the CI jobs, run")
struct CiDocumentationTests {
  /// One step of a job: its name, its command, and whether it runs after a failure.
  struct Step: Decodable {
    var name: String
    var run: String
    var always: Bool
  }

  struct Job: Decodable {
    /// `github` (a workflow's job) or `gitlab` (a job's `script`).
    var system: String
    /// The GitHub workflow's name (`catalog`, `release`); empty for GitLab.
    var workflow: String
    var name: String
    /// The names of the job's environment variables (`env:`).
    var environment: [String]
    var steps: [Step]
  }

  /// The jobs of docs/ci.md, as its YAML says.
  static func jobs(in directory: TemporaryDirectory) throws -> [Job] {
    let page = try DocumentationClaimTests.text("docs/ci.md")
    let blocks = page.matches(of: /```yaml\n((?:.|\n)*?)```/).map { String($0.output.1) }
    let path = try directory.write(
      "blocks.json",
      String(
        decoding: try JSONSerialization.data(withJSONObject: blocks), as: UTF8.self))
    let script = """
      import json, sys, yaml
      jobs = []
      for text in json.load(open(sys.argv[1])):
          doc = yaml.safe_load(text)
          if "jobs" in doc:
              for name, job in doc["jobs"].items():
                  steps = []
                  for step in job["steps"]:
                      if "run" not in step or step.get("name") == "Install catalog":
                          continue
                      steps.append({"name": step["name"], "run": step["run"],
                                    "always": step.get("if") == "always()"})
                  jobs.append({"system": "github", "workflow": doc.get("name", ""), "name": name,
                               "environment": sorted(job.get("env", {})), "steps": steps})
          else:
              for name, job in doc.items():
                  steps = [{"name": line, "run": line, "always": False} for line in job["script"]]
                  jobs.append({"system": "gitlab", "workflow": "", "name": name,
                               "environment": sorted(job.get("variables", {})), "steps": steps})
      print(json.dumps(jobs))
      """
    let result = try runCommand("/usr/bin/env", ["python3", "-c", script, path])
    try #require(result.status == 0, "\(result.stderr)")
    return try JSONDecoder().decode([Job].self, from: Data(result.stdout.utf8))
  }

  /// A repository with PolicyCommandTests.v1, its policies (exported by `catalog policy
  /// export`) and the contract of an app build that reads `knob.range` as `[Int]` on main;
  /// branches `refused` (v2), `undecodable` (v1 with a string in `knob.range`, which FORWARD
  /// allows and the build cannot decode) and `accepted` (v1 plus a kind), and a clone.
  static func makeRepositories(in directory: TemporaryDirectory) throws {
    try directory.write("v1.json", PolicyCommandTests.v1)
    try directory.write("v2.json", PolicyCommandTests.v2)
    try directory.write("contract.json", ContractFiles.knob("1.0"))
    let undecodable = PolicyCommandTests.v1.replacingOccurrences(
      of: "[0, 10]", with: #"[0, 10, "x"]"#)
    try #require(undecodable != PolicyCommandTests.v1)
    try directory.write("undecodable.json", undecodable)
    let accepted = PolicyCommandTests.v1.replacingOccurrences(
      of: "\"components\": [",
      with: "\"components\": [\n    {\"kind\": \"new-kind\", \"category\": \"Input\", "
        + "\"description\": \"New\", \"payload\": {}},")
    try directory.write("accepted.json", accepted)
    let result = try CatalogProcess.shell(
      """
      set -e; unset CATALOG_DATABASE
      "$CATALOG" -d policies.sqlite import v1.json >/dev/null
      "$CATALOG" -d policies.sqlite policy set FORWARD >/dev/null
      "$CATALOG" -d policies.sqlite policy set --category Display FULL >/dev/null
      git init -q -b main upstream
      cp v1.json upstream/components.json
      "$CATALOG" -d policies.sqlite policy export -o upstream/catalog-policy.json
      mkdir upstream/catalog-contracts && cp contract.json upstream/catalog-contracts/ios-1.0.json
      cd upstream
      git add -A && git commit -qm v1
      git checkout -qb refused && cp ../v2.json components.json && git commit -qam v2
      git checkout -q main
      git checkout -qb undecodable && cp ../undecodable.json components.json && git commit -qam x
      git checkout -q main
      git checkout -qb accepted && cp ../accepted.json components.json && git commit -qam more
      git checkout -q main
      cd .. && git clone -q upstream fork
      mkdir bin && ln -s "$CATALOG" bin/catalog
      """, in: directory, environment: Self.gitEnvironment(directory))
    try #require(result.status == 0, "\(result)")
  }

  static func gitEnvironment(_ directory: TemporaryDirectory) -> [String: String] {
    [
      "HOME": directory.url.path, "GIT_CONFIG_NOSYSTEM": "1", "GIT_AUTHOR_NAME": "Tester",
      "GIT_AUTHOR_EMAIL": "tester@example.com", "GIT_COMMITTER_NAME": "Tester",
      "GIT_COMMITTER_EMAIL": "tester@example.com", "LANG": "C.UTF-8", "CATALOG_AUTHOR": "ann",
    ]
  }

  /// Runs `job` on the pull request from `branch` into main, as its runner would: steps in
  /// order, each in bash with -e and pipefail, a failed step skipping the rest but those
  /// that always run. Returns each step's status and output (stdout, then stderr).
  static func run(_ job: Job, branch: String, in directory: TemporaryDirectory) throws
    -> [(step: String, status: Int32, stdout: String)]
  {
    try run(
      job, checkout: "git checkout -q -B \(branch) origin/\(branch) && rm -f catalog-junit.xml",
      in: directory)
  }

  /// Runs `job` in `fork` after the shell command `checkout` there, with `extra` in the
  /// environment; `CATALOG_DATABASE` is unset unless `extra` sets it (a fork has none).
  static func run(
    _ job: Job, checkout: String, extra: [String: String] = [:], in directory: TemporaryDirectory
  ) throws -> [(step: String, status: Int32, stdout: String)] {
    let checkedOut = try CatalogProcess.shell(
      "cd fork && \(checkout)", in: directory, environment: gitEnvironment(directory))
    try #require(checkedOut.status == 0, "\(checkedOut)")
    var environment = gitEnvironment(directory)
    environment["GITHUB_BASE_REF"] = "main"
    environment["GITHUB_PATH"] = directory.path("github-path")
    environment["CI_MERGE_REQUEST_TARGET_BRANCH_NAME"] = "main"
    environment["CI_PIPELINE_SOURCE"] = "merge_request_event"
    environment.merge(extra) { _, new in new }
    let unset = extra["CATALOG_DATABASE"] == nil ? "unset CATALOG_DATABASE; " : ""
    var results: [(String, Int32, String)] = []
    var failed = false
    for step in job.steps where !failed || step.always {
      let result = try CatalogProcess.run(
        [
          "-e", "-o", "pipefail", "-c",
          unset + "export PATH=\"$PWD/bin:$PATH\"; cd fork; " + step.run,
        ],
        in: directory, executable: URL(fileURLWithPath: "/bin/bash"), environment: environment)
      results.append((step.name, result.status, result.stdout + result.stderr))
      if result.status != 0 { failed = true }
    }
    return results
  }

  @Test func theJobsGateAForkPullRequestWithoutADatabase() throws {
    let directory = try TemporaryDirectory()
    try Self.makeRepositories(in: directory)
    let jobs = try Self.jobs(in: directory).filter { $0.workflow != "release" }
    #expect(jobs.map(\.system) == ["github", "gitlab"], "\(jobs.map(\.name))")
    for job in jobs {
      // A change the policies accept: every step passes.
      let accepted = try Self.run(job, branch: "accepted", in: directory)
      #expect(accepted.allSatisfy { $0.status == 0 }, "\(job.name): \(accepted)")
      #expect(accepted.count == job.steps.count)
      // A change they refuse: the job fails on the gate, with the findings in its format.
      let refused = try Self.run(job, branch: "refused", in: directory)
      let statuses = refused.map(\.status)
      #expect(statuses.contains(1) && statuses.allSatisfy { $0 == 0 || $0 == 1 }, "\(refused)")
      let report = try String(
        contentsOfFile: directory.path("fork/catalog-junit.xml"), encoding: .utf8)
      try JUnitSchema.validate(report, in: directory)
      #expect(report.contains(#"<failure type="KEY_REMOVED""#), "\(job.name): \(report)")
      if job.system == "github" {
        let annotations = refused.flatMap { WorkflowCommand.parseAll($0.stdout) }
        #expect(
          annotations.compactMap { $0?.properties["title"] } == [
            "KEY_REMOVED in tile-preview", "TYPE_CHANGED in tile-preview",
          ], "\(refused)")
        // The JUnit step ran after the failed one, as `if: always()` says.
        #expect(refused.count == job.steps.count)
      }
      // A change the policies accept and the committed app build cannot decode.
      let undecodable = try Self.run(job, branch: "undecodable", in: directory)
      #expect(undecodable.contains { $0.status == 1 }, "\(job.name): \(undecodable)")
      let clientsReport = try String(
        contentsOfFile: directory.path("fork/catalog-junit.xml"), encoding: .utf8)
      try JUnitSchema.validate(clientsReport, in: directory)
      #expect(
        clientsReport.contains(
          #"<failure type="DECODE_FAILS" message="DECODE_FAILS /payload/range/2">"#),
        "\(job.name): \(clientsReport)")
      if job.system == "github" {
        let annotations = undecodable.flatMap { WorkflowCommand.parseAll($0.stdout) }
        #expect(
          annotations.compactMap { $0?.properties["title"] } == ["DECODE_FAILS in knob"],
          "\(undecodable)")
      }
    }
  }

  /// The release workflow (issue 34, item 6): on a git tag, with the catalog's database, it
  /// tags the catalog, exports the manifest and its digest, and checks them against the
  /// digest the tag recorded; then, with no database, a build that ships the release's
  /// manifest verifies and one that ships another does not.
  @Test func theReleaseJobRecordsTheDigestAndABuildIsVerifiedAgainstIt() throws {
    let directory = try TemporaryDirectory()
    try directory.write("v1.json", PolicyCommandTests.v1)
    try directory.write("v2.json", PolicyCommandTests.v2)
    let setup = try CatalogProcess.shell(
      """
      set -e; unset CATALOG_DATABASE
      "$CATALOG" -d release.sqlite import v1.json >/dev/null
      git init -q -b main upstream
      "$CATALOG" -d release.sqlite export -o upstream/components.json
      cd upstream
      git add -A && git commit -qm v1 && git tag v1.0
      git checkout -qb drifted && cp ../v2.json components.json && git commit -qam drift
      git checkout -q main
      cd .. && git clone -q upstream fork
      mkdir bin && ln -s "$CATALOG" bin/catalog
      """, in: directory, environment: Self.gitEnvironment(directory))
    try #require(setup.status == 0, "\(setup)")
    let jobs = try Self.jobs(in: directory).filter { $0.workflow == "release" }
    try #require(jobs.map(\.name) == ["record-digest", "verify-build"], "\(jobs.map(\.name))")
    let (record, verify) = (jobs[0], jobs[1])
    #expect(record.environment == ["CATALOG_AUTHOR", "CATALOG_DATABASE"])
    #expect(verify.environment.isEmpty)
    let secrets = [
      "CATALOG_DATABASE": directory.path("release.sqlite"), "CATALOG_AUTHOR": "release-bot",
      "GITHUB_REF_NAME": "v1.0",
    ]
    // Twice, as a re-run of the job would: the second changes nothing.
    for _ in 0..<2 {
      let recorded = try Self.run(
        record, checkout: "git checkout -q v1.0", extra: secrets, in: directory)
      #expect(
        recorded.count == record.steps.count && recorded.allSatisfy { $0.status == 0 },
        "\(recorded)")
    }
    let digest = try String(
      contentsOfFile: directory.path("fork/release/components.sha256"), encoding: .utf8)
    #expect(
      digest == (try ExportDigestTests.sha256sum(directory.path("fork/release/components.json")))
        + "\n")
    #expect(
      try directory.read("fork/release/components.json")
        == (try directory.read("fork/components.json")))
    let tags = try CatalogProcess.run(
      ["-d", "release.sqlite", "tag", "--list", "--format", "json"], in: directory)
    let listed = try #require(
      try JSONSerialization.jsonObject(with: Data(tags.stdout.utf8)) as? [String: Any])
    let tag = try #require((listed["tags"] as? [[String: Any]])?.first)
    #expect(tag["name"] as? String == "v1.0" && tag["author"] as? String == "release-bot")
    #expect((tag["digest"] as? String).map { $0 + "\n" } == digest)

    // The build at the tag ships the release's manifest: verified without a database.
    let built = try Self.run(verify, checkout: "git checkout -q v1.0", in: directory)
    #expect(built.count == verify.steps.count && built.allSatisfy { $0.status == 0 }, "\(built)")
    // A build from a commit whose manifest drifted: the last step fails with 1.
    let drifted = try Self.run(verify, checkout: "git checkout -q origin/drifted", in: directory)
    #expect(drifted.map(\.status) == [0, 1], "\(drifted)")
    #expect(drifted.last?.stdout.contains("differs: its digest is sha256:") == true, "\(drifted)")
  }
}
