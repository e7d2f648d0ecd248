import CatalogDiff
import CatalogStore
import Components
import Foundation

/// `catalog git install|check|uninstall`, and the drivers git runs (`diff`, `textconv`).
enum GitCommand: CatalogCommand {
  static let action: ArgumentKey<Action?> = .choicePositional(
    "action", of: Action.self,
    help: "install, check or uninstall; diff and textconv are run by git.")
  static let operands: ArgumentKey<[String]> = .variadic(
    "arguments", help: "For diff and textconv: git's arguments."
  ).completing(.file)
  static let path: ArgumentKey<String?> = .option(
    "path", valueName: "path", defaultValue: "components.json",
    help: "The catalog file, relative to the top of the work tree (written quoted as git needs).")

  static let spec = CommandSpec(
    name: "git",
    abstract: "Make git merge and diff components.json with catalog.",
    discussion: """
      'catalog git install', run inside a repository, adds the line \
      '<path> merge=catalog diff=catalog' to the .gitattributes at the top of the work \
      tree (once; what is there is kept) and sets, in the repository's own config \
      (.git/config), merge.catalog.name and merge.catalog.driver ('catalog merge %O %A %B \
      --output %A --name %P --marker-size %L --ours-label %X --theirs-label %Y'), so that \
      git merges the file with 'catalog merge' (messages name the file and the side, \
      markers carry git's labels), and \
      diff.catalog.command ('catalog git diff') and diff.catalog.textconv ('catalog git \
      textconv'), so that 'git diff' shows catalog's structural diff and 'git log -p' the \
      canonical form. The drivers run 'catalog' from PATH.

      --path names the file relative to the top of the work tree; it is written as git \
      reads patterns (quoted when it holds a space, wildcards and a leading '!' or '#' \
      escaped), and a path git could not read back (a control character, '..') is \
      refused with exit status 64.

      'catalog git check' asks git ('git check-attr merge diff') and exits with 0 when git \
      applies the drivers to the file and the config is set, and 1 otherwise, naming what \
      is missing: for CI. With --format json, install, check and uninstall \
      print one object (docs/cli.md, "JSON results"). 'catalog git uninstall' removes what install \
      added: every line install wrote (only --path's line when --path is given; a \
      .gitattributes left empty is deleted) and the config keys, except a key changed \
      since, and a driver's keys while a line of the repository's attributes files still \
      names the driver.

      'catalog git diff' and 'catalog git textconv' are what git runs: the first takes \
      git's seven external-diff arguments (path, old file, hex, mode, new file, hex, mode), \
      the second one file.
      """,
    arguments: [
      action.spec, operands.spec, path.spec, CommonArguments.resultFormat.spec,
    ],
    examples: [
      Example("Merge components.json with catalog from now on:", "catalog git install"),
      Example("A catalog file elsewhere:", "catalog git install --path config/components.json"),
      Example("Fail CI when a clone is not set up:", "catalog git check"),
      Example("Undo 'catalog git install':", "catalog git uninstall"),
    ],
    seeAlso: ["merge", "diff"],
    usageForms: [
      "install [--path <path>] [--format <format>]",
      "check [--path <path>] [--format <format>]",
      "uninstall [--path <path>] [--format <format>]",
    ])

  enum Action: String, CaseIterable, Sendable {
    case install, check, uninstall, diff, textconv
  }

