import CLibPQ

/// A libpq connection string: a `postgresql://` URI or `key=value` pairs
/// (https://www.postgresql.org/docs/current/libpq-connect.html#LIBPQ-CONNSTRING).
///
/// What it leaves out comes from libpq's environment variables (`PGHOST`, `PGUSER`, …) and
/// `~/.pgpass`, as for `psql`. Its description is ``redacted``: interpolating one into a
/// message never shows a password.
///
///     let location = try ConnectionString("postgresql://ci:s3cret@db.example/components")
///     print(location)            // postgresql://ci@db.example/components
package struct ConnectionString: Sendable, Hashable, CustomStringConvertible {
  /// The string as given, password included: for libpq only, never for a message.
  package let text: String

  /// Checks `text` with libpq's parser.
  ///
  /// - Throws: ``PostgreSQLError`` of kind `.connection` when libpq cannot parse it (its
  ///   message, which quotes no password, names the problem).
  package init(_ text: String) throws {
    var message: UnsafeMutablePointer<CChar>?
    guard let options = PQconninfoParse(text, &message) else {
      let reason = message.map { String(cString: $0) } ?? "out of memory"
      if let message { PQfreemem(message) }
      throw PostgreSQLError(
        kind: .connection,
        message: "invalid connection string \(Self.redact(text)): "
          + PostgreSQLError.firstLine(reason))
    }
    PQconninfoFree(options)
    self.text = text
  }

  /// Whether `text` names a PostgreSQL database rather than a file: a `postgresql://` or
  /// `postgres://` URI, or `key=value` pairs that libpq accepts and that name a database, a
  /// host or a service.
  package static func isConnectionString(_ text: String) -> Bool {
    if text.hasPrefix("postgresql://") || text.hasPrefix("postgres://") {
      return true
    }
    guard text.contains("=") else { return false }
    var message: UnsafeMutablePointer<CChar>?
    guard let options = PQconninfoParse(text, &message) else {
      if let message { PQfreemem(message) }
      return false
    }
    defer { PQconninfoFree(options) }
    var option = options
    while let keyword = option.pointee.keyword {
      let key = String(cString: keyword)
      if ["dbname", "host", "hostaddr", "service"].contains(key), option.pointee.val != nil {
        return true
      }
      option += 1
    }
    return false
  }

  /// The string without its password: `postgresql://user@host/db`, `host=db dbname=x`.
  package var redacted: String { Self.redact(text) }

  package var description: String { redacted }

  /// `text` with every password removed: the `:password` of a URI's user information, a
  /// `password=` query parameter, a `password=` pair of the key=value form.
  package static func redact(_ text: String) -> String {
    if text.hasPrefix("postgresql://") || text.hasPrefix("postgres://") {
      return redactURI(text)
    }
    return redactPairs(text)
  }

  private static func redactURI(_ text: String) -> String {
    var bytes = Array(text.utf8)
    guard let schemeEnd = text.utf8.firstIndex(of: UInt8(ascii: "/")) else { return text }
    let authorityStart = text.utf8.distance(from: text.utf8.startIndex, to: schemeEnd) + 2
    var authorityEnd = authorityStart
    while authorityEnd < bytes.count, bytes[authorityEnd] != UInt8(ascii: "/"),
      bytes[authorityEnd] != UInt8(ascii: "?")
    {
      authorityEnd += 1
    }
    // The user information ends at the authority's last '@'; its password after the first ':'.
    if let at = bytes[authorityStart..<authorityEnd].lastIndex(of: UInt8(ascii: "@")),
      let colon = bytes[authorityStart..<at].firstIndex(of: UInt8(ascii: ":"))
    {
      bytes.removeSubrange(colon..<at)
      authorityEnd -= at - colon
    }
    guard let question = bytes[authorityEnd...].firstIndex(of: UInt8(ascii: "?")) else {
      return String(decoding: bytes, as: UTF8.self)
    }
    let query = bytes[(question + 1)...].split(
      separator: UInt8(ascii: "&"), omittingEmptySubsequences: false)
    let kept = query.filter { !$0.starts(with: Array("password=".utf8)) }
    var result = Array(bytes[..<question])
    if !kept.isEmpty {
      result.append(UInt8(ascii: "?"))
      result += Array(kept.joined(separator: [UInt8(ascii: "&")]))
    }
    return String(decoding: result, as: UTF8.self)
  }

  /// Drops `password = value` from key=value pairs, where a value is either a run of
  /// non-space characters or a single-quoted string with backslash escapes.
  private static func redactPairs(_ text: String) -> String {
    let bytes = Array(text.utf8)
    var output: [UInt8] = []
    var index = 0
    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
    while index < bytes.count {
      // Leading space.
      let pairStart = index
      while index < bytes.count, isSpace(bytes[index]) { index += 1 }
      let keyStart = index
      while index < bytes.count, bytes[index] != UInt8(ascii: "="), !isSpace(bytes[index]) {
        index += 1
      }
      let key = bytes[keyStart..<index]
      while index < bytes.count, isSpace(bytes[index]) { index += 1 }
      if index < bytes.count, bytes[index] == UInt8(ascii: "=") { index += 1 }
      while index < bytes.count, isSpace(bytes[index]) { index += 1 }
      if index < bytes.count, bytes[index] == UInt8(ascii: "'") {
        index += 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "'") {
          index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        index = min(index + 1, bytes.count)
      } else {
        while index < bytes.count, !isSpace(bytes[index]) { index += 1 }
      }
      if !key.elementsEqual("password".utf8) {
        output += bytes[pairStart..<index]
      }
    }
    var result = String(decoding: output, as: UTF8.self)
    while result.first == " " { result.removeFirst() }
    return result
  }
}
