import CatalogStore
import Foundation
import Testing

@Suite("Catalog locations: SQLite paths and PostgreSQL connections")
struct CatalogLocationTests {
  @Test(arguments: [
    "components.sqlite", "/srv/catalog/components.sqlite", "./host=x", "dir/a=b.sqlite",
    "postgresql", "", "postgresql:/no-slashes",
  ])
  func plainPathsAreSQLite(text: String) {
    #expect(CatalogLocation(text) == .sqlite(path: text))
    #expect(CatalogLocation(text).engine == "sqlite")
    #expect(CatalogLocation(text).description == text)
  }

  @Test(arguments: [
    "postgresql://localhost/components", "postgres://u@db:5433/c?sslmode=disable",
    "POSTGRESQL://localhost", "host=/tmp/pg dbname=components", "dbname=c",
    "  service = catalog", "user=u host=db",
  ])
  func uriAndKeywordStringsArePostgreSQL(text: String) {
    #expect(CatalogLocation(text) == .postgresql(connection: text))
    #expect(CatalogLocation(text).engine == "postgresql")
  }

  @Test(arguments: [
    ("postgresql://u:s3cret@db/c", "postgresql://u:***@db/c"),
    (
      "postgres://u:s3cret@db/c?password=s3cret&sslmode=disable",
      "postgres://u:***@db/c?password=***&sslmode=disable"
    ),
    ("postgresql://db/c?password=s3cret", "postgresql://db/c?password=***"),
    ("host=db password=s3cret dbname=c", "host=db password=*** dbname=c"),
    ("host=db password='s3 \\' cret' dbname=c", "host=db password='***' dbname=c"),
    ("host=db PASSWORD = s3cret", "host=db PASSWORD = ***"),
    ("postgresql://u@db/c", "postgresql://u@db/c"),
  ])
  func descriptionsNeverShowAPassword(text: String, shown: String) {
    let location = CatalogLocation(text)
    #expect(location.description == shown)
    #expect(!location.description.contains("s3"))
  }

  @Test func urls() throws {
    let file = try #require(CatalogLocation(url: URL(fileURLWithPath: "/tmp/c.sqlite")))
    #expect(file == .sqlite(path: "/tmp/c.sqlite"))
    let server = try #require(URL(string: "postgresql://u@db/c"))
    #expect(CatalogLocation(url: server) == .postgresql(connection: "postgresql://u@db/c"))
    let other = try #require(URL(string: "https://example.com/c"))
    #expect(CatalogLocation(url: other) == nil)
  }
}
