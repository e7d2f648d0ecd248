import Foundation

/// A way to name a revision: `7`, `head`, `head~2`, a tag name, or an ISO-8601 time
/// (`2026-11-29`, `2026-11-29T14:03:00Z`) meaning the revision that was head at that moment;
/// any of them followed by `~N` (N revisions before), `~` or `^` (the one before), as in git:
/// `v2~1`, `7~2`, `head^`, `v1^^`.
public indirect enum RevisionReference: Sendable, Hashable, CustomStringConvertible,
  ExpressibleByStringLiteral, ExpressibleByIntegerLiteral
{
  case head
  /// `head~N`: N revisions before head.
  case beforeHead(Int)
  case number(Int64)
  case tag(String)
  /// The revision that was head at this moment.
  case time(Date, text: String)
  /// `REF~N`: N revisions before the one REF names (history is a line, so that is the
  /// revision numbered N less).
  case before(RevisionReference, Int, text: String)

  /// Parses a reference as a user types it. Anything that is not a number, `head`,
  /// `head~N` or a time, optionally followed by `~N`, `~` or `^` suffixes, is taken as a tag
  /// name (tag names cannot contain `~` or `^`).
  public init(parsing text: String) {
    if let (base, count) = Self.ancestry(text) {
      let reference = RevisionReference(parsing: base)
      if case .head = reference {
        self = .beforeHead(count)
      } else if case .beforeHead(let n) = reference {
        self = .beforeHead(n + count)
      } else {
        self = .before(reference, count, text: text)
      }
      return
    }
    if text == "head" || text == "HEAD" {
      self = .head
    } else if text.hasPrefix("head~") || text.hasPrefix("HEAD~"),
      let count = Int(text.dropFirst(5)), count >= 0, text.dropFirst(5).allSatisfy(\.isNumber)
    {
      self = .beforeHead(count)
    } else if !text.isEmpty, Self.isDigits(text),
      let number = Int64(text)
    {
      self = .number(number)
    } else if let date = Timestamp.parse(text) {
      self = .time(date, text: text)
    } else {
      self = .tag(text)
    }
  }

  /// Whether every character of `text` is an ASCII digit (true for the empty text).
  private static func isDigits(_ text: some StringProtocol) -> Bool {
    text.allSatisfy { $0.isASCII && $0.isNumber }
  }

  /// `v2~1^` → ("v2", 2): the reference before its `~N`, `~` and `^` suffixes and how many
  /// revisions back they go; nil when there are none.
  private static func ancestry(_ text: String) -> (String, Int)? {
    var rest = Substring(text)
    var count = 0
    var found = false
    while let last = rest.last {
      if last == "^" {
        rest = rest.dropLast()
        count += 1
      } else if let tilde = rest.lastIndex(of: "~"),
        isDigits(rest[rest.index(after: tilde)...])
      {
        let digits = rest[rest.index(after: tilde)...]
        guard digits.count <= 9 else { return nil }
        count += digits.isEmpty ? 1 : Int(digits) ?? 0
        rest = rest[..<tilde]
      } else {
        break
      }
      found = true
    }
    guard found, !rest.isEmpty else { return nil }
    return (String(rest), count)
  }

  public init(stringLiteral value: String) {
    self.init(parsing: value)
  }

  public init(integerLiteral value: Int64) {
    self = .number(value)
  }

  public var description: String {
    switch self {
    case .head: return "head"
    case .beforeHead(let count): return "head~\(count)"
    case .number(let number): return String(number)
    case .tag(let name): return name
    case .time(_, let text): return text
    case .before(_, _, let text): return text
    }
  }

  /// Whether `name` could be a tag's name: it must not read as any other kind of reference.
  public static func validateTagName(_ name: String) throws(CatalogError) {
    // Digits alone read as a revision number, whatever their count: one past Int64's range
    // is not a revision, but it is not a name either (`--at 99999999999999999999`).
    let digits = !name.isEmpty && name.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    guard !digits, case .tag = RevisionReference(parsing: name) else {
      throw .request(.tagNameReadsAsReference(name: name))
    }
    let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-/+")
    guard let first = name.first, first.isLetter || first.isNumber,
      name.allSatisfy(allowed.contains),
      name.count <= 100
    else {
      throw .request(.invalidTagName(name: name))
    }
  }

  /// The revision id this reference names in `context`; 0 for `head` of an empty catalog.
  ///
  /// - Throws: ``CatalogError/unknownRevision(reference:reason:)`` when it names none.
  package func resolve(in context: any CatalogReadContext) throws -> Int64 {
    let head = try context.headRevision()
    switch self {
    case .head:
      return head
    case .beforeHead(let count):
      guard Int64(count) < head else {
        throw CatalogError.unknownRevision(
          reference: description,
          reason: "head is revision \(head), so there is no revision \(count) before it")
      }
      return head - Int64(count)
    case .number(let number):
      guard number >= 1, number <= head else {
        throw CatalogError.unknownRevision(
          reference: description,
          reason: head == 0 ? "the catalog has no revisions yet" : "revisions are 1 to \(head)")
      }
      return number
    case .tag(let name):
      guard let tag = try context.tag(named: name) else {
        // Too many digits to count: a number or a count back past any history, not a tag
        // (tag names cannot be all digits or hold `~`).
        if !name.isEmpty, Self.isDigits(name) {
          throw CatalogError.unknownRevision(
            reference: name,
            reason: head == 0 ? "the catalog has no revisions yet" : "revisions are 1 to \(head)")
        }
        if let tilde = name.lastIndex(of: "~"), name.index(after: tilde) < name.endIndex,
          Self.isDigits(name[name.index(after: tilde)...])
        {
          throw CatalogError.unknownRevision(
            reference: name,
            reason: "that is more revisions back than the catalog has (head is revision \(head))")
        }
        let known = try context.tags().map(\.name)
        throw CatalogError.unknownRevision(
          reference: name,
          reason: "no revision number, head~N, ISO-8601 time or tag has that name"
            + (known.isEmpty
              ? " (the catalog has no tags)" : "; tags: \(known.joined(separator: ", "))"))
      }
      return tag.revision
    case .time(let date, let text):
      guard let id = try context.revision(atOrBefore: date) else {
        let first = try context.revision(1).map {
          " (the first revision is from \(Timestamp.string($0.time)))"
        }
        throw CatalogError.unknownRevision(
          reference: text,
          reason: "the catalog had no revisions yet at \(Timestamp.string(date))\(first ?? "")")
      }
      return id
    case .before(let base, let count, let text):
      let revision = try base.resolve(in: context)
      guard Int64(count) < revision else {
        throw CatalogError.unknownRevision(
          reference: text,
          reason: "\(base) is revision \(revision), so there is no revision \(count) before it")
      }
      return revision - Int64(count)
    }
  }
}
