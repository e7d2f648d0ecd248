/// One step of a location inside a JSON document: an object member or an array element.
///
/// Built from a `DecodingError`'s coding path and printed as an RFC 6901 JSON Pointer.
enum RegistryPathStep: Hashable, Sendable {
  case key(String)
  case index(Int)

  /// The step a coding key stands for.
  ///
  /// JSONDecoder names array positions with keys whose `intValue` is the index and whose
  /// `stringValue` is `"Index <n>"`; an integer-backed key of a keyed container (an `Int` enum,
  /// an `[Int: …]` dictionary) has some other string value and is an object member.
  init(_ key: any CodingKey) {
    if let index = key.intValue, key.stringValue == "Index \(index)" {
      self = .index(index)
    } else {
      self = .key(key.stringValue)
    }
  }

  /// The steps of a coding path.
  static func steps(_ codingPath: [any CodingKey]) -> [RegistryPathStep] {
    codingPath.map(RegistryPathStep.init)
  }

  /// The RFC 6901 JSON Pointer for `steps`: `/`-separated, `~` escaped as `~0` and `/` as `~1`.
  ///
  /// The empty path is the empty pointer (the whole document).
  static func pointer(_ steps: some Sequence<RegistryPathStep>) -> String {
    steps.map { step in
      switch step {
      case .index(let index):
        return "/\(index)"
      case .key(let key):
        return "/"
          + key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
      }
    }.joined()
  }
}
