/// A components document: a top-level array of entries or an object whose `components` member
/// is that array.
///
/// Decoding it never fails because of one entry: each entry keeps its own result.
struct RegistryDocument: Decodable {
  enum Keys: String, CodingKey {
    case components
  }

  /// The entries, in document order.
  let entries: [RegistryEntryOutcome]

  /// Decodes either document form.
  ///
  /// - Throws: `ComponentDecodingError` when the root is neither an array nor an object;
  ///   `DecodingError` when an object has no `components` array.
  init(from decoder: any Decoder) throws {
    if let array = try? decoder.unkeyedContainer() {
      var elements = array
      var entries: [RegistryEntryOutcome] = []
      while !elements.isAtEnd {
        entries.append(try elements.decode(RegistryEntryOutcome.self))
      }
      self.entries = entries
    } else if let object = try? decoder.container(keyedBy: Keys.self) {
      self.entries = try object.decode([RegistryEntryOutcome].self, forKey: .components)
    } else {
      let value = try decoder.singleValueContainer()
      let found: String
      if value.decodeNil() {
        found = "null"
      } else if (try? value.decode(Bool.self)) != nil {
        found = "boolean"
      } else if (try? value.decode(String.self)) != nil {
        found = "string"
      } else {
        found = "number"
      }
      throw ComponentDecodingError(
        index: nil,
        kind: nil,
        pointer: "",
        reason: .typeMismatch(
          expected: "an array of entries or an object with a \"components\" array",
          found: found
        )
      )
    }
  }
}
