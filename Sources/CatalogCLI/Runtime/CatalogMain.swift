import CatalogStore
import Components
import Foundation

/// The `catalog` executable: parse, run, map errors to messages and exit statuses.
package enum CatalogMain {
  /// What the executable sets for the whole process before anything else: the numbers of
  /// standard input, output and error reserved (``openClosedStandardDescriptors()``), then
  /// the storage engines' settings (``StorageEngines/configureProcess()``).
  package static func configureProcess() {
    openClosedStandardDescriptors()
    StorageEngines.configureProcess()
  }

  /// Reserves each of descriptors 0, 1 and 2 that the process started without
  /// (`catalog export >&-`), as git's `sanitize_stdfds` does.
  ///
  /// Otherwise the next file or socket the process opens takes the lowest free number, and
  /// what is meant for stdin, stdout or stderr meets it: `catalog -d postgresql://… export
  /// >&-` wrote the export into the connection's socket in the middle of the protocol.
  /// SQLite guards only its own files. The number is taken by `/dev/null` opened the other
  /// way round (write-only for stdin, read-only for stdout and stderr), so that using it
  /// still fails with "bad file descriptor", as it did when it was closed: an export to a
  /// closed stdout is an error (docs/cli.md), not a manifest silently discarded.
  static func openClosedStandardDescriptors() {
    for descriptor in Int32(0)...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
      // `open` returns the lowest free number, which is `descriptor`: the lower ones are open.
      let opened = open("/dev/null", descriptor == 0 ? O_WRONLY : O_RDONLY)
      if opened >= 0, opened != descriptor { close(opened) }
    }
  }

  /// The first command-line argument that is not UTF-8, as its bytes; nil when all are.
  ///
  /// `CommandLine.arguments` repairs such an argument with U+FFFD, so a file named in
  /// Latin-1 (`caf\xE9.json`) would be looked for under another name and reported missing.
  package static func firstNonUTF8Argument() -> [UInt8]? {
    for index in 1..<Int(CommandLine.argc) {
      guard let argument = CommandLine.unsafeArgv[index] else { continue }
      let bytes = UnsafeRawBufferPointer(start: argument, count: strlen(argument))
      if String(validating: bytes, as: UTF8.self) == nil { return Array(bytes) }
    }
    return nil
  }

  /// Refuses an argument that is not UTF-8 (``firstNonUTF8Argument()``): a usage error that
  /// shows its bytes, the ones outside printable ASCII as `\xHH`.
  package static func refuse(nonUTF8Argument bytes: [UInt8]) -> Int32 {
    let shown = bytes.map { byte in
      guard !(0x20..<0x7F).contains(byte) || byte == 0x5C else {
        return String(UnicodeScalar(byte))
      }
      let hex = String(byte, radix: 16, uppercase: true)
      return "\\x" + (hex.count == 1 ? "0" + hex : hex)
    }.joined()
    Console().error(
      "catalog: error: the argument '\(shown)' is not UTF-8; catalog takes its arguments, "
        + "file names included, in UTF-8")
    return ExitStatus.usage.rawValue
  }

  /// Runs a command line and returns the exit status.
  ///
  /// A write to stdout or stderr that failed turns a success into exit status 74 (2 for
  /// `diff`): `catalog: error: stdout: no space left on device` (after a write, `revision 7
  /// was written, but its report could not be: stdout: …`), or nothing for a broken pipe,
  /// whose reader is gone (docs/cli.md). A pager the person quit before the end of the
  /// output is not a failure: exit status 0, as in git; a pager that exited with a failure
  /// status is (exit status 74, with a message).
  package static func run(_ arguments: [String], environment: [String: String]) -> Int32 {
    // A write past `ulimit -f` then fails with EFBIG, which is reported, instead of killing
    // the process with SIGXFSZ halfway through a file.
    signal(SIGXFSZ, SIG_IGN)
    let console = Console()
    var command: (any CatalogCommand.Type)?
    var status = execute(arguments, environment: environment, console: console, command: &command)
    // Waits for the person to quit the pager, if stdout went through one.
    console.finishPager()
    let failure = command?.failureStatus ?? .ioError
    if let error = console.stdoutError, !console.readerQuit {
      if error != EPIPE, let revision = console.writtenRevision {
        console.error(
          "catalog: error: revision \(revision) was written, but its report could not be: "
            + "stdout: \(SystemError.message(error))")
      } else if error != EPIPE {
        console.error("catalog: error: stdout: \(SystemError.message(error))")
      }
      if status == ExitStatus.success.rawValue || status == ExitStatus.differences.rawValue {
        status = failure.rawValue
      }
    }
    // A pager that failed may have shown nothing (`PAGER='lss | x'`: sh exits 127 without
    // reading): an error, so that the output is never lost with exit status 0.
    if let pager = console.pagerFailure {
      console.error(
        "catalog: error: the pager '\(pager.command)' exited with status \(pager.status), so "
          + "the output may not have been shown; set CATALOG_PAGER or PAGER to a pager that "
          + "works, or use --no-pager")
      if status == ExitStatus.success.rawValue || status == ExitStatus.differences.rawValue {
        status = failure.rawValue
      }
    }
    if console.stderrError != nil, status == ExitStatus.success.rawValue {
      status = failure.rawValue
    }
    return status
  }

  /// Parses and runs a command line and returns its exit status.
  private static func execute(
    _ arguments: [String], environment: [String: String], console: Console,
    command selected: inout (any CatalogCommand.Type)?
  ) -> Int32 {
    let parser = CatalogCommandTable.parser
    switch parser.parse(arguments) {
    case .help(let text), .version(let text):
      console.write(Array(text.utf8))
      return ExitStatus.success.rawValue
    case .usageError(let failure):
      console.printToStderr(failure.text)
      return failure.exitStatus
    case .run(let command):
      guard let implementation = CatalogCommandTable.command(named: command.name) else {
        console.error("catalog: error: '\(command.name)' is not implemented")
        return ExitStatus.internalError.rawValue
      }
      selected = implementation
      let context = CommandContext(command: command, console: console, environment: environment)
      do {
        return try implementation.run(context).rawValue
      } catch is OutputFailure {
        // `run` reports it once the command has stopped; a quit pager is no failure.
        if console.readerQuit { return ExitStatus.success.rawValue }
        return (implementation.failureStatus ?? .ioError).rawValue
      } catch let error as UsageError {
        console.printToStderr(parser.failure(error, command: command.name).text)
        return ExitStatus.usage.rawValue
      } catch {
        let status = report(error, command: command.name, console: console)
        if implementation.reportsUnknownReferencesApart,
          case CatalogError.unknownRevision = error
        {
          return ExitStatus.unknownReference.rawValue
        }
        return (implementation.failureStatus ?? status).rawValue
      }
    }
  }

  /// Prints an error the way the user should read it and returns its exit status.
  static func report(_ error: any Error, command: String, console: Console) -> ExitStatus {
    switch error {
    case let error as CatalogError:
      switch error {
      case .invalidDocument(let source, let diagnostics):
        // Located diagnostics stand on their own: FILE:LINE:COLUMN: error: …, one a line. A
        // read that failed partway is the system's fault, not the document's.
        console.report(diagnostics, in: source)
        return diagnostics.includesReadFailure ? .ioError : .dataError
      case .patch(let source, _, let located):
        console.report(JSONDiagnostics([located]), in: source)
        return .dataError
      case .revertConflicts:
        // One line per conflicting kind, each made visible on its own.
        for (i, line) in error.description.split(separator: "\n").enumerated() {
          console.error(i == 0 ? "catalog: error: \(line)" : String(line))
        }
        return .dataError
      case .unknownRevision, .unknownKind, .outputIsACatalog:
        console.error("catalog: error: \(error)")
        return .dataError
      case .request(let problem):
        console.error("catalog: error: \(problem.message)")
        return .dataError
      case .headMismatch:
        console.error("catalog: error: \(error)")
        return .temporaryFailure
      case .headMoved(let from, let to, .noLongerApplies(let underlying)):
        // What the patch says on the new head, after the line that says why it was applied
        // there; the exit status is the failure's.
        console.error(
          "catalog: error: head moved from \(from) to \(to) while patching, and the patch "
            + "no longer applies to it:")
        return report(underlying, command: command, console: console)
      case .headMoved(_, _, .changesDiffer):
        console.error("catalog: error: \(error)")
        return .temporaryFailure
      case .unreadable:
        console.error("catalog: error: \(error)")
        return .noInput
      case .noCatalog(_, let absence):
        let advice =
          absence == .missing
          ? "'catalog import FILE' creates one" : "'catalog import FILE' writes the first"
        console.error("catalog: error: \(error); \(advice)")
        return .noInput
      case .unavailable:
        console.error("catalog: error: \(error)")
        return .unavailable
      case .database(let problem):
        console.error("catalog: error: \(problem.message(command: command))")
        return problem.exitStatus
      case .io:
        console.error("catalog: error: \(error)")
        return .ioError
      case .internalError(let detail):
        console.error("catalog: internal error: \(detail)")
        return .internalError
      }
    case let refusal as PolicyRefusal:
      // One located line per refused change, as for problems in a file, then the verdict.
      for violation in refusal.violations {
        let finding = Finding(violation, file: violation.position == nil ? nil : refusal.source)
        console.error(
          FindingReport(name: refusal.source, checkedKinds: [], findings: [finding]).text()
            .trimmingCharacters(in: .newlines))
      }
      let count = refusal.violations.count
      console.error(
        "catalog: error: the compatibility policies refuse \(count.counting("change")), "
          + "so nothing was written "
          + "(--allow-breaking \"REASON\" records a deliberate break)")
      return .dataError
    case let refusal as ClientRefusal:
      // One line per rejection, located in the file when the write read one.
      for rejection in refusal.rejections {
        let place = rejection.position.map { "\(refusal.source):\($0): " } ?? "catalog: "
        console.error("\(place)error: CLIENTS refuses \(ClientsCommand.describe(rejection))")
      }
      let payloads = ClientsCommand.payloadCount(refusal.rejections)
      console.error(
        "catalog: error: a retained app build cannot decode \(payloads.counting("payload")), "
          + "so nothing was written (--allow-breaking \"REASON\" records a deliberate break; "
          + "'catalog contract retire APP@VERSION' once a build is no longer in the field)")
      return .dataError
    default:
      console.error("catalog: internal error: \(error)")
      return .internalError
    }
  }
}
