import CLibPQ
import CatalogStorage

/// A libpq connection string: a `postgresql://` URI or `key=value` pairs
/// (https://www.postgresql.org/docs/current/libpq-connect.html#LIBPQ-CONNSTRING), checked
/// by libpq's own parser.
///
/// What it leaves out comes from libpq's environment variables (`PGHOST`, `PGUSER`, …) and
/// `~/.pgpass`, as for `psql`. Its description is ``redacted``: interpolating one into a
/// message never shows a password.
///
///     let location = try ConnectionString("postgresql://ci:s3cret@db.example/components")
///     print(location)            // postgresql://ci:***@db.example/components
struct ConnectionString: Sendable, Hashable, CustomStringConvertible {
  /// The string as given, password included: for libpq only, never for a message.
  let text: String
  /// The passwords libpq parsed from it (`password`, `sslpassword`), to be taken out of any
  /// text libpq or the server sends back.
  let secrets: [String]
  /// The text without its passwords, checked with libpq's parser.
  let redacted: String

  /// Checks `text` with libpq's parser.
  ///
  /// - Throws: ``PostgreSQLError`` of kind `.connection` when libpq cannot parse it (in this
  ///   layer's words: libpq's message may quote the text, password included), or cannot be
  ///   loaded (libpq is loaded on first use: see `Sources/CLibPQ`).
  init(_ text: String) throws {
    // Every connection starts from a parsed string: libpq is loaded here, on first use.
    if let problem = clibpq_load() {
      throw PostgreSQLError(
        kind: .connection,
        message: "the PostgreSQL client library could not be loaded: "
          + PostgreSQLError.firstLine(String(cString: problem)))
    }
    let options: [String: String]
    switch Self.parse(text) {
    case .failure(let reason):
      throw PostgreSQLError(
        kind: .connection, message: "invalid connection string: " + Self.wording(of: reason))
    case .success(let parsed): options = parsed
    }
    self.text = text
    secrets = Self.secretKeywords.compactMap { options[$0] }.filter { !$0.isEmpty }
    redacted = Self.checkedRedaction(of: text, options: options)
  }

  var description: String { redacted }

  /// `text` with every password this string holds replaced by `***`: for any message from
  /// libpq or the server.
  func scrubbed(_ message: String) -> String {
    var message = message.replacingOccurrences(of: text, with: redacted)
    for secret in secrets { message = message.replacingOccurrences(of: secret, with: "***") }
    return message
  }

  /// The keywords whose values are secrets.
  static let secretKeywords = ["password", "sslpassword"]

  /// The keywords and values libpq parses from `text` (those it sets), or libpq's message.
  static func parse(_ text: String) -> Result<[String: String], ParseFailure> {
    var message: UnsafeMutablePointer<CChar>?
    guard let options = PQconninfoParse(text, &message) else {
      let reason = message.map { String(cString: $0) } ?? "out of memory"
      if let message { PQfreemem(message) }
      return .failure(ParseFailure(libpqMessage: reason))
    }
    defer { PQconninfoFree(options) }
    var parsed: [String: String] = [:]
    var option = options
    while let keyword = option.pointee.keyword {
      if let value = option.pointee.val {
        parsed[String(cString: keyword)] = String(cString: value)
      }
      option += 1
    }
    return .success(parsed)
  }

  /// libpq's refusal of a connection string: its message, which may quote the string.
  struct ParseFailure: Error {
    let libpqMessage: String
  }

  /// Why libpq refused a string, in words that quote nothing of it (libpq's messages quote
  /// the %-escape or parameter they stop at, which may be part of a password).
  static func wording(of failure: ParseFailure) -> String {
    let message = failure.libpqMessage
    for prefix in ["invalid connection option \"", "invalid URI query parameter: \""]
    where message.hasPrefix(prefix) {
      // The option's name: shown when it reads as a keyword (lowercase letters, digits and
      // underscores, starting with a letter: a misspelt keyword), else not at all.
      let name = message.dropFirst(prefix.count).prefix { $0 != "\"" }
      if let first = name.first, first.isASCII, first.isLowercase, name.count <= 64,
        name.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "_") })
      {
        return "unknown option '\(name)'"
      }
      return "an option name is not one of libpq's"
    }
    let known: [(String, String)] = [
      ("invalid percent-encoded token", "a % must be followed by two hexadecimal digits"),
      ("forbidden value %00", "%00 cannot be part of a value"),
      ("unterminated quoted string", "a quoted value is not closed"),
      ("missing \"=\" after", "a keyword has no '=' and value"),
      ("extra key/value separator", "a URI query parameter has two '='"),
      ("missing key/value separator", "a URI query parameter has no '='"),
      ("end of string reached when looking for matching \"]\"", "an IPv6 address lacks its ']'"),
      ("IPv6 host address may not be empty", "an IPv6 address is empty"),
      ("unexpected character", "a URI has a character libpq does not expect after its host"),
      ("unexpected spaces found", "a URI holds spaces: write %20"),
      ("invalid integer value", "a number option is not an integer"),
      ("out of memory", "out of memory"),
    ]
    for (prefix, wording) in known where message.contains(prefix) {
      return wording
    }
    return "libpq cannot parse it"
  }

  /// ``CatalogLocation/redacted(_:)``, checked with libpq's parser: the redacted text must
  /// parse to the same options with `***` for each password. When it does not, the text is
  /// rebuilt from libpq's parse (key='value' pairs, passwords `***`).
  static func checkedRedaction(of text: String, options: [String: String]) -> String {
    let candidate = CatalogLocation.redacted(text)
    var expected = options
    for keyword in secretKeywords where expected[keyword].map({ !$0.isEmpty }) == true {
      expected[keyword] = "***"
    }
    if case .success(let parsed) = parse(candidate), parsed == expected {
      return candidate
    }
    return expected.keys.sorted().map { keyword in
      let value = expected[keyword] ?? ""
      let escaped = value.replacingOccurrences(of: "\\", with: "\\\\")
        .replacingOccurrences(of: "'", with: "\\'")
      return "\(keyword)='\(escaped)'"
    }.joined(separator: " ")
  }

  /// The redacted text of `location`'s connection string: checked with libpq when it parses,
  /// else this layer's redaction alone.
  static func redacted(_ location: CatalogLocation) -> String {
    guard case .postgresql(let text) = location else { return location.description }
    guard clibpq_load() == nil, case .success(let options) = parse(text) else {
      return location.description
    }
    return checkedRedaction(of: text, options: options)
  }
}
