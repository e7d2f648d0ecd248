import CatalogDiff
import Components

/// The retained app builds as the policies consult them: a change a mode refuses by the
/// payloads alone is let through when every retained build that decodes the kind decodes
/// the entry across it (docs/policies.md, "Policies that know what apps read").
///
/// A mode protects readers in one or both directions; the retained builds are the readers.
/// Under a mode that protects old readers (FORWARD), each build must decode the new value at
/// the change's place (absent for a removed key); under one that protects new readers
/// (BACKWARD), the old value (absent for an added key). A kind no retained build decodes, a
/// change outside the payload (an entry removed or renamed, metadata) and a place the shape
/// cannot say anything about keep the payload rules.
struct ContractReaders {
  let shapes: BuildShapes

  /// Whether the retained builds clear `change`, which `mode` refuses by its rule.
  ///
  /// - Parameter kinds: The entry's kind before and after the write (a rename has two): a
  ///   build that decodes either reads the payload.
  func clear(_ change: CatalogDiff.Change, kinds: [String], under mode: CompatibilityMode)
    -> Bool
  {
    guard !shapes.isEmpty, change.pointer.tokens.first == "payload" else { return false }
    let place = JSONPointer(Array(change.pointer.tokens.dropFirst()))
    var readers = 0
    for (i, build) in shapes.builds.enumerated() {
      let components: (ComponentKind) -> Shape? = { shapes.shape(table: build.table, kind: $0) }
      for kind in kinds {
        guard let number = shapes.shapeNumber(build: i, kind: kind) else { continue }
        let shape = shapes.shapes[number]
        readers += 1
        if mode.protectsOldReaders,
          !shape.tolerates(change.new, at: place, components: components)
        {
          return false
        }
        if mode.protectsNewReaders,
          !shape.tolerates(change.old, at: place, components: components)
        {
          return false
        }
      }
    }
    return readers > 0
  }
}
