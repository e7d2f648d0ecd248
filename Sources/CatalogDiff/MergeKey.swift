/// A kind or an object key as the merge matches it: by its UTF-8 bytes, never by Swift's
/// `String` equality, which calls NFC and NFD spellings equal.
struct MergeKey: Hashable, Sendable {
  let bytes: [UInt8]

  init(_ string: String) {
    bytes = Array(string.utf8)
  }
}
