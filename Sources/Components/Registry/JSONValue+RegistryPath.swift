extension JSONValue {
  /// The value at a path of object keys and array indexes, or nil when there is none.
  ///
  /// An index step also finds an object member named by its digits, since a decoder names the
  /// keys of an `[Int: …]` dictionary that way.
  func value(at path: some Collection<RegistryPathStep>) -> JSONValue? {
    guard let step = path.first else { return self }
    switch (self, step) {
    case (.object(let object), .key(let key)):
      return object[key]?.value(at: path.dropFirst())
    case (.object(let object), .index(let index)):
      return object[String(index)]?.value(at: path.dropFirst())
    case (.array(let elements), .index(let index)):
      guard elements.indices.contains(index) else { return nil }
      return elements[index].value(at: path.dropFirst())
    default:
      return nil
    }
  }
}
