import CatalogAgents
import CatalogStore
import Components

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `catalog mcp`: the catalog as a read-only Model Context Protocol server on stdin and
/// stdout (docs/agents.md).
enum McpCommand: CatalogCommand {
  static let maxMessage: ArgumentKey<Int?> = .option(
    "max-message", valueName: "bytes", minimum: 1024, maximum: Int(UInt32.max),
    defaultValue: McpLineReader.defaultMaxMessageSize,
    help:
      "Answer a message (one line) larger than <bytes> bytes with an error instead of reading "
      + "it (16777216 is 16 MiB).")

  static let spec = CommandSpec(
    name: "mcp",
    abstract: "Serve the catalog to agents over the Model Context Protocol (stdio).",
    discussion: """
      Runs a read-only MCP server: JSON-RPC 2.0, one message per line on stdin, one answer \
      per request on stdout, until stdin ends. It speaks protocol 2026-07-28 (server/discover \
      and the per-request envelope) and the initialize handshake of 2024-11-05 to 2025-11-25.

      Tools: list_components (category and text filters), get_component (a kind at a \
      revision: description, sample, shape, the app builds that decode it, its last \
      changes), validate_ui (as validate-ui), get_catalog (the exports of 'export --format'). \
      Resources: catalog://kinds/{kind} and catalog://releases/{tag}. Each request reads \
      the catalog again, so a revision imported while the server runs is seen at once.

      A malformed message, an unknown method or bad parameters get a JSON-RPC error and the \
      server reads on. Nothing but messages is written to stdout; stderr stays quiet.

      Exit status: 0 when stdin ends (or the client goes away), 66 no catalog, 74 a read \
      failure.
      """,
    arguments: [maxMessage.spec],
    examples: [
      Example("Serve the catalog in the current directory:", "catalog mcp"),
      Example(
        "Serve a PostgreSQL catalog:",
        "catalog -d postgresql://catalog@db.internal/components mcp"),
    ],
    seeAlso: ["export", "validate-ui"])

  static func run(_ context: CommandContext) throws -> ExitStatus {
    // A catalog with no revision yet is served: the first import shows up at once.
    let catalog = try context.openCatalog(forWriting: false)
    // A client that goes away mid-answer is a write error (EPIPE), not a signal.
    signal(SIGPIPE, SIG_IGN)
    let server = McpServer(catalog: catalog, serverVersion: CatalogCommandTable.version)
    let failure = server.serve(
      input: 0, output: 1,
      maxMessageSize: context.arguments[maxMessage] ?? McpLineReader.defaultMaxMessageSize)
    guard let failure, failure != EPIPE else { return .success }
    context.console.error("catalog: error: stdio: \(String(cString: strerror(failure)))")
    return .ioError
  }
}
