/// One document entry, decoded or not: decoding it never throws, so the entries after a bad
/// one still decode.
struct RegistryEntryOutcome: Decodable {
  /// The entry's kind, when it could be read.
  let kind: ComponentKind?

  /// Where to point when an error carries no path: the entry's payload, or the entry itself
  /// when its kind could not be read.
  let fallbackPath: [RegistryPathStep]

  /// The factory, or what the decoder or the payload type threw.
  let result: Result<ComponentFactory, any Error>

  init(from decoder: any Decoder) {
    var kind: ComponentKind?
    let result: Result<ComponentFactory, any Error>
    do {
      result = .success(try RegistryEntry.decodeFactory(from: decoder, kind: &kind))
    } catch {
      result = .failure(error)
    }
    let entryPath = RegistryPathStep.steps(decoder.codingPath)
    self.kind = kind
    self.fallbackPath = kind == nil ? entryPath : entryPath + [.key("payload")]
    self.result = result
  }
}
