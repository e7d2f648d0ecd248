#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One run of a child process, timed from spawn to exit, with its peak resident memory.
struct ChildRun {
  var status: Int32
  var seconds: Double
  /// User plus system CPU time of the child.
  var cpuSeconds: Double
  /// The child's peak resident set (`ru_maxrss` from `wait4`), in KiB.
  var peakKiB: Int
  var stdout: [UInt8]
  var stderr: [UInt8]

  var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
  var stderrText: String { String(decoding: stderr, as: UTF8.self) }
}

/// Runs timed child processes.
///
/// Linux's `ru_maxrss` of a child is at least the high-water mark of the memory the child
/// was started from: `posix_spawn` starts it in the parent's address space, and `execve`
/// keeps that address space's peak. The benchmark's own process holds the generated
/// catalogs, so it never spawns a timed child itself: it starts a fresh copy of itself as a
/// *launcher* (`catalog-bench spawn …`), whose peak is that of an idle Swift process (less
/// than any `catalog` run's), and the launcher spawns, times and waits for the real child.
enum ChildProcess {
  /// Runs `executable` with `arguments` through a launcher; standard input is /dev/null,
  /// standard output goes into `stdoutPath` (captured when nil), standard error is captured.
  /// Output goes to files rather than pipes, so the child never waits on the benchmark.
  static func run(
    _ executable: String, _ arguments: [String], stdoutPath: String? = nil, scratch: String,
    launcher: String
  ) throws -> ChildRun {
    let outPath = stdoutPath ?? scratch + "/.stdout"
    let errPath = scratch + "/.stderr"
    let resultPath = scratch + "/.result"
    let launch = try spawnAndWait(
      launcher, ["spawn", resultPath, outPath, errPath, executable] + arguments,
      stdoutPath: "/dev/null", stderrPath: errPath + ".launcher")
    guard launch.status == 0 else {
      throw BenchError(
        "the launcher failed: \(String(decoding: try readFile(errPath + ".launcher"), as: UTF8.self))"
      )
    }
    let fields = String(decoding: try readFile(resultPath), as: UTF8.self).split(separator: " ")
    guard fields.count == 4, let status = Int32(fields[0]), let seconds = Double(fields[1]),
      let cpu = Double(fields[2]), let peak = Int(fields[3])
    else { throw BenchError("the launcher wrote no result") }
    return ChildRun(
      status: status, seconds: seconds, cpuSeconds: cpu, peakKiB: peak,
      stdout: stdoutPath == nil ? try readFile(outPath) : [], stderr: try readFile(errPath))
  }

  /// The launcher's side: `spawn RESULT STDOUT STDERR EXECUTABLE ARGS...` runs the child and
  /// writes `STATUS SECONDS CPU_SECONDS PEAK_KIB` into RESULT.
  static func launch(_ arguments: [String]) -> Int32 {
    guard arguments.count >= 4 else { return 64 }
    do {
      let result = try spawnAndWait(
        arguments[3], Array(arguments.dropFirst(4)), stdoutPath: arguments[1],
        stderrPath: arguments[2])
      try writeFile(
        arguments[0],
        Array("\(result.status) \(result.seconds) \(result.cpuSeconds) \(result.peakKiB)".utf8))
      return 0
    } catch {
      let message = Array("catalog-bench spawn: \(error)\n".utf8)
      _ = message.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
      return 1
    }
  }

  /// Spawns, waits, and returns the exit status, the seconds from spawn to exit, the CPU
  /// seconds, and the peak resident set in KiB.
  private static func spawnAndWait(
    _ executable: String, _ arguments: [String], stdoutPath: String, stderrPath: String
  ) throws -> (status: Int32, seconds: Double, cpuSeconds: Double, peakKiB: Int) {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid = pid_t()
    let start = monotonicSeconds()
    let code = posix_spawn(&pid, executable, &actions, nil, argv, environ)
    guard code == 0 else {
      throw BenchError("cannot run \(executable): \(String(cString: strerror(code)))")
    }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 {
      guard errno == EINTR else { throw BenchError("wait4: \(String(cString: strerror(errno)))") }
    }
    let seconds = monotonicSeconds() - start
    // WIFEXITED / WEXITSTATUS, which Swift does not import.
    let exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    let cpu =
      Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
      + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    return (exitStatus, seconds, cpu, Int(usage.ru_maxrss))
  }
}

/// Seconds on the monotonic clock.
func monotonicSeconds() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// A benchmark that cannot go on, with the reason.
struct BenchError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
