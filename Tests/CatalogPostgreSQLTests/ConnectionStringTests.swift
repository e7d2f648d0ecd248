import Testing

@testable import CatalogPostgreSQL

/// Connection strings: libpq's parser decides, and no password survives redaction.
@Suite struct ConnectionStringTests {
  @Test func theDescriptionHidesThePassword() throws {
    let string = try ConnectionString("postgresql://ci:s3cret@db.example/c?sslmode=disable")
    #expect("\(string)" == "postgresql://ci:***@db.example/c?sslmode=disable")
    let pairs = try ConnectionString("host=db dbname=c password=s3cret")
    #expect("\(pairs)" == "host=db dbname=c password=***")
  }

  @Test func anUnparsableStringIsRefusedWithoutItsPassword() throws {
    let error = try requirePostgreSQLError {
      try ConnectionString("postgresql://ci:s3cret@db/c?nonsense_option=1")
    }
    #expect(error.kind == .connection)
    #expect(error.message.contains("nonsense_option"))
    #expect(!error.message.contains("s3cret"))
  }
}
