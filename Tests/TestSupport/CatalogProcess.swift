import Foundation

/// The built `catalog` executable, run as a subprocess the way a user runs it.
public enum CatalogProcess {
  /// What a run printed and returned.
  public struct Result: Sendable, CustomStringConvertible {
    public var status: Int32
    public var stdout: String
    public var stderr: String
    public var stdoutBytes: [UInt8]

    public init(status: Int32, stdout: String, stderr: String, stdoutBytes: [UInt8]) {
      self.status = status
      self.stdout = stdout
      self.stderr = stderr
      self.stdoutBytes = stdoutBytes
    }

    public var description: String {
      "exit \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)"
    }
  }

  /// The `catalog` binary beside the test bundle (`.build/<triple>/debug/catalog`).
  public static var executable: URL {
    let bundleDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let candidates = [
      bundleDirectory.appendingPathComponent("catalog"),
      bundleDirectory.deletingLastPathComponent().appendingPathComponent("catalog"),
      Fixtures.directory.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".build/debug/catalog"),
    ]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
      ?? candidates[0]
  }

  /// A `catalog` process, not yet started, set up as the tests run it: in `directory`, with
  /// a minimal environment (no `CATALOG_*` from the caller's) plus `environment`.
  public static func makeProcess(
    _ arguments: [String], in directory: TemporaryDirectory, environment: [String: String] = [:],
    executable: URL = CatalogProcess.executable
  ) -> Process {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = directory.url
    var env = ["PATH": "/usr/bin:/bin", "USER": "tester", "HOME": directory.url.path]
    env.merge(environment) { $1 }
    process.environment = env
    return process
  }

  /// Runs `catalog` with `arguments` in `directory`.
  ///
  /// - Parameters:
  ///   - stdin: bytes for standard input (empty input when nil).
  ///   - environment: added to a minimal environment (no `CATALOG_*` from the caller's).
  ///   - executable: another program to run the same way (`git`, in the merge driver's tests).
  @discardableResult
  public static func run(
    _ arguments: [String], in directory: TemporaryDirectory, stdin: [UInt8]? = nil,
    executable: URL = CatalogProcess.executable, environment: [String: String] = [:]
  ) throws -> Result {
    let process = makeProcess(
      arguments, in: directory, environment: environment, executable: executable)
    let input = Pipe()
    let output = Pipe()
    let error = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = error
    try process.run()
    // Read both pipes concurrently so that a large output cannot block the child.
    let group = DispatchGroup()
    nonisolated(unsafe) var outBytes = Data()
    nonisolated(unsafe) var errBytes = Data()
    DispatchQueue.global().async(group: group) {
      outBytes = output.fileHandleForReading.readDataToEndOfFile()
    }
    DispatchQueue.global().async(group: group) {
      errBytes = error.fileHandleForReading.readDataToEndOfFile()
    }
    if let stdin {
      // A child may exit before reading all of its input (a size limit, an early error):
      // writing the rest must fail quietly instead of killing the test process with SIGPIPE.
      signal(SIGPIPE, SIG_IGN)
      try? input.fileHandleForWriting.write(contentsOf: Data(stdin))
    }
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
    group.wait()
    return Result(
      status: process.terminationStatus, stdout: String(decoding: outBytes, as: UTF8.self),
      stderr: String(decoding: errBytes, as: UTF8.self), stdoutBytes: Array(outBytes))
  }

  /// Runs `script` with `/bin/sh -c` in `directory`, with `$CATALOG` naming the built binary,
  /// for what `Process` cannot set up: a closed stdout, `ulimit -f`, an ignored SIGPIPE.
  @discardableResult
  public static func shell(
    _ script: String, in directory: TemporaryDirectory, environment: [String: String] = [:]
  ) throws -> Result {
    try run(
      ["-c", script], in: directory, executable: URL(fileURLWithPath: "/bin/sh"),
      environment: ["CATALOG": executable.path].merging(environment) { $1 })
  }
}
