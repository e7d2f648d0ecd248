import Foundation
import TestSupport
import Testing

/// `catalog install --prefix DIR`: the binary, its manual page and its completions, through
/// the built binary, then the installed binary run from where it was installed.
@Suite struct InstallCommandTests {
  @Test func installsTheBinaryItsManualPageAndItsCompletions() throws {
    let runner = try CatalogRunner()
    let prefix = runner.directory.path("prefix with space")
    let result = try runner.run(["install", "--prefix", prefix])
    #expect(result.stdout == "installed catalog 0.1.0 as \(prefix)/bin/catalog\n")

    let installed = prefix + "/bin/catalog"
    #expect(FileManager.default.isExecutableFile(atPath: installed))
    let built = try Data(contentsOf: CatalogProcess.executable)
    #expect(try Data(contentsOf: URL(fileURLWithPath: installed)) == built)
    let version = try runCommand(installed, ["--version"])
    #expect(version.status == 0 && version.stdout == "0.1.0\n", "\(version)")

    let man = try runner.run(["help", "--man"]).stdoutBytes
    #expect(try bytes(prefix + "/share/man/man1/catalog.1") == man)
    let scripts = [
      ("bash", "share/bash-completion/completions/catalog"),
      ("zsh", "share/zsh/site-functions/_catalog"),
      ("fish", "share/fish/vendor_completions.d/catalog.fish"),
    ]
    for (shell, path) in scripts {
      let script = try runner.run(["completions", shell]).stdoutBytes
      #expect(try bytes(prefix + "/" + path) == script, "\(shell)")
    }
    // No temporary file is left beside what was installed.
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: prefix + "/bin")
    #expect(leftovers == ["catalog"])

    // Installing again replaces every file in place.
    try runner.run(["install", "--prefix", prefix + "/"])
    #expect(try Data(contentsOf: URL(fileURLWithPath: installed)) == built)
  }

  @Test func aPrefixThatCannotHoldDirectoriesIsAnErrorThatNamesIt() throws {
    let runner = try CatalogRunner()
    let file = try runner.directory.write("occupied", "a file")
    let result = try runner.run(["install", "--prefix", file], expect: 74)
    #expect(
      result.stderr
        == "catalog: error: \(file): not a directory, so nothing can be installed in it\n",
      "\(result)")
    #expect(result.stdout.isEmpty)
    let empty = try runner.run(["install", "--prefix", ""], expect: 64)
    #expect(empty.stderr.contains("prefix"), "\(empty)")
  }

  private func bytes(_ path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
  }
}