  static func run(_ context: CommandContext) throws -> ExitStatus {
    let arguments = context.arguments
    let action = arguments[Self.action] ?? .check
    let operands = arguments[Self.operands]
    switch action {
    case .diff, .textconv:
      // The choice defaults to text, so only json is refused.
      if arguments[CommonArguments.resultFormat] == .json {
        throw UsageError.invalidArguments(
          "'--format' applies to install, check and uninstall, not to the drivers git runs")
      }
    case .install, .check, .uninstall: break
    }
    let json = arguments[CommonArguments.resultFormat] == .json
    switch action {
    case .diff:
      guard operands.count >= 7 else {
        throw UsageError.invalidArguments(
          "'catalog git diff' takes git's external diff arguments: path old-file old-hex "
            + "old-mode new-file new-hex new-mode")
      }
      return externalDiff(path: operands[0], old: operands[1], new: operands[4], context)
    case .textconv:
      guard operands.count == 1 else {
        throw UsageError.invalidArguments("'catalog git textconv' takes one file")
      }
      return try textconv(operands[0], context)
    case .install, .check, .uninstall:
      guard operands.isEmpty else {
        throw UsageError.invalidArguments("'catalog git \(action.rawValue)' takes no file")
      }
    }

    let setup: GitSetup
    do {
      let line: GitAttributesLine
      let given = arguments[path] ?? "components.json"
      do {
        line = try GitAttributesLine(path: given)
      } catch {
        var literal: [UInt8] = []
        JSONWriter.appendString(given, to: &literal)
        throw UsageError.invalidArguments(
          "'--path' \(String(decoding: literal, as: UTF8.self)) \(error); nothing was written")
      }
      setup = GitSetup(repository: try GitRepository(), line: line)
      switch action {
      case .install:
        let done = try setup.install()
        if json {
          ResultJSON.print(
            ResultJSON.gitChange(done, action: "install", path: setup.path), to: context.console)
        } else {
          for line in done { context.console.print(line) }
          if done.isEmpty { context.console.print("already installed: nothing to do") }
        }
        if !Self.catalogIsOnPath(context.environment) {
          context.console.error(
            "catalog: note: git runs 'catalog' from PATH, and none is on PATH here")
        }
        // Asked of git, as `check` does: a line a later one overrides does nothing.
        let status = try setup.status()
        guard status.isApplied else {
          context.console.error(
            "catalog: error: git does not apply the drivers to \(setup.path) (\(status.applied)): "
              + "a later line or another attributes file overrides '\(setup.attributesLine)'")
          return .differences
        }
        return .success
      case .uninstall:
        let done = try setup.uninstall(all: !arguments.contains(Self.path))
        if json {
          ResultJSON.print(
            ResultJSON.gitChange(done, action: "uninstall", path: setup.path), to: context.console)
          return .success
        }
        for line in done { context.console.print(line) }
        if done.isEmpty { context.console.print("not installed: nothing to do") }
        return .success
      default:
        let status = try setup.status()
        if json {
          var missing: [(String, String, String?)] = []
          if !status.isApplied {
            missing.append((".gitattributes", setup.attributesLine, status.applied))
          }
          for (key, found) in status.wrongConfig { missing.append((".git/config", key, found)) }
          ResultJSON.print(
            ResultJSON.gitCheck(path: setup.path, missing: missing), to: context.console)
          return status.isInstalled ? .success : .differences
        }
        if status.isInstalled {
          context.console.print(
            "ok: \(setup.path) is merged and diffed by catalog (.gitattributes and .git/config)")
          return .success
        }
        if !status.isApplied {
          context.console.print(
            status.hasLine
              ? "missing: git does not apply '\(setup.attributesLine)' (\(status.applied) for "
                + "\(setup.path)): a later line or another attributes file overrides it"
              : "missing: '\(setup.attributesLine)' in .gitattributes (\(status.applied) for "
                + "\(setup.path))")
        }
        for (key, found) in status.wrongConfig {
          context.console.print(
            "missing: \(key) in .git/config" + (found.map { " (it is '\($0)')" } ?? ""))
        }
        context.console.print("run 'catalog git install' to set the repository up")
        return .differences
      }
    } catch let failure as GitRepository.Failure {
      context.console.error("catalog: error: \(failure)")
      if case .notARepository = failure { return .dataError }
      return .ioError
    } catch let error as CocoaError {
      // Foundation's sentences ("The file … couldn’t be saved.") are not written like
      // catalog's messages: say the operating system's reason, as every other message does.
      let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError
      let reason =
        underlying.flatMap { $0.domain == NSPOSIXErrorDomain ? Int32($0.code) : nil }
        .map(SystemError.message) ?? "cannot be read or written"
      context.console.error("catalog: error: .gitattributes: \(reason)")
      return .ioError
    }
  }

  /// git's external diff: catalog's structural diff of the two versions, always exit 0 (git
  /// stops at a driver that fails). A version that is not a valid catalog is named, with its
  /// problems, instead.
  static func externalDiff(path: String, old: String, new: String, _ context: CommandContext)
    -> ExitStatus
  {
    context.console.print("catalog diff a/\(path) b/\(path)")
    func read(_ file: String) -> (entries: [CatalogEntry], frame: DocumentFrame)? {
      if file == "/dev/null" { return ([], .standard) }
      do {
        let document = try DocumentSource.file(file).readDocument()
        return (document.entries, document.frame)
      } catch {
        context.console.print(
          "\(path): not a valid catalog, so there is no structural diff; its problems:")
        context.console.print("\(error)")
        return nil
      }
    }
    guard let oldDocument = read(old), let newDocument = read(new) else { return .success }
    do {
      var diff = try CatalogDiff(old: oldDocument.entries, new: newDocument.entries)
      diff.compareFrames(old: oldDocument.frame, new: newDocument.frame)
      let text = diff.text()
      context.console.write(
        Array((text.isEmpty ? "(the same entries; only the layout differs)\n" : text).utf8))
    } catch {
      context.console.print("\(path): \(error)")
    }
    return .success
  }

  /// git's textconv: the file in the canonical export format, or as it is when it is not a
  /// valid catalog (a file with conflict markers, for example).
  ///
  /// The file is read once, into memory and no further than the largest document catalog
  /// reads: its bytes are parsed from there and shown from there, so a named pipe is not
  /// read twice and an endless file is refused instead of filling memory.
  ///
  /// - Throws: ``CatalogError/unreadable(path:reason:)`` (exit status 66) for a file that
  ///   cannot be read, is a directory, or is larger than that.
  static func textconv(_ file: String, _ context: CommandContext) throws -> ExitStatus {
    let maxSize = JSONReader.defaultMaxSize
    guard let bytes = try DocumentSource.file(file).readBytes(upTo: maxSize) else {
      throw CatalogError.unreadable(
        path: file, reason: "larger than \(maxSize) bytes, the largest document catalog reads")
    }
    if let document = try? DocumentSource.bytes(bytes, name: file).readDocument() {
      // In its own frame: a change of "version" shows in `git diff` too.
      context.console.write(CatalogDocumentWriter.document(document.entries, frame: document.frame))
    } else {
      context.console.write(bytes)
    }
    return .success
  }

  /// Whether an executable named `catalog` is on PATH, where git's drivers look for it.
  static func catalogIsOnPath(_ environment: [String: String]) -> Bool {
    (environment["PATH"] ?? "").split(separator: ":").contains {
      FileManager.default.isExecutableFile(atPath: "\($0)/catalog")
    }
  }
}
