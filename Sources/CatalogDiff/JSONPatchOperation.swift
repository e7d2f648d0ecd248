import Components

/// One RFC 6902 operation: what to do, where (`path`, and `from` for `move` and `copy`), and
/// with which value.
///
/// Operations are decoded by ``JSONPatch/init(decoding:)``, which reports a malformed one with
/// its index in the patch.
public enum JSONPatchOperation: Sendable, Hashable {
  /// Adds a member, inserts an array element (`-` appends), or replaces the whole document.
  case add(path: JSONPointer, value: JSONValue)
  /// Removes the value at `path`, which must exist.
  case remove(path: JSONPointer)
  /// Replaces the value at `path`, which must exist.
  case replace(path: JSONPointer, value: JSONValue)
  /// Removes the value at `from` and adds it at `path`; `from` must not be a proper prefix of
  /// `path`.
  case move(from: JSONPointer, path: JSONPointer)
  /// Adds a copy of the value at `from` at `path`.
  case copy(from: JSONPointer, path: JSONPointer)
  /// Succeeds when the value at `path` equals `value` as JSON (``JSONValue/isEquivalent(to:)``).
  case test(path: JSONPointer, value: JSONValue)

  /// The `op` member: `"add"`, `"remove"`, ….
  public var name: String {
    switch self {
    case .add: return "add"
    case .remove: return "remove"
    case .replace: return "replace"
    case .move: return "move"
    case .copy: return "copy"
    case .test: return "test"
    }
  }

  /// The `path` member: the location the operation targets.
  public var path: JSONPointer {
    switch self {
    case .add(let path, _), .remove(let path), .replace(let path, _), .test(let path, _):
      return path
    case .move(_, let path), .copy(_, let path):
      return path
    }
  }

  /// The `from` member of `move` and `copy`.
  public var from: JSONPointer? {
    switch self {
    case .move(let from, _), .copy(let from, _): return from
    case .add, .remove, .replace, .test: return nil
    }
  }

  /// The operation as a JSON object, members in the order RFC 6902's examples write them:
  /// `op`, `from`, `path`, `value`.
  public var jsonValue: JSONValue {
    var object = JSONObject()
    object["op"] = .string(name)
    switch self {
    case .add(let path, let value), .replace(let path, let value), .test(let path, let value):
      object["path"] = .string(path.description)
      object["value"] = value
    case .remove(let path):
      object["path"] = .string(path.description)
    case .move(let from, let path), .copy(let from, let path):
      object["from"] = .string(from.description)
      object["path"] = .string(path.description)
    }
    return .object(object)
  }
}
