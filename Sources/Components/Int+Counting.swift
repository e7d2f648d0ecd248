extension BinaryInteger {
  /// The count with its noun, in the plural unless it is one: `1 tag`, `2 tags`, `0 tags`.
  /// Every message that counts something says it this way (nouns with a regular plural).
  package func counting(_ noun: String) -> String {
    "\(self) \(noun)\(self == 1 ? "" : "s")"
  }
}
