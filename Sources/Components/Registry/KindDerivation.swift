/// Derives a component's default kind from its Swift type name.
///
/// The rule, applied to `String(describing:)` of the type (the bare name, without module or
/// enclosing types):
///
/// 1. Generic arguments are dropped (`CardComponent<Header>` → `CardComponent`), so every
///    specialization of a generic component shares one kind; such a component should state its
///    kind explicitly.
/// 2. Anything up to the last `.` is dropped, in case a qualified name comes through.
/// 3. One trailing `Component` is removed, unless it is the whole name. `Component` elsewhere in
///    the name stays (`ComponentListComponent` → `ComponentList`).
/// 4. The rest is split into words and joined lowercased with `-`. A word starts at an
///    uppercase letter that follows a lowercase letter or a digit, and at the last capital of an
///    acronym that is followed by a lowercase letter (`URLPreview` → `url-preview`). Digits stay
///    with the word before them (`HTMLView2` → `html-view2`, `H1Title` → `h1-title`). `_`, `-`
///    and spaces separate words and are dropped.
///
/// Known limit: a plural acronym splits wrongly (`SVGsComponent` → `sv-gs`); state the kind
/// explicitly in that case.
enum KindDerivation {
  /// The suffix removed from type names.
  static let suffix = "Component"

  /// The default kind for a type whose `String(describing:)` is `typeName`.
  ///
  /// - Parameter typeName: The bare type name, e.g. `"TilePreviewComponent"`.
  /// - Returns: The kebab-case kind, e.g. `"tile-preview"`.
  static func kind(forTypeName typeName: String) -> ComponentKind {
    var name = Substring(typeName)
    if let genericStart = name.firstIndex(of: "<") {
      name = name[..<genericStart]
    }
    if let lastDot = name.lastIndex(of: ".") {
      name = name[name.index(after: lastDot)...]
    }
    if name.hasSuffix(suffix), name.count > suffix.count {
      name = name.dropLast(suffix.count)
    }
    return kebabCased(name)
  }

  /// Splits a camel-case name into words and joins them lowercased with `-`.
  static func kebabCased(_ name: Substring) -> String {
    let characters = Array(name)
    var words: [String] = []
    var word = ""
    for (offset, character) in characters.enumerated() {
      if character == "_" || character == "-" || character == " " {
        if !word.isEmpty { words.append(word) }
        word = ""
        continue
      }
      if character.isUppercase, !word.isEmpty, let previous = word.last {
        let nextIsLowercase =
          offset + 1 < characters.count && characters[offset + 1].isLowercase
        if previous.isLowercase || previous.isNumber || (previous.isUppercase && nextIsLowercase) {
          words.append(word)
          word = ""
        }
      }
      word.append(character)
    }
    if !word.isEmpty { words.append(word) }
    return words.map { $0.lowercased() }.joined(separator: "-")
  }
}
