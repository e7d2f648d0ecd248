import Foundation

extension CompiledShape {
  /// Whether the payload whose canonical text is `text` is what the shape decodes: the
  /// answer of ``ShapeValidator/accepts(_:against:in:components:)`` for the value the text
  /// denotes, read from the bytes in one pass with no tree and no string made for a plain
  /// key or value.
  ///
  /// The text is canonical compact JSON as the reader and ``JSONWriter`` write it; anything
  /// else it cannot read (whitespace, a syntax error) is refused, so that the caller's tree
  /// path, which parses the text, reports it.
  ///
  /// - Parameter components: The compiled shape of each kind a nested component may have,
  ///   nil for an unknown kind; without it nested payloads are not checked.
  public func accepts(
    _ text: UnsafeRawBufferPointer, components: ((ComponentKind) -> CompiledShape?)? = nil
  ) -> Bool {
    var scanner = CanonicalScanner(text)
    return scanner.accepts(root, in: self, components: components) && scanner.atEnd
  }

  /// ``accepts(_:components:)`` of a payload's canonical text.
  public func accepts(_ text: JSONText, components: ((ComponentKind) -> CompiledShape?)? = nil)
    -> Bool
  {
    text.bytes.withUnsafeBytes { accepts($0, components: components) }
  }
}

/// A cursor over canonical compact JSON text, for ``CompiledShape/accepts(_:components:)``.
/// Every read checks the bounds: hostile text is refused, never read past.
private struct CanonicalScanner {
  let bytes: UnsafeRawBufferPointer
  var i = 0

  init(_ bytes: UnsafeRawBufferPointer) {
    self.bytes = bytes
  }

  var atEnd: Bool { i == bytes.count }

  private static let quote = UInt8(ascii: "\"")
  private static let backslash = UInt8(ascii: "\\")
  private static let comma = UInt8(ascii: ",")
  private static let colon = UInt8(ascii: ":")
  private static let kindName = Array("kind".utf8)
  private static let payloadName = Array("payload".utf8)

  private func peek() -> UInt8? { i < bytes.count ? bytes[i] : nil }

  /// Consumes `literal` (`true`, `false`, `null`) when the text has it at the cursor.
  private mutating func take(_ literal: StaticString) -> Bool {
    let count = literal.utf8CodeUnitCount
    guard i + count <= bytes.count else { return false }
    let expected = UnsafeRawBufferPointer(start: literal.utf8Start, count: count)
    guard
      ByteComparison.equal(UnsafeRawBufferPointer(rebasing: bytes[i..<i + count]), expected)
    else { return false }
    i += count
    return true
  }

  /// Consumes one byte when it is `byte`.
  private mutating func take(byte: UInt8) -> Bool {
    guard i < bytes.count, bytes[i] == byte else { return false }
    i += 1
    return true
  }

  /// Consumes a string at the cursor; its content's range (between the quotes) and whether
  /// it has an escape, or nil when there is no string there.
  private mutating func string() -> (range: Range<Int>, escaped: Bool)? {
    guard take(byte: Self.quote) else { return nil }
    let start = i
    var escaped = false
    while i < bytes.count {
      let byte = bytes[i]
      if byte == Self.quote {
        i += 1
        return (start..<i - 1, escaped)
      }
      if byte == Self.backslash {
        escaped = true
        i += 2
      } else {
        i += 1
      }
    }
    return nil
  }

  /// Consumes a number at the cursor; its range, or nil when there is no number there.
  private mutating func number() -> Range<Int>? {
    let start = i
    while i < bytes.count {
      switch bytes[i] {
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"),
        UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"):
        i += 1
      default:
        return i > start ? start..<i : nil
      }
    }
    return i > start ? start..<i : nil
  }

  /// Consumes any one value, without looking inside; false when the text is not one.
  mutating func skipValue() -> Bool {
    var depth = 0
    repeat {
      guard let byte = peek() else { return false }
      switch byte {
      case Self.quote:
        guard string() != nil else { return false }
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        i += 1
        depth += 1
        continue
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        guard depth > 0 else { return false }
        i += 1
        depth -= 1
      case UInt8(ascii: "t"):
        guard take("true") else { return false }
      case UInt8(ascii: "f"):
        guard take("false") else { return false }
      case UInt8(ascii: "n"):
        guard take("null") else { return false }
      case Self.comma, Self.colon:
        guard depth > 0 else { return false }
        i += 1
        continue
      default:
        guard number() != nil else { return false }
      }
    } while depth > 0
    return true
  }

