import CatalogStore
import Components
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `catalog install`: this binary, its manual page and its completion scripts under a prefix.
enum InstallCommand: CatalogCommand {
  static let prefix: ArgumentKey<String?> = .option(
    "prefix", valueName: "dir", defaultValue: "/usr/local",
    help: "The directory to install under (bin/, share/man/man1/, share/…/completions).")

  static let spec = CommandSpec(
    name: "install",
    abstract: "Install this catalog binary, its manual page and shell completions.",
    discussion: """
      Copies the running catalog binary to PREFIX/bin/catalog and writes its manual page \
      to PREFIX/share/man/man1/catalog.1 and its completion scripts for bash, zsh and fish \
      to PREFIX/share/bash-completion/completions/catalog, \
      PREFIX/share/zsh/site-functions/_catalog and \
      PREFIX/share/fish/vendor_completions.d/catalog.fish, creating the directories. Each \
      file is written under a temporary name and renamed into place, so a catalog that is \
      running keeps working while it is replaced. Build the binary to install with \
      'swift build -c release --static-swift-stdlib --product catalog': it then needs only \
      the system's C libraries (libsqlite3; libpq when a PostgreSQL catalog is opened).
      """,
    arguments: [prefix.spec],
    examples: [
      Example(
        "Install under ~/.local (then ~/.local/bin must be on PATH) the binary built as above:",
        "catalog install --prefix ~/.local"),
      Example("Install system-wide (as root):", "catalog install"),
    ],
    seeAlso: ["completions", "help"])

  /// What is installed where, relative to the prefix.
  private static let completionFiles: [(CompletionScript.Shell, String)] = [
    (.bash, "share/bash-completion/completions/catalog"),
    (.zsh, "share/zsh/site-functions/_catalog"),
    (.fish, "share/fish/vendor_completions.d/catalog.fish"),
  ]

  static func run(_ context: CommandContext) throws -> ExitStatus {
    let root = context.arguments[prefix] ?? "/usr/local"
    guard !root.isEmpty else {
      throw UsageError.invalidArguments("'--prefix' cannot be empty")
    }
    let base = root.hasSuffix("/") && root.count > 1 ? String(root.dropLast()) : root
    let binary = try executableBytes()
    try install(binary, at: base + "/bin/catalog", mode: 0o755)
    try install(
      Array(ManPage(root: CatalogCommandTable.root).text.utf8),
      at: base + "/share/man/man1/catalog.1", mode: 0o644)
    let completions = CompletionScript(root: CatalogCommandTable.root)
    for (shell, path) in completionFiles {
      try install(Array(completions.script(for: shell).utf8), at: base + "/" + path, mode: 0o644)
    }
    context.console.print(
      "installed catalog \(CatalogCommandTable.version) as \(TerminalText.visible(base))/bin/catalog"
    )
    return .success
  }

  /// Writes `bytes` to `path` under a temporary name and renames it into place, after
  /// creating the directories that lead to it.
  private static func install(_ bytes: [UInt8], at path: String, mode: mode_t) throws {
    if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
      try makeDirectories(String(path[..<slash]))
    }
    let file = try AtomicFile(path: path, mode: mode)
    do {
      try file.write(bytes)
      try file.commit()
    } catch {
      file.abandon()
      throw error
    }
  }

  /// The bytes of the running executable.
  private static func executableBytes() throws -> [UInt8] {
    let path = executablePath()
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else {
      throw CatalogError.io(path: path, reason: SystemError.message(errno))
    }
    defer { close(fd) }
    let contents = readAll(fd, chunk: 1 << 20)
    if let error = contents.error {
      throw CatalogError.io(path: path, reason: SystemError.message(error))
    }
    return contents.bytes
  }

  /// The file of the running process: Linux's `/proc/self/exe` names it whatever the
  /// command line said; elsewhere Foundation's answer.
  private static func executablePath() -> String {
    #if os(Linux)
      return "/proc/self/exe"
    #else
      return Bundle.main.executablePath ?? CommandLine.arguments.first ?? "catalog"
    #endif
  }

  /// Creates `directory` and the directories that lead to it, as `mkdir -p` does.
  private static func makeDirectories(_ directory: String) throws {
    var path = directory.hasPrefix("/") ? "/" : ""
    for component in directory.split(separator: "/", omittingEmptySubsequences: true) {
      path += path.isEmpty || path.hasSuffix("/") ? String(component) : "/" + component
      if mkdir(path, 0o755) == 0 { continue }
      let error = errno
      var status = stat()
      guard error == EEXIST, stat(path, &status) == 0 else {
        throw CatalogError.io(
          path: path, reason: "the directory cannot be created: \(SystemError.message(error))")
      }
      guard status.st_mode & S_IFMT == S_IFDIR else {
        throw CatalogError.io(
          path: path, reason: "not a directory, so nothing can be installed in it")
      }
    }
  }
}
