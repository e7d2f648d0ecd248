import CatalogDiff
import Components

/// A catalog's compatibility policies in force: a default mode for the catalog, modes per
/// category and per kind, and ignores. docs/policies.md explains them.
///
/// The most specific level wins: a kind's own mode, else its category's, else the
/// catalog's, else `NONE`. `NONE` set at a level switches an inherited mode off.
public struct CatalogPolicy: Sendable, Hashable {
  /// A mode set at a category or kind.
  public struct Setting: Sendable, Hashable {
    public var name: String
    public var mode: CompatibilityMode

    public init(name: String, mode: CompatibilityMode) {
      self.name = name
      self.mode = mode
    }
  }

  /// A rule not enforced under a JSON Pointer prefix of a kind (as buf's `ignore_only`).
  public struct Ignore: Sendable, Hashable {
    public var kind: String
    public var rule: ChangeRule
    /// Relative to the entry, such as `/payload/debug`; the root pointer ignores the rule for
    /// the whole entry.
    public var pointer: JSONPointer

    public init(kind: String, rule: ChangeRule, pointer: JSONPointer) {
      self.kind = kind
      self.rule = rule
      self.pointer = pointer
    }

    /// Whether the ignore covers a change of `rule` at `pointer` in `kind`.
    public func covers(kind: String, rule: ChangeRule, pointer: JSONPointer) -> Bool {
      self.rule == rule && self.kind.hasSameBytes(as: kind)
        && pointer.tokens.count >= self.pointer.tokens.count
        && zip(pointer.tokens, self.pointer.tokens).allSatisfy { $0.hasSameBytes(as: $1) }
    }
  }

  /// Where an effective mode comes from.
  public enum Origin: Sendable, Hashable, CustomStringConvertible {
    /// No level sets a mode: `NONE`.
    case unset
    case catalog
    case category(String)
    case kind(String)

    /// `set on category Display`, as findings say it.
    public var description: String {
      switch self {
      case .unset: return "no policy set"
      case .catalog: return "set on the catalog"
      case .category(let name): return "set on category \(name)"
      case .kind(let name): return "set on kind \(name)"
      }
    }
  }

  /// The mode that applies to a kind, and the level it was set at.
  public struct Effective: Sendable, Hashable {
    public var mode: CompatibilityMode
    public var origin: Origin

    public init(mode: CompatibilityMode, origin: Origin) {
      self.mode = mode
      self.origin = origin
    }
  }

  public var catalog: CompatibilityMode?
  /// Sorted by name (bytes).
  public private(set) var categories: [Setting] = []
  /// Sorted by name (bytes).
  public private(set) var kinds: [Setting] = []
  /// Sorted by kind, rule, pointer.
  public private(set) var ignores: [Ignore] = []

  public init() {}

  /// The policies the records leave, replayed in order.
  ///
  /// - Throws: ``CatalogError/database(_:)`` for a record naming an unknown mode or rule.
  public init(records: [PolicyRecord]) throws {
    for record in records { try apply(record) }
  }

  /// Whether no level sets a mode other than `NONE`: then no write is checked.
  public var enforcesNothing: Bool {
    (catalog ?? .noCheck) == .noCheck && categories.allSatisfy { $0.mode == .noCheck }
      && kinds.allSatisfy { $0.mode == .noCheck }
  }

  /// The mode of a kind of `category`.
  /// Whether any level sets a transitive mode, which compares with every earlier revision.
  public var usesTransitiveModes: Bool {
    (catalog?.isTransitive ?? false) || categories.contains { $0.mode.isTransitive }
      || kinds.contains { $0.mode.isTransitive }
  }

  public func effectiveMode(kind: String, category: String) -> Effective {
    if let setting = kinds.first(where: { $0.name.hasSameBytes(as: kind) }) {
      return Effective(mode: setting.mode, origin: .kind(setting.name))
    }
    if let setting = categories.first(where: { $0.name.hasSameBytes(as: category) }) {
      return Effective(mode: setting.mode, origin: .category(setting.name))
    }
    if let catalog { return Effective(mode: catalog, origin: .catalog) }
    return Effective(mode: .noCheck, origin: .unset)
  }

  /// Whether an ignore covers a change.
  public func ignores(kind: String, rule: ChangeRule, pointer: JSONPointer) -> Bool {
    ignores.contains { $0.covers(kind: kind, rule: rule, pointer: pointer) }
  }

  /// The mode set at a level, if any.
  public func mode(at scope: PolicyRecord.Scope, name: String) -> CompatibilityMode? {
    switch scope {
    case .catalog: return catalog
    case .category: return categories.first { $0.name.hasSameBytes(as: name) }?.mode
    case .kind: return kinds.first { $0.name.hasSameBytes(as: name) }?.mode
    }
  }

