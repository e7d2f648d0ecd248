/// What ``JSONReader``'s container walker feeds as it reads one value: a tree builder
/// (``JSONTreeBuilder``), a canonical-text writer (``CanonicalTextSink``), or nothing
/// (``DiscardingSink``, for the rest of a value past the depth limit).
///
/// The walker reads the structure (containers, keys, separators, the depth limit, duplicate
/// keys) and calls these in document order; a sink scans scalar tokens itself, so that each
/// can take them in the form it keeps.
protocol JSONSink {
  mutating func beginObject()
  /// A key of the innermost object, as the UTF-8 of its decoded value; its value follows.
  mutating func key(_ key: ArraySlice<UInt8>)
  mutating func endObject()
  mutating func beginArray()
  mutating func endArray()
  /// Between two members or two elements.
  mutating func separator()
  /// Reads the string token that is next in `input` (its quote).
  mutating func string(from input: JSONInput) throws(JSONDiagnostic)
  /// Reads the number token that is next in `input`.
  mutating func number(from input: JSONInput) throws(JSONDiagnostic)
  /// A literal the walker has read.
  mutating func literal(_ literal: JSONLiteral)
}

/// `true`, `false` or `null`.
enum JSONLiteral {
  case `true`, `false`, null

  /// The literal's text.
  var text: StaticString {
    switch self {
    case .true: "true"
    case .false: "false"
    case .null: "null"
    }
  }
}

/// Reads a value only to check it.
struct DiscardingSink: JSONSink {
  private var scratch: [UInt8] = []

  mutating func beginObject() {}
  mutating func key(_ key: ArraySlice<UInt8>) {}
  mutating func endObject() {}
  mutating func beginArray() {}
  mutating func endArray() {}
  mutating func separator() {}
  mutating func literal(_ literal: JSONLiteral) {}

  mutating func string(from input: JSONInput) throws(JSONDiagnostic) {
    scratch.removeAll(keepingCapacity: true)
    try input.scanString(into: &scratch, .decoded)
  }

  mutating func number(from input: JSONInput) throws(JSONDiagnostic) {
    scratch.removeAll(keepingCapacity: true)
    try input.scanNumber(into: &scratch)
  }
}
