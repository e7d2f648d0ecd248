import Foundation

/// What a helper command printed and returned.
public struct CommandResult: Sendable {
  public var status: Int32
  public var stdout: String
  public var stderr: String
}

/// Runs `executable` with `arguments` and waits for it; its output goes through temporary
/// files.
///
/// `posix_spawn` and `waitpid` rather than `Process`: a command that leaves a daemon behind
/// (`pg_ctl start`) made `Process.waitUntilExit` wait forever when called from a lazily
/// initialized static, and files rather than pipes, so that a daemon holding an inherited
/// descriptor cannot keep a read waiting.
public func runCommand(_ executable: String, _ arguments: [String]) throws -> CommandResult {
  let directory = try TemporaryDirectory()
  let outPath = directory.path("stdout")
  let errPath = directory.path("stderr")
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
  posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
  var environment = ProcessInfo.processInfo.environment
  environment["PATH"] = (environment["PATH"] ?? "/usr/bin:/bin") + ":/usr/bin:/bin"
  let argv = ([executable] + arguments).map { strdup($0) }
  let envp = environment.map { strdup("\($0.key)=\($0.value)") }
  defer {
    for pointer in argv + envp { free(pointer) }
  }
  var pid: pid_t = 0
  let spawned = posix_spawn(&pid, executable, &actions, nil, argv + [nil], envp + [nil])
  guard spawned == 0 else {
    throw CommandFailure(description: "cannot run \(executable): errno \(spawned)")
  }
  var status: Int32 = 0
  while waitpid(pid, &status, 0) == -1 {
    guard errno == EINTR else {
      throw CommandFailure(description: "waitpid failed for \(executable): errno \(errno)")
    }
  }
  // WIFEXITED / WEXITSTATUS, written out: the C macros are not imported.
  let exited = status & 0x7F == 0
  let code = exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
  return CommandResult(
    status: code,
    stdout: String(decoding: (try? directory.read("stdout")) ?? [], as: UTF8.self),
    stderr: String(decoding: (try? directory.read("stderr")) ?? [], as: UTF8.self))
}

/// A helper command could not be run.
public struct CommandFailure: Error, CustomStringConvertible {
  public var description: String
}

/// A value behind an `NSLock`.
public final class LockedValue<Value>: @unchecked Sendable {
  // @unchecked: every access to `value` holds `lock`.
  private let lock = NSLock()
  private var value: Value

  public init(_ value: Value) {
    self.value = value
  }

  public func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