  /// Whether the value at the cursor is what node `number` of `shape` decodes; consumes it
  /// when it is.
  mutating func accepts(
    _ number: Int, in shape: CompiledShape, components: ((ComponentKind) -> CompiledShape?)?
  ) -> Bool {
    switch shape.nodes[number] {
    case .any:
      return skipValue()
    case .nullable(let inner):
      if peek() == UInt8(ascii: "n") { return take("null") }
      return accepts(inner, in: shape, components: components)
    case .string(let format):
      guard let (range, escaped) = string() else { return false }
      switch format {
      case .plain: return true
      case .url:
        guard let text = decoded(range, escaped) else { return false }
        return URL(string: text) != nil
      case .base64:
        guard let text = decoded(range, escaped) else { return false }
        return Foundation.Data(base64Encoded: text) != nil
      }
    case .boolean:
      return peek() == UInt8(ascii: "t") ? take("true") : take("false")
    case .integer(let type):
      guard let range = self.number() else { return false }
      return Self.acceptsInteger(UnsafeRawBufferPointer(rebasing: bytes[range]), type)
    case .number(let type):
      guard let range = self.number(), let number = jsonNumber(range) else { return false }
      return ShapeValidator.fits(number, type)
    case .enumeration(let values, let strings):
      return acceptsMember(of: values, strings: strings)
    case .array(let element):
      guard take(byte: UInt8(ascii: "[")) else { return false }
      if take(byte: UInt8(ascii: "]")) { return true }
      while true {
        guard accepts(element, in: shape, components: components) else { return false }
        if take(byte: Self.comma) { continue }
        return take(byte: UInt8(ascii: "]"))
      }
    case .object(let object):
      return acceptsObject(shape.objects[object], in: shape, components: components)
    case .component:
      return acceptsComponent(components: components)
    }
  }

  /// An object against its named members (the first member with a key's bytes is the one
  /// read, as ``JSONObject``'s subscript finds it) and its dictionary's value shape.
  private mutating func acceptsObject(
    _ object: CompiledShape.Object, in shape: CompiledShape,
    components: ((ComponentKind) -> CompiledShape?)?
  ) -> Bool {
    guard take(byte: UInt8(ascii: "{")) else { return false }
    var seen = MemberSet(count: object.keys.count)
    var requiredSeen = 0
    if !take(byte: UInt8(ascii: "}")) {
      while true {
        guard let (range, escaped) = string(), take(byte: Self.colon) else { return false }
        let key: [UInt8]?
        if escaped {
          guard let unescaped = Self.unescaped(UnsafeRawBufferPointer(rebasing: bytes[range]))
          else { return false }
          key = unescaped
        } else {
          key = nil
        }
        let member: Int? =
          if let key {
            key.withUnsafeBytes { Self.member(named: $0, in: object) }
          } else {
            Self.member(named: UnsafeRawBufferPointer(rebasing: bytes[range]), in: object)
          }
        if let member {
          if seen.insert(member) {
            guard accepts(object.nodes[member], in: shape, components: components) else {
              return false
            }
            if object.required[member] { requiredSeen += 1 }
          } else {
            // A later member with the same key is not the one the decoder reads.
            guard skipValue() else { return false }
          }
        } else if let additional = object.additional,
          !namesProperty(key, range, object)
        {
          guard accepts(additional, in: shape, components: components) else { return false }
        } else {
          guard skipValue() else { return false }
        }
        if take(byte: Self.comma) { continue }
        guard take(byte: UInt8(ascii: "}")) else { return false }
        break
      }
    }
    return requiredSeen == object.requiredCount
  }

  /// Whether a key that no named member has by its bytes still names one as Swift compares
  /// strings (canonical equivalence): ``ShapeValidator`` checks a dictionary's value shape
  /// only on the members `properties[key]` does not find.
  private func namesProperty(
    _ key: [UInt8]?, _ range: Range<Int>, _ object: CompiledShape.Object
  ) -> Bool {
    guard !object.keys.isEmpty else { return false }
    if object.asciiKeys {
      let isASCII: Bool =
        if let key { key.allSatisfy { $0 < 0x80 } } else { bytes[range].allSatisfy { $0 < 0x80 } }
      if isASCII { return false }
    }
    let text =
      key.map { String(decoding: $0, as: UTF8.self) }
      ?? String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    return object.keys.contains { String(decoding: $0, as: UTF8.self) == text }
  }

