import Components

/// Kinds in order, held compactly: their bytes in one buffer and an end offset per kind,
/// instead of a `String` each. A first import reports every kind of the file as added
/// (``WriteResult/added``); as a `[String]` the 100,000 kinds of a large catalog took about
/// 7 MB (a 16-byte array slot, and for a kind longer than 15 bytes a heap object of its own),
/// here about 2 MB. Reads as a collection of `String`.
///
/// ```swift
/// var kinds: KindList = ["hero", "card"]
/// kinds.append("tile")
/// Array(kinds)  // ["hero", "card", "tile"]
/// ```
public struct KindList: RandomAccessCollection, Equatable, Sendable, ExpressibleByArrayLiteral {
  private var strings: ByteStrings

  public init() { strings = ByteStrings() }

  public init(arrayLiteral kinds: String...) {
    self.init(kinds)
  }

  public init(_ kinds: some Sequence<String>) {
    strings = ByteStrings()
    for kind in kinds { strings.append(kind) }
  }

  /// The kinds of `strings`, taken as they are (kind `i` is string `i`).
  package init(strings: ByteStrings) {
    self.strings = strings
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { strings.count }

  public subscript(position: Int) -> String { strings.string(position) }

  public mutating func append(_ kind: String) {
    strings.append(kind)
  }

  /// Equal when they hold the same kinds, by bytes, in the same order.
  public static func == (lhs: KindList, rhs: KindList) -> Bool {
    guard lhs.count == rhs.count else { return false }
    return lhs.strings.withStorage { left in
      rhs.strings.withStorage { right in
        (0..<lhs.count).allSatisfy { ByteComparison.equal(left[$0], right[$0]) }
      }
    }
  }
}
