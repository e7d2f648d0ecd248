import CatalogDiff
import Components

/// One thing a CI gate reports: a change and the policy that refuses it when one does, or a
/// payload a retained app build cannot decode (mode `CLIENTS`, rule `DECODE_FAILS`).
///
/// `catalog check --against` reports the changes the policies refuse; `catalog diff` reports
/// every change, marked refused when `--fail-on` counts it; `check --clients` the payloads
/// the app builds reject. The formats (text, json, github, junit) are ``FindingReport``'s.
public struct Finding: Sendable, Hashable {
  public var kind: String
  /// The change; for a rejection, the place and the value found there (its rule is not
  /// the finding's: ``ruleName`` is `DECODE_FAILS`).
  public var change: CatalogDiff.Change
  /// The app build's rejection, for a finding of mode `CLIENTS`.
  public var rejection: ClientRejection?
  /// The mode that refuses the change, when a policy does.
  public var mode: CompatibilityMode?
  /// Where that mode was set.
  public var origin: CatalogPolicy.Origin?
  /// The revision the change was measured against (check: the base, or an earlier revision
  /// for a transitive mode).
  public var against: Int64?
  /// How to name what `against` stands for, when it is not a catalog's revision: a commit's
  /// version of the file (`git:abc123def456:components.json`, for `--against git:`).
  public var againstName: String?
  /// The submitted file, when there is one.
  public var file: String?
  /// The position in `file`: of the changed value when it is in the file, else of the
  /// nearest enclosing value (the entry for a removed key).
  public var position: SourcePosition?
  /// Whether the finding fails the gate (an error, a JUnit failure).
  public var fails: Bool

  public init(
    kind: String, change: CatalogDiff.Change, mode: CompatibilityMode? = nil,
    origin: CatalogPolicy.Origin? = nil, against: Int64? = nil, file: String? = nil,
    position: SourcePosition? = nil, fails: Bool
  ) {
    self.kind = kind
    self.change = change
    self.mode = mode
    self.origin = origin
    self.against = against
    self.file = file
    self.position = position
    self.fails = fails
  }

  /// A policy violation as a finding.
  public init(_ violation: PolicyViolation, file: String?) {
    self.init(
      kind: violation.kind, change: violation.change, mode: violation.mode,
      origin: violation.origin, against: violation.against, file: file,
      position: violation.position, fails: true)
  }

  /// A payload a retained build cannot decode as a finding: `value` is what the entry holds
  /// at the rejection's place (nil when it holds nothing there), `position` where it is.
  public init(
    _ rejection: ClientRejection, value: JSONValue?, file: String?, position: SourcePosition?
  ) {
    self.init(
      kind: rejection.kind,
      change: CatalogDiff.Change(pointer: rejection.pointer, old: nil, new: value, rule: .keyAdded),
      file: file, position: position ?? rejection.position, fails: true)
    self.rejection = rejection
  }

  /// The rule a rejection is waived and reported under.
  public static let decodeFailsRule = "DECODE_FAILS"
  /// The mode of the app builds' gate.
  public static let clientsMode = "CLIENTS"

  public var rule: ChangeRule { change.rule }

  /// The rule's name: the change's, or `DECODE_FAILS` for a rejection.
  public var ruleName: String { rejection == nil ? change.rule.rawValue : Self.decodeFailsRule }

  /// The class's name: a rejection is `breaking`.
  public var className: String {
    rejection == nil ? change.changeClass.rawValue : ChangeClass.breaking.rawValue
  }

  /// The mode's name: the policy's, or `CLIENTS` for a rejection.
  public var modeName: String? { rejection == nil ? mode?.rawValue : Self.clientsMode }

  /// Where the mode comes from: the policy's level, or the build (`app ios@5.2.0`).
  public var originText: String? {
    rejection.map { "app \($0.build)" } ?? origin?.description
  }

  /// The value before, as findings report it: none for a rejection.
  public var oldValue: JSONValue? { rejection == nil ? change.old : nil }

  /// What to do about it, for a refused change.
  public var hint: String? {
    if let rejection {
      return "make the payload one the build decodes, or retire the build once it is no "
        + "longer in the field (catalog contract retire \(rejection.build))"
    }
    return mode?.hint(for: change.rule)
  }

  /// The sentence that says it all, without the file position:
  /// `policy FORWARD of kind tile (set on category Display) refuses KEY_REMOVED
  /// /payload/subtitle: was "a", now absent; fix: …`.
  public var message: String {
    if let rejection { return "CLIENTS refuses kind \(kind): \(rejection.message)" }
    let values = "was \(Self.show(change.old)), now \(Self.show(change.new))"
    guard let mode, let origin else {
      return "\(change.rule.rawValue) (\(change.changeClass.rawValue)) in kind \(kind) at "
        + "\(Self.pointerText(change.pointer)): \(values)"
    }
    var text =
      "policy \(mode.rawValue) of kind \(kind) (\(origin)) refuses \(change.rule.rawValue) "
      + "\(Self.pointerText(change.pointer)): \(values)"
    if let againstName {
      text += " (against \(againstName))"
    } else if let against {
      text += " (against revision \(against))"
    }
    if let hint { text += "; fix: \(hint)" }
    return text
  }

  /// A pointer as findings print it: the entry itself is RFC 6901's empty pointer, printed
  /// `""` so that it shows (`/` is the member named "" at the entry's top level).
  static func pointerText(_ pointer: JSONPointer) -> String {
    pointer.isRoot ? "\"\"" : pointer.description
  }

  /// A value as findings print it: compact JSON, cut at 120 bytes; `absent` for none.
  static func show(_ value: JSONValue?) -> String {
    guard let value else { return "absent" }
    let bytes = JSONWriter.canonicalBytes(value)
    guard bytes.count > 120 else { return String(decoding: bytes, as: UTF8.self) }
    var cut = 117
    // Never cut inside a UTF-8 sequence.
    while cut > 0, bytes[cut] & 0xC0 == 0x80 { cut -= 1 }
    return String(decoding: bytes[..<cut], as: UTF8.self) + "..."
  }
}
