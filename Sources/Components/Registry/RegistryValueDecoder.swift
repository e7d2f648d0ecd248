import Foundation

/// A `Decoder` over a parsed `JSONValue`: how the registry decodes payloads read from the
/// catalog, which are already canonical JSON text.
///
/// Why not `JSONDecoder`: the catalog parses payloads with its own reader anyway, and decoding
/// the tree directly is several times faster than handing the text to Foundation's decoder
/// again (the startup load of a large catalog must not be slower than decoding the file). It
/// also keeps what `JSONDecoder` loses: a `JSONValue` inside a component's data gets its member
/// order and number text, and `allKeys` is in document order.
///
/// It behaves like `JSONDecoder` with default options, so a payload decodes the same way from
/// a components.json document and from the catalog:
///
/// - Errors are the same `DecodingError` cases with the same coding paths: `typeMismatch`
///   (containers as `[String: Any]` and `[Any]`), `valueNotFound` for a null or a missing
///   array element, `keyNotFound`, `dataCorrupted`.
/// - Integers accept any number with an integral value (`5.0`, `1e2`); a number that does not
///   fit the requested type is `dataCorrupted` at its own path ("number 2.5 does not fit the
///   expected type"), where `JSONDecoder` throws an error without a path.
/// - `URL` decodes from a string, `Data` from Base64, `Decimal` from the number's text, `Date`
///   through its own `Decodable` (seconds since 2001, `JSONDecoder`'s `deferredToDate`).
///
/// The coding path is built only when an error needs it: each decoder knows its parent and its
/// key, so decoding a deep payload allocates no path arrays.
final class RegistryValueDecoder: Decoder {
  /// The value this decoder decodes.
  let value: JSONValue

  let userInfo: [CodingUserInfoKey: Any]

  /// The decoder of the enclosing container, nil at the root.
  private let parent: RegistryValueDecoder?

  /// This value's key in the parent, nil at the root.
  private let key: (any CodingKey)?

  /// A decoder for a whole payload.
  ///
  /// - Parameters:
  ///   - value: The payload.
  ///   - userInfo: Handed to every `init(from:)`, e.g. the registry for nested components.
  init(value: JSONValue, userInfo: [CodingUserInfoKey: Any]) {
    self.value = value
    self.userInfo = userInfo
    self.parent = nil
    self.key = nil
  }

  private init(value: JSONValue, parent: RegistryValueDecoder, key: any CodingKey) {
    self.value = value
    self.userInfo = parent.userInfo
    self.parent = parent
    self.key = key
  }

  var codingPath: [any CodingKey] {
    var path: [any CodingKey] = []
    var node: RegistryValueDecoder? = self
    while let current = node, let key = current.key {
      path.append(key)
      node = current.parent
    }
    return path.reversed()
  }

  /// The path of `key` below this decoder, or this decoder's path when `key` is nil.
  func path(to key: (any CodingKey)?) -> [any CodingKey] {
    guard let key else { return codingPath }
    return codingPath + [key]
  }

  /// A decoder for a value inside this one.
  func child(_ value: JSONValue, at key: any CodingKey) -> RegistryValueDecoder {
    RegistryValueDecoder(value: value, parent: self, key: key)
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard case .object(let object) = value else {
      throw mismatch([String: Any].self, found: value, at: nil)
    }
    return KeyedDecodingContainer(RegistryValueKeyedContainer<Key>(decoder: self, object: object))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard case .array(let elements) = value else {
      throw mismatch([Any].self, found: value, at: nil)
    }
    return RegistryValueUnkeyedContainer(decoder: self, elements: elements)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    RegistryValueSingleContainer(decoder: self)
  }

  // MARK: - Values

  /// Decodes `value`, found at `key` below this decoder (or at this decoder when `key` is nil),
  /// as a `T`: the one place every container's generic `decode` ends up.
  func decode<T: Decodable>(
    _ type: T.Type, from value: JSONValue, at key: (any CodingKey)?
  ) throws -> T {
    // Leaves decoded in place, without a decoder per value: the common case in payloads
    // (`[String]`, `[Int]`, optionals of them reach here through the generic paths).
    if T.self == String.self {
      return try cast(string(from: value, at: key), at: key)
    }
    if T.self == Int.self {
      return try cast(integer(Int.self, from: value, at: key), at: key)
    }
    if T.self == Double.self {
      return try cast(floatingPoint(Double.self, from: value, at: key), at: key)
    }
    if T.self == Bool.self {
      return try cast(bool(from: value, at: key), at: key)
    }
    if T.self == JSONValue.self {
      // The parsed value itself: member order and number text kept.
      return try cast(value, at: key)
    }
    if T.self == URL.self || T.self == Foundation.Data.self || T.self == Decimal.self {
      return try cast(foundationValue(T.self, from: value, at: key), at: key)
    }
    return try T(from: key.map { child(value, at: $0) } ?? self)
  }

