/// One subcommand: its declaration (name, help, arguments) and its behaviour, in one file
/// per command under `Commands/`, listed once in `CatalogCommandTable.commands`.
///
/// Arguments are declared as typed keys (`ArgumentKey`) beside the spec that lists them and
/// read back with the same keys in `run`. `run` calls the library and maps the result to
/// text and an exit status; no SQL and no business rules here.
package protocol CatalogCommand {
  /// The command's name, help text and arguments.
  static var spec: CommandSpec { get }

  /// Runs the command and returns its exit status.
  ///
  /// - Throws: Library errors, which `CatalogMain` turns into sentences and exit statuses.
  static func run(_ context: CommandContext) throws -> ExitStatus

  /// The exit status of every failure of the command, when one status stands for all of
  /// them (diff(1)'s 2, "trouble"); `nil` for the documented status of each error.
  static var failureStatus: ExitStatus? { get }

  /// Whether an unknown revision or ref is exit status 2 instead of 65: the CI gate
  /// commands' table (docs/cli.md, "Exit statuses of the CI gate").
  static var reportsUnknownReferencesApart: Bool { get }
}

extension CatalogCommand {
  /// Examples in a spec read `Example("What it does:", "catalog …")`.
  typealias Example = CommandSpec.Example

  package static var failureStatus: ExitStatus? { nil }

  package static var reportsUnknownReferencesApart: Bool { false }
}
