import CatalogStorage

/// A value SQLite stores: one case per storage class (https://sqlite.org/datatype3.html).
///
/// Used for generic binding; literals make argument lists short:
///
///     try db.execute(sql: "INSERT INTO tag VALUES (?, ?, ?, ?)", arguments: ["v1", 3, now, nil])
enum DatabaseValue: Sendable, Hashable {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)
  case blob([UInt8])
}

extension DatabaseValue: ExpressibleByNilLiteral {
  init(nilLiteral: ()) { self = .null }
}

extension DatabaseValue: ExpressibleByIntegerLiteral {
  init(integerLiteral value: Int64) { self = .integer(value) }
}

extension DatabaseValue: ExpressibleByFloatLiteral {
  init(floatLiteral value: Double) { self = .real(value) }
}

extension DatabaseValue: ExpressibleByStringLiteral {
  init(stringLiteral value: String) { self = .text(value) }
}
