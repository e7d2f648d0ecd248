import CatalogStorage
import Testing

@testable import CatalogPostgreSQL

/// Every spelling of a password libpq accepts, redacted, checked against libpq's own parser:
/// the redacted text parses to the same options with `***` for the password, and neither the
/// password nor any spelling of it is left in the text or in libpq's refusals.
@Suite struct ConnectionRedactionTests {
  /// A spelling and the password libpq reads from it.
  struct Spelling: Sendable, CustomStringConvertible {
    let text: String
    let password: String
    var description: String { text }
  }

  static let spellings: [Spelling] = [
    Spelling(text: "postgresql://ci:s3cret@db/c", password: "s3cret"),
    Spelling(text: "postgres://ci:s3cret@db:5433/c?sslmode=disable", password: "s3cret"),
    Spelling(text: "postgresql://ci:pa?ss@db/c", password: "pa?ss"),
    Spelling(text: "postgresql://ci:pa?ss@db/c?password=other", password: "other"),
    Spelling(text: "postgresql://ci:p%40ss%2Fw%3Fd@db/c", password: "p@ss/w?d"),
    Spelling(text: "postgresql://ci:p:ass@db/c", password: "p:ass"),
    Spelling(text: "postgresql://:s3cret@db/c", password: "s3cret"),
    Spelling(text: "postgresql://ci@db/c?password=s3cret", password: "s3cret"),
    Spelling(text: "postgresql://ci@db/c?sslmode=disable&password=s3%63ret", password: "s3cret"),
    Spelling(text: "postgresql://ci@db/c?pass%77ord=s3cret", password: "s3cret"),
    Spelling(text: "postgresql://ci@db/c?%70assword=s3cret&dbname=x", password: "s3cret"),
    Spelling(text: "postgresql://ci@[::1]:5432/c?password=s3cret", password: "s3cret"),
    Spelling(text: "postgresql://ci:s3cret@db1,db2:5433/c", password: "s3cret"),
    Spelling(text: "postgresql://ci:s3cret@/c?host=/tmp/pg", password: "s3cret"),
    Spelling(text: "host=db password=s3cret dbname=c", password: "s3cret"),
    Spelling(text: "host=db password = s3cret dbname=c", password: "s3cret"),
    Spelling(text: "host=db\tpassword=s3cret\tdbname=c", password: "s3cret"),
    Spelling(text: "host=db\npassword=s3cret\r\ndbname=c", password: "s3cret"),
    Spelling(text: "host=db password='s3 cret' dbname=c", password: "s3 cret"),
    Spelling(text: "host=db password='it\\'s' dbname=c", password: "it's"),
    Spelling(text: "host=db password='back\\\\slash'dbname=c", password: "back\\slash"),
    Spelling(text: "host=db password=s3\\ cret dbname=c", password: "s3 cret"),
    Spelling(text: "host=db password=s3\\'cret dbname=c", password: "s3'cret"),
    Spelling(text: "password=s3cret", password: "s3cret"),
    Spelling(text: "dbname=c sslpassword=s3cret", password: "s3cret"),
    Spelling(text: "host=db password=first password=s3cret", password: "s3cret"),
  ]

  @Test(arguments: spellings) func aSpellingIsRedactedAsLibpqReadsIt(_ spelling: Spelling) throws {
    guard case .success(let options) = ConnectionString.parse(spelling.text) else {
      Issue.record("libpq refuses \(spelling.text)")
      return
    }
    let keyword = options["sslpassword"] != nil ? "sslpassword" : "password"
    #expect(options[keyword] == spelling.password, "libpq reads another password")
    // The text redaction alone, which the command line's messages use.
    let redacted = CatalogLocation.redacted(spelling.text)
    #expect(!redacted.contains(spelling.password), "\(redacted)")
    #expect(!redacted.contains("s3"), "\(redacted)")
    guard case .success(let reparsed) = ConnectionString.parse(redacted) else {
      Issue.record("libpq refuses the redaction \(redacted)")
      return
    }
    var expected = options
    expected[keyword] = "***"
    if keyword == "password", options["sslpassword"] != nil { expected["sslpassword"] = "***" }
    #expect(reparsed == expected, "\(redacted)")
    // The engine's description, checked with libpq, agrees.
    let string = try ConnectionString(spelling.text)
    #expect(string.redacted == redacted)
    #expect(
      string.scrubbed("FATAL: role for \(spelling.password) refused")
        == "FATAL: role for *** refused")
  }

  /// Strings libpq refuses, each holding the password "s3cret": the refusal is worded by
  /// this layer, quoting nothing of the string, and the text redaction shows no password.
  static let refused = [
    "postgresql://ci:s3cret%zz@db/c", "postgresql://ci:s3cret%00@db/c",
    "postgresql://ci@db/c?password=s3cret%zz", "postgresql://ci@db/c?password=s3c%00ret",
    "postgresql://ci@db/c?pass%zzword=s3cret", "postgresql://ci@db/c?password=s3cret=x",
    "host=db password='s3cret", "host=db password s3cret", "host=db s3cret",
    "postgresql://ci@db/c?s3cret", "host=db pass\\word=s3cret",
  ]

  @Test(arguments: refused) func aRefusedStringIsNotQuoted(_ text: String) throws {
    let error = try requirePostgreSQLError { try ConnectionString(text) }
    #expect(error.kind == .connection)
    #expect(error.message.hasPrefix("invalid connection string: "), "\(error.message)")
    #expect(!error.message.contains("s3"), "\(error.message)")
    #expect(!CatalogLocation.redacted(text).contains("s3"), "\(CatalogLocation.redacted(text))")
  }
}
