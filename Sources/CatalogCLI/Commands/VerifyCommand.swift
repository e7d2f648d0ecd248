import CatalogDiff
import CatalogStore
import Components

/// `catalog verify FILE --at REF` and `catalog verify FILE --digest sha256:…`: is this file
/// exactly what a revision exports?
enum VerifyCommand: CatalogCommand {
  static let file: ArgumentKey<String?> = .positional(
    "file", help: "The file to verify, or '-' for stdin."
  ).completing(.file)
  static let digest: ArgumentKey<String?> = .option(
    "digest", valueName: "sha256:hex",
    help: "Verify against this export digest ('export --digest'), without a catalog.")
  static let semantic: ArgumentKey<Bool> = .flag(
    "semantic",
    help:
      "Accept a file that is the same catalog as the revision without being its bytes "
      + "(another indentation, say).")
  static let quiet: ArgumentKey<Bool> = .flag(
    "quiet", help: "Print nothing; the exit status alone says whether the file verifies.")

  static let spec = CommandSpec(
    name: "verify",
    abstract: "Verify that a file is exactly what a revision exports.",
    discussion: """
      Exits with 0 only when FILE is byte for byte what 'export --at REF' writes (its \
      SHA-256 is the revision's export digest, which show and 'export --digest' print), \
      and with 1 otherwise, printing what differs as 'catalog diff @REF FILE' would with \
      entries matched by kind: kinds the file lacks are differences (ENTRY_REMOVED), as \
      are kinds it adds, changed values, member order and the document's top-level \
      members. A file that is the same catalog in other bytes (indentation, line \
      endings) is said to be so; --semantic accepts it. --quiet prints nothing, and \
      never hides a difference: the status is still 1.

      With --digest sha256:HEX, FILE is compared with that digest and no catalog is \
      opened: the check of a build step that has only the manifest and the digest a \
      release recorded.

      When REF is a tag, the file is also held to the digest the tag recorded when it was \
      made or moved ('tag --list'); a revision that no longer exports that digest is \
      trouble (its history was changed; run doctor).

      Unlike 'diff @REF FILE', which shows what importing FILE would record and so keeps \
      the kinds a file lacks, verify answers "is this file exactly REF?".

      Exit status: 0 the file verifies, 1 it does not, 2 trouble (an unreadable file, \
      invalid JSON, an unknown revision, a malformed digest).
      """,
    arguments: [
      file.spec, CommonArguments.at.spec, digest.spec, semantic.spec, quiet.spec,
      CommonArguments.maxDepth.spec, CommonArguments.maxSize.spec,
    ],
    constraints: [.mutuallyExclusive(digest, semantic)],
    examples: [
      Example(
        "Is the build's manifest exactly release v1?", "catalog verify components.json --at v1"),
      Example(
        "The same without the catalog, against the digest recorded at the release:",
        "catalog verify components.json --digest \"$(cat v1.sha256)\""),
    ],
    seeAlso: ["export", "diff", "show"])

  /// Like diff(1), every kind of trouble is 2.
  static var failureStatus: ExitStatus? { .trouble }

  static func run(_ context: CommandContext) throws -> ExitStatus {
    let arguments = context.arguments
    let operand = arguments[file] ?? "-"
    let source: DocumentSource = operand == "-" ? .standardInput : .file(operand)
    let limits = context.documentLimits
    let quiet = arguments[Self.quiet]
    let console = context.console
    let bytes = try source.readBytes(maxSize: limits.maxSize)
    let actual = try SHA256.hash(bytes)

    if let text = arguments[digest] {
      guard let expected = SHA256Digest(hex: text), text.hasPrefix(SHA256Digest.prefix) else {
        throw UsageError.invalidArguments(
          "'--digest \(text)' is not a SHA-256 digest (sha256: and 64 hexadecimal digits)")
      }
      if actual == expected {
        if !quiet { console.print("ok: \(source.name) has digest \(expected)") }
        return .success
      }
      if !quiet {
        console.error("catalog: \(source.name) differs: its digest is \(actual), not \(expected)")
      }
      return .differences
    }

    let catalog = try context.openCatalogWithRevisions()
    let revision = try catalog.revision(context.atReference).id
    let expected = try catalog.exportDigest(at: .number(revision))
    // A tag recorded the digest of what it named: the file is checked against that too, and
    // a catalog whose revision no longer exports it is trouble, not a verdict.
    var recordedWith = ""
    if case .tag(let name) = context.atReference,
      let record = try catalog.tagRecords().first(where: { $0.tag.name.hasSameBytes(as: name) }),
      let recorded = record.exportDigest
    {
      guard recorded == expected else {
        console.error(
          "catalog: error: tag \(name) recorded digest \(recorded) for revision \(revision), "
            + "but revision \(revision) now exports \(expected): the catalog's history was "
            + "changed after the tag was made (run catalog doctor)")
        return .trouble
      }
      recordedWith = ", the digest recorded with tag \(name)"
    }
    if actual == expected {
      if !quiet {
        console.print(
          "ok: \(source.name) is exactly revision \(revision)'s export (\(expected))"
            + recordedWith)
      }
      return .success
    }
    // Not the bytes: say what differs, as a catalog.
    let document = try DocumentSource.bytes(bytes, name: source.name).readDocument(
      maxDepth: limits.maxDepth, maxSize: limits.maxSize)
    var diff: CatalogDiff
    do {
      diff = try CatalogDiff(old: try catalog.entries(at: .number(revision)), new: document.entries)
    } catch let error as CatalogDiffError {
      console.error("catalog: error: \(CatalogMain.words(error))")
      return .trouble
    }
    diff.compareFrames(old: try catalog.documentFrame(at: .number(revision)), new: document.frame)
    if !diff.differs(failingOn: .any) {
      if arguments[semantic] {
        if !quiet {
          console.print(
            "ok: \(source.name) is revision \(revision)'s catalog (not byte for byte its export, "
              + "\(expected))")
        }
        return .success
      }
      if !quiet {
        console.error(
          "catalog: \(source.name) holds revision \(revision)'s catalog, but not byte for byte "
            + "its export (its digest is \(actual), the export's \(expected)); --semantic "
            + "accepts it")
      }
      return .differences
    }
    if !quiet {
      let color = context.terminal(json: false).color
      console.write(Array(diff.text(color: color).utf8))
      console.error(
        "catalog: \(source.name) is not revision \(revision)'s export (its digest is \(actual), "
          + "the export's \(expected))")
    }
    return .differences
  }
}