  /// The named member whose key has the bytes `key`.
  private static func member(named key: UnsafeRawBufferPointer, in object: CompiledShape.Object)
    -> Int?
  {
    if let byHash = object.byHash {
      guard let candidates = byHash[CompiledShape.hash(key)] else { return nil }
      return candidates.first { i in
        object.keys[i].withUnsafeBytes { ByteComparison.equal($0, key) }
      }
    }
    for (i, name) in object.keys.enumerated() where name.count == key.count {
      if name.withUnsafeBytes({ ByteComparison.equal($0, key) }) { return i }
    }
    return nil
  }

  /// A nested component, `{"kind": …, "payload": …}`: the first `kind` a string, a
  /// `payload`, and with `components` the payload checked against its kind's shape.
  private mutating func acceptsComponent(components: ((ComponentKind) -> CompiledShape?)?)
    -> Bool
  {
    guard take(byte: UInt8(ascii: "{")) else { return false }
    var kind: String?
    var kindIsString = false
    var payload: Int?
    if !take(byte: UInt8(ascii: "}")) {
      while true {
        guard let (range, escaped) = string(), take(byte: Self.colon) else { return false }
        let name: [UInt8]
        if escaped {
          guard let unescaped = Self.unescaped(UnsafeRawBufferPointer(rebasing: bytes[range]))
          else { return false }
          name = unescaped
        } else {
          name = Array(UnsafeRawBufferPointer(rebasing: bytes[range]))
        }
        let start = i
        if name == Self.kindName, !kindIsString {
          if peek() == Self.quote, let (value, valueEscaped) = string() {
            guard let text = decoded(value, valueEscaped) else { return false }
            kind = text
            kindIsString = true
          } else {
            guard skipValue() else { return false }
            // The first `kind` is not a string: the decoder fails there.
            return false
          }
        } else {
          guard skipValue() else { return false }
          if name == Self.payloadName, payload == nil { payload = start }
        }
        if take(byte: Self.comma) { continue }
        guard take(byte: UInt8(ascii: "}")) else { return false }
        break
      }
    }
    guard let kind, let payload else { return false }
    guard let components else { return true }
    guard let nested = components(kind) else { return false }
    var inner = CanonicalScanner(bytes)
    inner.i = payload
    return inner.accepts(nested.root, in: nested, components: components)
  }

  /// Whether the value at the cursor is one of `values` (``JSONValue/isEquivalent(to:)``);
  /// consumes it.
  private mutating func acceptsMember(of values: [JSONValue], strings: [[UInt8]]?) -> Bool {
    let start = i
    if let strings {
      // Every value a string: a string compares by its bytes, anything else is none of them.
      guard peek() == Self.quote, let (range, escaped) = string() else { return false }
      if escaped {
        guard let text = Self.unescaped(UnsafeRawBufferPointer(rebasing: bytes[range])) else {
          return false
        }
        return strings.contains(text)
      }
      let text = UnsafeRawBufferPointer(rebasing: bytes[range])
      return strings.contains { $0.withUnsafeBytes { ByteComparison.equal($0, text) } }
    }
    guard skipValue() else { return false }
    guard
      let value = try? JSONReader(bytes: Array(UnsafeRawBufferPointer(rebasing: bytes[start..<i])))
        .readDocument()
    else { return false }
    return values.contains { $0.isEquivalent(to: value) }
  }

  /// A number's text as a ``JSONNumber``, when it is RFC 8259 number syntax.
  private func jsonNumber(_ range: Range<Int>) -> JSONNumber? {
    let text = Array(UnsafeRawBufferPointer(rebasing: bytes[range]))
    guard JSONNumber.isValidSyntax(text) else { return nil }
    return JSONNumber(validatedText: String(decoding: text, as: UTF8.self))
  }