  /// `URL`, `Data` and `Decimal`, decoded the way `JSONDecoder` special-cases them.
  private func foundationValue<T>(
    _ type: T.Type, from value: JSONValue, at key: (any CodingKey)?
  ) throws -> Any {
    if T.self == Decimal.self {
      guard case .number(let number) = value else {
        throw mismatch(Decimal.self, found: value, at: key)
      }
      guard let decimal = Decimal(string: number.text, locale: Locale(identifier: "en_US_POSIX"))
      else {
        throw corrupted("number \(number.text) does not fit the expected type", at: key)
      }
      return decimal
    }
    let text = try string(from: value, at: key)
    if T.self == URL.self {
      guard let url = URL(string: text) else {
        throw corrupted("Invalid URL string.", at: key)
      }
      return url
    }
    guard let data = Foundation.Data(base64Encoded: text) else {
      throw corrupted("Encountered Data is not valid Base64.", at: key)
    }
    return data
  }

  /// `value` as a `T` when `T` is its type; the checks above make the cast always succeed.
  private func cast<T>(_ value: Any, at key: (any CodingKey)?) throws -> T {
    guard let result = value as? T else {
      throw corrupted("cannot decode \(type(of: value)) as \(T.self)", at: key)
    }
    return result
  }

  func string(from value: JSONValue, at key: (any CodingKey)?) throws -> String {
    guard case .string(let string) = value else {
      throw mismatch(String.self, found: value, at: key)
    }
    return string
  }

  func bool(from value: JSONValue, at key: (any CodingKey)?) throws -> Bool {
    guard case .bool(let bool) = value else {
      throw mismatch(Bool.self, found: value, at: key)
    }
    return bool
  }

  /// An integer: the exact digits, or a number with an integral value in range (`5.0`, `1e2`),
  /// as `JSONDecoder` accepts.
  func integer<I: FixedWidthInteger>(
    _ type: I.Type, from value: JSONValue, at key: (any CodingKey)?
  ) throws -> I {
    guard case .number(let number) = value else {
      throw mismatch(I.self, found: value, at: key)
    }
    if let exact = I(number.text, radix: 10) {
      return exact
    }
    if let double = Double(number.text), double.isFinite, let exact = I(exactly: double) {
      return exact
    }
    throw corrupted("number \(number.text) does not fit the expected type", at: key)
  }

  /// A `Double` or `Float`; a number beyond the type's range is an error, as in
  /// `JSONDecoder`.
  func floatingPoint<F: BinaryFloatingPoint & LosslessStringConvertible>(
    _ type: F.Type, from value: JSONValue, at key: (any CodingKey)?
  ) throws -> F {
    guard case .number(let number) = value else {
      throw mismatch(F.self, found: value, at: key)
    }
    guard let result = F(number.text), result.isFinite else {
      throw corrupted("number \(number.text) does not fit the expected type", at: key)
    }
    return result
  }

  // MARK: - Errors

  /// `typeMismatch`, or `valueNotFound` for a null, as `JSONDecoder` throws them.
  func mismatch(
    _ type: Any.Type, found value: JSONValue, at key: (any CodingKey)?
  ) -> DecodingError {
    if case .null = value {
      return .valueNotFound(
        type,
        DecodingError.Context(
          codingPath: path(to: key),
          debugDescription: "Cannot get value of type \(type) -- found null value instead"))
    }
    return .typeMismatch(
      type,
      DecodingError.Context(
        codingPath: path(to: key),
        debugDescription: "Expected to decode \(type) but found \(value.typeName) instead."))
  }

  /// `dataCorrupted` at `key`.
  func corrupted(_ description: String, at key: (any CodingKey)?) -> DecodingError {
    .dataCorrupted(DecodingError.Context(codingPath: path(to: key), debugDescription: description))
  }
}

/// The key of an array element, named as `JSONDecoder` names it (`Index 3`), which is how
/// `RegistryPathStep` tells an index from an object member.
struct RegistryIndexKey: CodingKey {
  let index: Int

  init(_ index: Int) {
    self.index = index
  }

  init?(intValue: Int) {
    self.index = intValue
  }

  init?(stringValue: String) {
    return nil
  }

  var stringValue: String { "Index \(index)" }
  var intValue: Int? { index }
}
