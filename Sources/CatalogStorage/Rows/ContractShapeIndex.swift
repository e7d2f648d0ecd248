import Components

/// A recorded contract indexed by kind (`contract_index`, schema 0011): each distinct shape
/// once, with the SHA-256 of its schema's canonical text, and the shape of each kind. What
/// the gate reads instead of the whole `contract.json`; derived from the contract, which
/// stays the record.
///
/// Its stored text (``body``), one line per item, shapes first:
///
///     shape <64 hex digits> <the schema, canonical compact JSON>
///     kind <the shape's number, from 0> <the kind, a JSON string>
///
/// Kinds in byte order of their UTF-8 text, shapes in the order their first kind names them;
/// so equal contracts' kinds give equal bytes, and equal bytes (compared by their SHA-256,
/// ``digest``) are one index.
public struct ContractShapeIndex: Sendable, Hashable {
  /// One distinct shape: its schema's canonical compact text and that text's SHA-256.
  public struct StoredShape: Sendable, Hashable {
    public var digest: SHA256Digest
    public var schema: [UInt8]
  }

  /// The distinct shapes, in the order of their first kind.
  public var shapes: [StoredShape]
  /// Each kind the build decodes and the number of its shape in ``shapes``, in byte order.
  public var kinds: [(kind: ComponentKind, shape: Int)]

  /// The index of `contract`.
  ///
  /// - Throws: ``SHA256Error`` when the system's SHA-256 fails.
  public init(contract: AppContract) throws {
    var shapes: [StoredShape] = []
    var numberOfDigest: [SHA256Digest: Int] = [:]
    var kinds: [(kind: ComponentKind, shape: Int)] = []
    let names = contract.kinds.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    kinds.reserveCapacity(names.count)
    for name in names {
      guard let shape = contract.kinds[name] else { continue }
      let schema = JSONWriter.canonicalBytes(shape.schema)
      let digest = try SHA256.hash(schema)
      if let number = numberOfDigest[digest] {
        kinds.append((name, number))
      } else {
        numberOfDigest[digest] = shapes.count
        kinds.append((name, shapes.count))
        shapes.append(StoredShape(digest: digest, schema: schema))
      }
    }
    self.shapes = shapes
    self.kinds = kinds
  }

  /// The stored text.
  public var body: [UInt8] {
    var out: [UInt8] = []
    for shape in shapes {
      out += Array("shape \(shape.digest.hex) ".utf8)
      out += shape.schema
      out.append(0x0A)
    }
    for (kind, shape) in kinds {
      out += Array("kind \(shape) ".utf8)
      JSONWriter.appendString(kind, to: &out)
      out.append(0x0A)
    }
    return out
  }

  /// The SHA-256 of ``body``: the index's key.
  public var digest: SHA256Digest {
    get throws { try SHA256.hash(body) }
  }

  /// Reads a stored text.
  ///
  /// - Throws: ``CatalogError/database(_:)`` (`inconsistent`) for a text this code did not
  ///   write.
  public init(body: some Collection<UInt8>) throws {
    var shapes: [StoredShape] = []
    var kinds: [(kind: ComponentKind, shape: Int)] = []
    func unreadable(_ line: Int) -> CatalogError {
      .database(.inconsistent("a stored contract index is unreadable at line \(line)"))
    }
    let bytes = Array(body)
    var start = 0
    var line = 0
    let shapePrefix = Array("shape ".utf8)
    let kindPrefix = Array("kind ".utf8)
    while start < bytes.count {
      line += 1
      guard let end = bytes[start...].firstIndex(of: 0x0A) else { throw unreadable(line) }
      let text = bytes[start..<end]
      start = end + 1
      if text.starts(with: shapePrefix) {
        let hexStart = text.startIndex + shapePrefix.count
        let hexEnd = hexStart + 2 * SHA256Digest.byteCount
        guard hexEnd < text.endIndex, text[hexEnd] == 0x20,
          let digest = SHA256Digest(hex: String(decoding: text[hexStart..<hexEnd], as: UTF8.self))
        else { throw unreadable(line) }
        shapes.append(StoredShape(digest: digest, schema: Array(text[(hexEnd + 1)...])))
      } else if text.starts(with: kindPrefix) {
        let rest = text[(text.startIndex + kindPrefix.count)...]
        guard let space = rest.firstIndex(of: 0x20),
          let number = Int(String(decoding: rest[..<space], as: UTF8.self)),
          number >= 0, number < shapes.count,
          let kind = Self.string(rest[(space + 1)...])
        else { throw unreadable(line) }
        kinds.append((kind, number))
      } else {
        throw unreadable(line)
      }
    }
    self.shapes = shapes
    self.kinds = kinds
  }

  /// A JSON string literal's text: its bytes between the quotes when it has no escape.
  private static func string(_ literal: ArraySlice<UInt8>) -> String? {
    guard literal.count >= 2, literal.first == 0x22, literal.last == 0x22 else { return nil }
    let inner = literal.dropFirst().dropLast()
    if !inner.contains(0x5C) && !inner.contains(0x22) {
      return String(decoding: inner, as: UTF8.self)
    }
    guard case .string(let text)? = try? JSONValue(parsing: literal) else { return nil }
    return text
  }

  public static func == (a: Self, b: Self) -> Bool {
    a.shapes == b.shapes
      && a.kinds.elementsEqual(b.kinds) {
        $0.shape == $1.shape && $0.kind.hasSameBytes(as: $1.kind)
      }
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(shapes)
    for (kind, shape) in kinds {
      hasher.combine(kind.utf8.count)
      hasher.combine(shape)
    }
  }
}