  /// Applies one record.
  public mutating func apply(_ record: PolicyRecord) throws {
    switch record.action {
    case .set:
      guard let text = record.mode, let mode = CompatibilityMode(rawValue: text) else {
        throw CatalogError.database(
          .inconsistent("policy change \(record.id) names no known mode"))
      }
      set(mode, at: record.scope, name: record.name)
    case .unset:
      set(nil, at: record.scope, name: record.name)
    case .ignore, .unignore:
      guard let ruleName = record.rule, let rule = ChangeRule(rawValue: ruleName),
        let pointerText = record.pointer, let pointer = try? JSONPointer(parsing: pointerText)
      else {
        throw CatalogError.database(
          .inconsistent("policy change \(record.id) names no known rule or pointer"))
      }
      let ignore = Ignore(kind: record.name, rule: rule, pointer: pointer)
      ignores.removeAll { Self.same($0, ignore) }
      if record.action == .ignore {
        ignores.append(ignore)
        ignores.sort(by: Self.ignoreOrder)
      }
    }
  }

  /// Sets (or with nil, removes) the mode at a level.
  public mutating func set(_ mode: CompatibilityMode?, at scope: PolicyRecord.Scope, name: String) {
    switch scope {
    case .catalog:
      catalog = mode
    case .category:
      Self.set(mode, name: name, in: &categories)
    case .kind:
      Self.set(mode, name: name, in: &kinds)
    }
  }

  /// Adds an ignore (once).
  public mutating func addIgnore(_ ignore: Ignore) {
    guard !ignores.contains(where: { Self.same($0, ignore) }) else { return }
    ignores.append(ignore)
    ignores.sort(by: Self.ignoreOrder)
  }

  /// Removes an ignore.
  public mutating func removeIgnore(_ ignore: Ignore) {
    ignores.removeAll { Self.same($0, ignore) }
  }

  private static func set(_ mode: CompatibilityMode?, name: String, in settings: inout [Setting]) {
    settings.removeAll { $0.name.hasSameBytes(as: name) }
    guard let mode else { return }
    settings.append(Setting(name: name, mode: mode))
    settings.sort { Array($0.name.utf8).lexicographicallyPrecedes(Array($1.name.utf8)) }
  }

  static func same(_ a: Ignore, _ b: Ignore) -> Bool {
    a.rule == b.rule && a.kind.hasSameBytes(as: b.kind)
      && a.pointer.tokens.count == b.pointer.tokens.count
      && zip(a.pointer.tokens, b.pointer.tokens).allSatisfy { $0.hasSameBytes(as: $1) }
  }

  private static func ignoreOrder(_ a: Ignore, _ b: Ignore) -> Bool {
    let x = (Array(a.kind.utf8), a.rule.rawValue, Array(a.pointer.description.utf8))
    let y = (Array(b.kind.utf8), b.rule.rawValue, Array(b.pointer.description.utf8))
    if x.0 != y.0 { return x.0.lexicographicallyPrecedes(y.0) }
    if x.1 != y.1 { return x.1 < y.1 }
    return x.2.lexicographicallyPrecedes(y.2)
  }

  /// The records that turn `self` into `other`, in a fixed order: what `policy import`
  /// writes. Empty when they are the same.
  public func records(to other: CatalogPolicy, draft: PolicyRecord) -> [PolicyRecord] {
    var records: [PolicyRecord] = []
    func record(
      _ action: PolicyRecord.Action, _ scope: PolicyRecord.Scope, _ name: String,
      mode: CompatibilityMode? = nil, ignore: Ignore? = nil
    ) {
      var r = draft
      r.action = action
      r.scope = scope
      r.name = name
      r.mode = mode?.rawValue
      r.rule = ignore?.rule.rawValue
      r.pointer = ignore?.pointer.description
      records.append(r)
    }
    if catalog != other.catalog {
      if let mode = other.catalog {
        record(.set, .catalog, "", mode: mode)
      } else {
        record(.unset, .catalog, "")
      }
    }
    for (scope, mine, theirs) in [
      (PolicyRecord.Scope.category, categories, other.categories), (.kind, kinds, other.kinds),
    ] {
      for setting in mine where !theirs.contains(where: { $0.name.hasSameBytes(as: setting.name) })
      {
        record(.unset, scope, setting.name)
      }
      for setting in theirs
      where !mine.contains(where: {
        $0.name.hasSameBytes(as: setting.name) && $0.mode == setting.mode
      }) {
        record(.set, scope, setting.name, mode: setting.mode)
      }
    }
    for ignore in ignores where !other.ignores.contains(where: { Self.same($0, ignore) }) {
      record(.unignore, .kind, ignore.kind, ignore: ignore)
    }
    for ignore in other.ignores where !ignores.contains(where: { Self.same($0, ignore) }) {
      record(.ignore, .kind, ignore.kind, ignore: ignore)
    }
    return records
  }
}
