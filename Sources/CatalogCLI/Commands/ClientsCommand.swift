import CatalogStore
import Components

/// `catalog clients [--at REF | FILE]`: the client matrix (docs/cli.md, "clients").
enum ClientsCommand: CatalogCommand {
  static let file: ArgumentKey<String?> = .positional(
    "file", arity: .optional,
    help: "A components.json file to check instead of the catalog ('-' for stdin)."
  ).completing(.file)
  static let at: ArgumentKey<String?> = .option(
    "at", valueName: "rev",
    help: "The revision to read (default head): its entries, and the builds retained then."
  ).completing(.revision)

  static let spec = CommandSpec(
    name: "clients",
    abstract: "Show what every retained app build makes of the catalog.",
    discussion: """
      For every app build whose contract is recorded and not retired ('catalog contract'), \
      prints the kinds it decodes, the kinds it does not know (the registry fails such an \
      entry alone, so they are reported, not refused), and every entry whose payload its \
      contract rejects, with the JSON Pointer and the reason: \
      '/payload/count: app ios@5.2.0 decodes an integer, found 1.5'.

      With --at REF, the catalog as it was at REF, against the builds retained then; with \
      FILE, the file's entries against the builds retained at head (FILE:LINE:COLUMN for \
      each rejection). The exit status is 0 whatever the builds reject: 'check --clients' \
      is the gate.
      """,
    arguments: [
      file.spec, at.spec, CommonArguments.maxDepth.spec, CommonArguments.maxSize.spec,
      CommonArguments.listFormat.spec,
    ],
    constraints: [.mutuallyExclusive(file, at)],
    examples: [
      Example("What the apps in the field make of head:", "catalog clients"),
      Example("Of a file about to be imported:", "catalog clients components.json"),
    ],
    seeAlso: ["contract", "check"])

  static func run(_ context: CommandContext) throws -> ExitStatus {
    let catalog = try context.openCatalogWithRevisions()
    let matrix: ClientMatrix
    var fileName: String?
    var revision: Int64?
    if let file = context.arguments[Self.file] {
      let limits = context.documentLimits
      let document = try SubmittedDocument(
        source: file == "-" ? .standardInput : .file(file), maxDepth: limits.maxDepth,
        maxSize: limits.maxSize)
      fileName = document.name
      matrix = try catalog.clientMatrix(of: document.entries, positions: document.positions)
    } else {
      let reference = RevisionReference(parsing: context.arguments[Self.at] ?? "head")
      revision = try catalog.revision(reference).id
      matrix = try catalog.clientMatrix(at: reference)
    }
    if context.arguments[CommonArguments.listFormat] == .json {
      ResultJSON.print(
        ResultJSON.clients(matrix, file: fileName, revision: revision), to: context.console)
      return .success
    }
    if matrix.builds.isEmpty {
      context.console.print("no retained app build: 'catalog contract record FILE' records one")
    }
    for build in matrix.builds {
      var line = "\(build.build): decodes \(build.decodes.count.counting("kind"))"
      if !build.unknown.isEmpty {
        line += ", does not know \(build.unknown.count) (\(build.unknown.joined(separator: ", ")))"
      }
      line += ", rejects \(payloadCount(build.rejections).counting("payload"))"
      context.console.print(line)
      for rejection in build.rejections {
        context.console.print("  " + text(rejection, file: fileName))
      }
    }
    return .success
  }

  /// `FILE:LINE:COLUMN: kind K: /payload/…: app … decodes …, found …`.
  static func text(_ rejection: ClientRejection, file: String?) -> String {
    var place = ""
    if let file, let position = rejection.position { place = "\(file):\(position): " }
    return place + describe(rejection)
  }

  /// `kind K: /payload/…: app … decodes …, found …`.
  static func describe(_ rejection: ClientRejection) -> String {
    "kind \(rejection.kind): \(rejection.message)"
  }

  /// How many payloads `rejections` are about: one per build and kind, however many places
  /// of the payload fail.
  static func payloadCount(_ rejections: [ClientRejection]) -> Int {
    Set(rejections.map { [$0.build, $0.kind] }).count
  }
}
