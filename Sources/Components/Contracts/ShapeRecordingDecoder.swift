/// The recording `Decoder` of ``ShapeRecorder``: one per place, writing into its node.
///
/// In minimal mode (a value decoded again after a recursion cut) it answers with empty arrays,
/// empty dictionaries and nulls, so that the value can be built without re-entering the type;
/// nothing it records is kept.
final class ShapeRecordingDecoder: Decoder {
  let context: RecordingContext
  let node: RecordingNode
  let path: [String]
  let minimal: Bool

  init(context: RecordingContext, node: RecordingNode, path: [String], minimal: Bool) {
    self.context = context
    self.node = node
    self.path = path
    self.minimal = minimal
  }

  var codingPath: [any CodingKey] { path.map { ShapePathKey(stringValue: $0) } }
  var userInfo: [CodingUserInfoKey: Any] { context.userInfo }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    KeyedDecodingContainer(ShapeKeyedContainer<Key>(decoder: self, record: node.keyed()))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    ShapeUnkeyedContainer(decoder: self, array: node, element: node.unkeyed())
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    ShapeSingleContainer(decoder: self)
  }

  /// Decodes a `T` at `child` (a member or an element), keeping the walk going through
  /// recursion and marking where a type threw.
  ///
  /// - Parameters:
  ///   - type: The type asked for.
  ///   - child: The place's node.
  ///   - token: The place's pointer token.
  ///   - optional: Whether the caller can take nil (`decodeIfPresent`): a recursive type is
  ///     then recorded and answered with nil instead of being cut.
  /// - Returns: The placeholder value, or nil for an optional recursion.
  func decodeChild<T: Decodable>(
    _ type: T.Type, at child: RecordingNode, token: String, optional: Bool
  ) throws -> T? {
    let childPath = path + [token]
    if context.isRecursive(type) {
      // The type itself is re-entered: this place refers to it. A caller that takes nil gets
      // nil; otherwise the cut goes up to the collection or optional that holds the place.
      child.reference = ObjectIdentifier(type)
      context.recursive.insert(ObjectIdentifier(type))
      if optional { return nil }
      throw RecordingCut()
    }
    do {
      return try context.value(type, at: child, path: childPath, minimal: minimal)
    } catch is RecordingCut {
      if optional { return nil }
      // Built again with empty collections and nulls, into a node nobody keeps.
      return try context.value(type, at: RecordingNode(), path: childPath, minimal: true)
    } catch is RecordingAbort {
      throw RecordingAbort()
    } catch {
      if child.unknown == nil {
        child.unknown = RecordingContext.threw(type, error)
      }
      throw RecordingAbort()
    }
  }

  /// The placeholder answer for a record that stopped at `token`: marks this object
  /// incomplete.
  func stopped(at token: String, in record: RecordingNode.KeyedRecord) {
    if record.incomplete == nil {
      record.incomplete = "init(from:) stopped at member \"\(token)\"; later members are not known"
    }
  }
}

/// A coding key for the recorder's coding paths, and the key it answers `allKeys` with.
struct ShapePathKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }

  init(stringValue: String) {
    self.stringValue = stringValue
  }

  init?(intValue: Int) {
    return nil
  }

  /// The member name `allKeys` answers with: no `CodingKeys` enum has it, so only an open key
  /// type (a dictionary's) accepts it.
  static let anyMember = "\u{1}shape-recorder-any-member"
}
