extension CodingUserInfoKey {
  /// The user-info key under which decoders find the `ComponentsRegistry` that decodes nested
  /// components.
  ///
  /// The registry's decode methods set it. Set it yourself to decode a type holding
  /// `NestedComponent`s with your own decoder:
  ///
  /// ```swift
  /// let decoder = JSONDecoder()
  /// decoder.userInfo[.componentsRegistry] = registry
  /// let stack = try decoder.decode(StackComponent.Data.self, from: json)
  /// ```
  public static let componentsRegistry: CodingUserInfoKey = {
    // `init?(rawValue:)` is failable only because `RawRepresentable` requires it; the standard
    // library's implementation accepts every string, so this branch is unreachable.
    guard let key = CodingUserInfoKey(rawValue: "ComponentCatalog.ComponentsRegistry") else {
      preconditionFailure("CodingUserInfoKey(rawValue:) rejected a constant")
    }
    return key
  }()
}
