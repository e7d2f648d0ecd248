import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// How a command's text output meets a person: whether it goes through a pager, whether it
/// is coloured, and in which time zone times are shown. The one place that decides; `log`,
/// `blame`, `show`, `tag --list` and `diff` ask it (docs/cli.md, "Terminal output").
///
/// Decided once, before anything is written, from the facts: whether stdout is a terminal,
/// the environment (`CATALOG_PAGER`, `PAGER`, `NO_COLOR`, `TERM`), the command's options
/// (`--no-pager`, `--color`, `--utc`, when it declares them) and whether the output is JSON.
package struct TerminalOptions: Sendable {
  /// The pager to send stdout through, or `nil` to write directly.
  package var pager: PagerCommand?
  /// Whether text output carries ANSI colours (``Palette``).
  package var color: Bool
  /// How times are written as text.
  package var times: TimeDisplay

  package init(pager: PagerCommand?, color: Bool, times: TimeDisplay) {
    self.pager = pager
    self.color = color
    self.times = times
  }

  /// The pager used when neither `CATALOG_PAGER` nor `PAGER` is set.
  package static let defaultPager = "less -FRX"

  /// Decides for one command line.
  ///
  /// - Parameters:
  ///   - arguments: the command's arguments; `--no-pager`, `--color` and `--utc` are read
  ///     where the command declares them.
  ///   - environment: the process environment.
  ///   - stdoutIsTerminal: whether stdout is a terminal (`isatty(1)`).
  ///   - json: whether the command writes JSON, which is never paged, never coloured and
  ///     always in UTC.
  package init(
    arguments: ParsedArguments, environment: [String: String], stdoutIsTerminal: Bool,
    json: Bool
  ) {
    let noPager = arguments.declares(CommonArguments.noPager) && arguments[CommonArguments.noPager]
    let when =
      arguments.declares(CommonArguments.color) ? arguments[CommonArguments.color] ?? .auto : .auto
    let utc = arguments.declares(CommonArguments.utc) && arguments[CommonArguments.utc]
    self.init(
      pager: json || noPager || !stdoutIsTerminal ? nil : Self.pager(environment),
      color: !json && Self.color(when, environment: environment, terminal: stdoutIsTerminal),
      times: json || utc || !stdoutIsTerminal ? .utc : .local)
  }

  /// `$CATALOG_PAGER`, else `$PAGER`, else `less -FRX`, as git reads `GIT_PAGER` and
  /// `PAGER`: a variable that is set wins even when empty, and an empty command or `cat`
  /// means no pager.
  static func pager(_ environment: [String: String]) -> PagerCommand? {
    let text = environment["CATALOG_PAGER"] ?? environment["PAGER"] ?? defaultPager
    let command = text.trimmingCharacters(in: [" ", "\t", "\n"])
    if command.isEmpty || command == "cat" { return nil }
    return PagerCommand(command)
  }

  /// `--color=always|never` decide; `auto` colours a terminal whose `TERM` is set and not
  /// `dumb`, unless `NO_COLOR` is set to anything but the empty string (no-color.org).
  static func color(
    _ when: CommonArguments.ColorChoice, environment: [String: String], terminal: Bool
  ) -> Bool {
    switch when {
    case .always: return true
    case .never: return false
    case .auto:
      guard terminal, (environment["NO_COLOR"] ?? "").isEmpty else { return false }
      let term = environment["TERM"] ?? ""
      return !term.isEmpty && term != "dumb"
    }
  }

  /// The colours of this output: all off unless ``color``.
  package var palette: Palette { Palette(enabled: color) }
}

extension CommandContext {
  /// The terminal decisions for this command line (``TerminalOptions``).
  ///
  /// - Parameter json: whether the command writes JSON this time.
  package func terminal(json: Bool) -> TerminalOptions {
    TerminalOptions(
      arguments: arguments, environment: environment,
      stdoutIsTerminal: console.stdoutIsTerminal, json: json)
  }

  /// Decides the terminal options and, when they say so, sends stdout through the pager
  /// from its first byte on (`log`, `blame`).
  ///
  /// - Returns: the decisions, for colour and times.
  package func pagedTerminal(json: Bool) -> TerminalOptions {
    let options = terminal(json: json)
    if let pager = options.pager {
      console.page(through: pager, environment: environment)
    }
    return options
  }
}
