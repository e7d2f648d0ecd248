import Testing

@testable import CatalogPostgreSQL

/// Connection strings: which texts name a server, and that no password survives redaction.
@Suite struct ConnectionStringTests {
  @Test(arguments: [
    ("postgresql://ci:s3cret@db.example:5432/components", "postgresql://ci@db.example:5432/components"),
    ("postgres://ci:s3cret@db/c?sslmode=require", "postgres://ci@db/c?sslmode=require"),
    ("postgresql://ci@db/c?password=s3cret&sslmode=require", "postgresql://ci@db/c?sslmode=require"),
    ("postgresql:///c?host=/tmp/x&password=s3cret", "postgresql:///c?host=/tmp/x"),
    ("postgresql://a%40b:s3cret@db/c", "postgresql://a%40b@db/c"),
    ("host=db dbname=c password=s3cret user=ci", "host=db dbname=c user=ci"),
    ("password='s3 cret\\' x' host=db", "host=db"),
    ("host=db password = s3cret", "host=db"),
  ])
  func redactionRemovesThePassword(_ text: String, _ redacted: String) throws {
    #expect(ConnectionString.redact(text) == redacted)
    #expect(!ConnectionString.redact(text).contains("s3"))
  }

  @Test func locationsThatNameAServer() {
    #expect(ConnectionString.isConnectionString("postgresql://db/c"))
    #expect(ConnectionString.isConnectionString("postgres:///c"))
    #expect(ConnectionString.isConnectionString("host=db dbname=c"))
    #expect(ConnectionString.isConnectionString("dbname=c"))
    #expect(!ConnectionString.isConnectionString("components.sqlite"))
    #expect(!ConnectionString.isConnectionString("dir/a=b.sqlite"))
    #expect(!ConnectionString.isConnectionString("sslmode=require"))
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
