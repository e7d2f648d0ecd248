/// The words of `catalog doctor` for the tables a write keeps beside another without a
/// foreign key (`payload_hash` beside `payload`, `kind_version` beside `entry_version`), on
/// either engine.
package enum LookupTableCheck {
  /// - Parameters:
  ///   - missing: Payloads without their `payload_hash` row: not found by their hash, so
  ///     stored again.
  ///   - stray: `payload_hash` rows that name no payload with that hash.
  package static func payloadHash(missing: Int64, stray: Int64) -> [String] {
    problems(
      missing: missing,
      "payload_hash: \(missing) payloads have no row, so they cannot be found by their hash",
      stray: stray, "payload_hash: \(stray) rows name no payload with that hash")
  }

  /// - Parameters:
  ///   - missing: Entry versions without their `kind_version` row: their kind would not find
  ///     their component.
  ///   - stray: `kind_version` rows that name no entry version.
  package static func kindVersion(missing: Int64, stray: Int64) -> [String] {
    problems(
      missing: missing,
      "kind_version: \(missing) entry versions have no row, so their kind cannot find them",
      stray: stray, "kind_version: \(stray) rows name no entry version with that kind")
  }

  private static func problems(
    missing: Int64, _ missingText: String, stray: Int64, _ strayText: String
  ) -> [String] {
    (missing > 0 ? [missingText] : []) + (stray > 0 ? [strayText] : [])
  }
}