  /// ``ShapeNode/integer(_:)``'s test of a number's text: integer text of up to 18 digits
  /// compared as an `Int64`, anything else as ``IntegerType/accepts(_:)`` and
  /// ``JSONNumber/isIntegral`` decide.
  static func acceptsInteger(_ text: UnsafeRawBufferPointer, _ type: IntegerType?) -> Bool {
    let negative = text.first == UInt8(ascii: "-")
    let digits = negative ? text.count - 1 : text.count
    var value: Int64 = 0
    var plain = digits > 0 && digits <= 18
    if plain {
      for byte in text[(negative ? 1 : 0)...] {
        guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else {
          plain = false
          break
        }
        value = value * 10 + Int64(byte - UInt8(ascii: "0"))
      }
    }
    // A leading zero (`01`, `-0`) is left to the general path, as is a negative number for
    // an unsigned type: their texts are where parsing by type may differ.
    if plain, digits > 1, text[negative ? 1 : 0] == UInt8(ascii: "0") { plain = false }
    if plain, negative, value == 0 { plain = false }
    if plain {
      guard let type else { return true }
      let signed = negative ? -value : value
      switch type {
      case .int8: return Int8(exactly: signed) != nil
      case .int16: return Int16(exactly: signed) != nil
      case .int32: return Int32(exactly: signed) != nil
      case .int64: return true
      case .uint8, .uint16, .uint32, .uint64:
        guard !negative else { break }
        switch type {
        case .uint8: return UInt8(exactly: signed) != nil
        case .uint16: return UInt16(exactly: signed) != nil
        case .uint32: return UInt32(exactly: signed) != nil
        default: return true
        }
      }
    }
    let array = Array(text)
    guard JSONNumber.isValidSyntax(array) else { return false }
    let number = JSONNumber(validatedText: String(decoding: array, as: UTF8.self))
    if let type { return type.accepts(number) }
    return number.isIntegral
  }

  /// A string's content, its escapes decoded; nil for an escape that denotes no text.
  private func decoded(_ range: Range<Int>, _ escaped: Bool) -> String? {
    let raw = UnsafeRawBufferPointer(rebasing: bytes[range])
    guard escaped else { return String(decoding: raw, as: UTF8.self) }
    return Self.unescaped(raw).map { String(decoding: $0, as: UTF8.self) }
  }

  /// The UTF-8 of a string's content with its escapes decoded (RFC 8259 section 7); nil for
  /// a malformed escape or a lone surrogate, which the reader refuses.
  static func unescaped(_ raw: UnsafeRawBufferPointer) -> [UInt8]? {
    var out: [UInt8] = []
    out.reserveCapacity(raw.count)
    var i = 0
    func hex4(_ at: Int) -> UInt32? {
      guard at + 4 <= raw.count else { return nil }
      var value: UInt32 = 0
      for byte in raw[at..<at + 4] {
        let digit: UInt8
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
        default: return nil
        }
        value = value << 4 | UInt32(digit)
      }
      return value
    }
    while i < raw.count {
      let byte = raw[i]
      guard byte == backslash else {
        out.append(byte)
        i += 1
        continue
      }
      guard i + 1 < raw.count else { return nil }
      let letter = raw[i + 1]
      if letter != UInt8(ascii: "u") {
        guard letter < 0x80, let decoded = JSONWriter.unescapedBytes[Int(letter)] else {
          return nil
        }
        out.append(decoded)
        i += 2
        continue
      }
      guard var scalar = hex4(i + 2) else { return nil }
      i += 6
      if scalar >= 0xD800, scalar < 0xDC00 {
        guard i + 1 < raw.count, raw[i] == backslash, raw[i + 1] == UInt8(ascii: "u"),
          let low = hex4(i + 2), low >= 0xDC00, low < 0xE000
        else { return nil }
        scalar = 0x10000 + (scalar - 0xD800) << 10 + (low - 0xDC00)
        i += 6
      } else if scalar >= 0xDC00, scalar < 0xE000 {
        return nil
      }
      guard let unicode = Unicode.Scalar(scalar) else { return nil }
      out.append(contentsOf: Array(String(Character(unicode)).utf8))
    }
    return out
  }
}

/// Which named members of an object were read: bits for up to 64, an array beyond.
private struct MemberSet {
  private var bits: UInt64 = 0
  private var more: [Bool]

  init(count: Int) {
    more = count > 64 ? [Bool](repeating: false, count: count) : []
  }

  /// Marks member `i` read; false when it already was.
  mutating func insert(_ i: Int) -> Bool {
    if more.isEmpty {
      let bit: UInt64 = 1 << UInt64(i)
      guard bits & bit == 0 else { return false }
      bits |= bit
      return true
    }
    guard !more[i] else { return false }
    more[i] = true
    return true
  }
}
