import Components

/// The text of a payload the index's search runs over: its string values (not its keys,
/// numbers or booleans), in document order, one per line, at most ``limit`` bytes of UTF-8 a
/// kind, so that a kind with a huge payload cannot make `search-payloads.js` huge; what is
/// past the limit is not searched.
enum PayloadSearchText {
  /// Bytes of string values kept per kind.
  static let limit = 1024

  /// The string values of `value`, joined by newlines and cut at ``limit`` bytes on a
  /// character boundary. Walked with a stack of its own, not recursion.
  static func text(of value: JSONValue) -> String {
    var out = ""
    var bytes = 0
    var pending: [JSONValue] = [value]
    while let next = pending.popLast(), bytes < limit {
      switch next {
      case .string(let text):
        if bytes > 0 {
          out.append("\n")
          bytes += 1
        }
        for character in text {
          let size = character.utf8.count
          if bytes + size > limit { return out }
          out.append(character)
          bytes += size
        }
      case .array(let elements):
        pending.append(contentsOf: elements.reversed())
      case .object(let object):
        pending.append(contentsOf: object.members.reversed().map(\.value))
      case .null, .bool, .number:
        break
      }
    }
    return out
  }
}
