import Components
import Foundation
import TestSupport
import Testing

/// The JSONTestSuite parsing cases (Tests/Fixtures/JSONTestSuite, MIT, nst/JSONTestSuite).
@Suite("JSONTestSuite")
struct JSONTestSuiteTests {
  static let accepted = (try? Fixtures.jsonTestSuite("y_")) ?? []
  static let rejected = (try? Fixtures.jsonTestSuite("n_")) ?? []
  static let implementationDefined = (try? Fixtures.jsonTestSuite("i_")) ?? []

  @Test func suiteIsPresent() {
    #expect(Self.accepted.count == 95)
    #expect(Self.rejected.count == 188)
    #expect(Self.implementationDefined.count == 35)
  }

  /// Every y_ file is JSON. Two hold duplicate keys, which RFC 8259 allows and the catalog
  /// reports as a document error, never as invalid JSON.
  @Test(arguments: accepted)
  func validFileParses(_ name: String) throws {
    let bytes = try Fixtures.bytes("JSONTestSuite/test_parsing/\(name)")
    do {
      _ = try JSONValue(parsing: bytes)
    } catch {
      #expect(error.category == .invalidDocument, "\(name): \(error)")
      #expect(error.message.hasPrefix("duplicate key"), "\(name): \(error)")
    }
    var canonical: [UInt8] = []
    let reader = JSONReader(bytes: bytes)
    do {
      try reader.transcodeValue(into: &canonical)
      try reader.expectEndOfInput()
    } catch {
      #expect(error.category == .invalidDocument, "\(name): \(error)")
    }
  }

  @Test(arguments: rejected)
  func invalidFileIsRejected(_ name: String) throws {
    let bytes = try Fixtures.bytes("JSONTestSuite/test_parsing/\(name)")
    #expect(throws: JSONDiagnostic.self, "\(name)") { try JSONValue(parsing: bytes) }
    do {
      _ = try JSONValue(parsing: bytes)
    } catch {
      #expect(error.category == .invalidJSON, "\(name): \(error)")
      #expect(error.position.line >= 1 && error.position.column >= 1)
    }
  }

  /// What each i_ file does, as documented in docs/json.md.
  static let implementationDefinedOutcomes: [String: String] = [
    "i_number_double_huge_neg_exp.json": "accepted",
    "i_number_huge_exp.json": "accepted",
    "i_number_neg_int_huge_exp.json": "accepted",
    "i_number_pos_double_huge_exp.json": "accepted",
    "i_number_real_neg_overflow.json": "accepted",
    "i_number_real_pos_overflow.json": "accepted",
    "i_number_real_underflow.json": "accepted",
    "i_number_too_big_neg_int.json": "accepted",
    "i_number_too_big_pos_int.json": "accepted",
    "i_number_very_big_negative_int.json": "accepted",
    "i_object_key_lone_2nd_surrogate.json": "lone surrogate",
    "i_string_1st_surrogate_but_2nd_missing.json": "lone surrogate",
    "i_string_1st_valid_surrogate_2nd_invalid.json": "lone surrogate",
    "i_string_UTF-16LE_with_BOM.json": "invalid JSON",
    "i_string_UTF-8_invalid_sequence.json": "invalid JSON",
    "i_string_UTF8_surrogate_U+D800.json": "invalid JSON",
    "i_string_incomplete_surrogate_and_escape_valid.json": "lone surrogate",
    "i_string_incomplete_surrogate_pair.json": "lone surrogate",
    "i_string_incomplete_surrogates_escape_valid.json": "lone surrogate",
    "i_string_invalid_lonely_surrogate.json": "lone surrogate",
    "i_string_invalid_surrogate.json": "lone surrogate",
    "i_string_invalid_utf-8.json": "invalid JSON",
    "i_string_inverted_surrogates_U+1D11E.json": "lone surrogate",
    "i_string_iso_latin_1.json": "invalid JSON",
    "i_string_lone_second_surrogate.json": "lone surrogate",
    "i_string_lone_utf8_continuation_byte.json": "invalid JSON",
    "i_string_not_in_unicode_range.json": "invalid JSON",
    "i_string_overlong_sequence_2_bytes.json": "invalid JSON",
    "i_string_overlong_sequence_6_bytes.json": "invalid JSON",
    "i_string_overlong_sequence_6_bytes_null.json": "invalid JSON",
    "i_string_truncated-utf-8.json": "invalid JSON",
    "i_string_utf16BE_no_BOM.json": "invalid JSON",
    "i_string_utf16LE_no_BOM.json": "invalid JSON",
    "i_structure_500_nested_arrays.json": "accepted",
    "i_structure_UTF-8_BOM_empty_object.json": "accepted",
  ]

  @Test(arguments: implementationDefined)
  func implementationDefinedFileHasDocumentedOutcome(_ name: String) throws {
    let bytes = try Fixtures.bytes("JSONTestSuite/test_parsing/\(name)")
    let outcome: String
    do {
      _ = try JSONValue(parsing: bytes)
      outcome = "accepted"
    } catch {
      switch error.category {
      case .invalidJSON: outcome = "invalid JSON"
      case .invalidDocument:
        outcome = error.message.contains("lone surrogate") ? "lone surrogate" : error.message
      case .readFailure: outcome = "read failure: \(error.message)"
      }
    }
    #expect(outcome == Self.implementationDefinedOutcomes[name], "\(name)")
  }
}
