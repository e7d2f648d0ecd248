#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A running pager: a child process reading stdout's bytes from a pipe, showing them on the
/// terminal that is still its own stdout.
///
/// Started with `posix_spawnp`, with `LESS=FRX` and `LV=-c` added to its environment when
/// they are unset, as git does. ``finish()`` closes the pipe, so that the pager sees the end
/// of its input, and waits for the person to quit it.
final class Pager {
  /// The pager's process.
  let process: pid_t
  /// The write end of the pipe into the pager's stdin; -1 once closed.
  private(set) var input: Int32

  private init(process: pid_t, input: Int32) {
    self.process = process
    self.input = input
  }

  /// A pager that could not be started: the command and the `errno` that said why.
  struct StartFailure: Error, Sendable {
    var command: String
    var errno: Int32
  }

  /// Starts `command` with its stdin on a new pipe.
  ///
  /// - Parameter environment: the process environment, passed on to the pager.
  /// - Throws: ``StartFailure`` when the pipe cannot be made or the program cannot be run
  ///   (a pager that is not installed).
  static func start(_ command: PagerCommand, environment: [String: String]) throws(StartFailure)
    -> Pager
  {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { throw StartFailure(command: command.text, errno: errno) }
    // Both ends above stdin, stdout and stderr and closed on exec, so that the pager inherits
    // only the read end, as its stdin, and sees the end of its input when the pipe is closed.
    let readEnd = fcntl(ends[0], F_DUPFD_CLOEXEC, 3)
    let writeEnd = fcntl(ends[1], F_DUPFD_CLOEXEC, 3)
    let dupError = errno
    close(ends[0])
    close(ends[1])
    guard readEnd >= 0, writeEnd >= 0 else {
      if readEnd >= 0 { close(readEnd) }
      if writeEnd >= 0 { close(writeEnd) }
      throw StartFailure(command: command.text, errno: dupError)
    }
    defer { close(readEnd) }

    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t? = nil
    #else
      var actions = posix_spawn_file_actions_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, readEnd, 0)

    var variables = environment
    if variables["LESS"] == nil { variables["LESS"] = "FRX" }
    if variables["LV"] == nil { variables["LV"] = "-c" }
    let argv = command.argv
    let cArguments: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
    let cEnvironment: [UnsafeMutablePointer<CChar>?] =
      variables.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in cArguments { free(pointer) }
      for pointer in cEnvironment { free(pointer) }
    }
    var process = pid_t()
    let status = posix_spawnp(&process, argv[0], &actions, nil, cArguments, cEnvironment)
    guard status == 0 else {
      close(writeEnd)
      throw StartFailure(command: command.text, errno: status)
    }
    return Pager(process: process, input: writeEnd)
  }

  /// How the pager ended, once ``finish()`` has waited for it.
  enum Ending: Sendable, Equatable {
    /// It exited with this status (0 when the person quit it).
    case exited(Int32)
    /// A signal ended it (the person interrupted it), or it could not be waited for.
    case signalled
  }

  /// How the pager ended; `nil` until ``finish()`` has waited for it.
  private(set) var ending: Ending?

  /// Closes the pipe and waits for the pager to exit (the person has read the output and
  /// quit it).
  ///
  /// - Returns: how it ended (see ``ending``).
  @discardableResult
  func finish() -> Ending? {
    guard input >= 0 else { return ending }
    close(input)
    input = -1
    var status: Int32 = 0
    var waited = waitpid(process, &status, 0)
    while waited < 0 && errno == EINTR { waited = waitpid(process, &status, 0) }
    // WIFEXITED and WEXITSTATUS, which Swift does not import: the low 7 bits are the signal
    // that ended the process (0 when it exited), the next 8 its exit status.
    ending = waited == process && status & 0x7F == 0 ? .exited((status >> 8) & 0xFF) : .signalled
    return ending
  }

  deinit { finish() }
}
