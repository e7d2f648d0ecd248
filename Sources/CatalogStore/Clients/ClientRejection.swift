import Components

/// A payload a retained app build cannot decode: the build, the entry's kind, and where and
/// why its contract rejects it (`/payload/count: app ios@5.2.0 decodes an integer, found
/// 1.5`). The finding of the client matrix, `check --clients` and the write gate (mode
/// `CLIENTS`, docs/policies.md).
public struct ClientRejection: Sendable, Hashable {
  /// The build, `APP@VERSION`.
  public var build: String
  public var kind: String
  /// Where in the payload the build's decoder fails, and what it reads there.
  public var violation: ShapeViolation
  /// Where the entry starts in the submitted file, when there is one.
  public var position: SourcePosition?

  public init(build: String, kind: String, violation: ShapeViolation, position: SourcePosition?) {
    self.build = build
    self.kind = kind
    self.violation = violation
    self.position = position
  }

  /// The place in the entry: `/payload` and the payload's pointer.
  public var pointer: JSONPointer { JSONPointer(["payload"] + violation.pointer.tokens) }

  /// `/payload/count: app ios@5.2.0 decodes an integer, found 1.5`.
  public var message: String {
    "\(pointer): app \(build) decodes \(violation.expected), found \(violation.found)"
  }

  /// The waived change a waiver records when `--allow-breaking` lets it through.
  public var waived: WaivedChange {
    WaivedChange(kind: kind, rule: "DECODE_FAILS", pointer: pointer.description, mode: "CLIENTS")
  }
}

/// A write a retained app build could not decode: every rejection, in the order of the
/// entries. Thrown by every write of ``Catalog``; nothing was written.
public struct ClientRefusal: Error, Sendable, Hashable {
  /// The submitted file's name, or the operation when there is no file.
  public var source: String
  public var rejections: [ClientRejection]

  public init(source: String, rejections: [ClientRejection]) {
    self.source = source
    self.rejections = rejections
  }
}
