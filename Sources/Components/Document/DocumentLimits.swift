/// The bounds a document is read under, and a patch's result is held to: `--max-depth` and
/// `--max-size`.
///
/// The depth is capped at ``JSONReader/defaultMaxDepth``, the one limit the whole product
/// shares: a catalog holds nothing deeper than every command can handle.
public struct DocumentLimits: Sendable, Hashable {
  /// The deepest nesting of arrays and objects, at most ``JSONReader/defaultMaxDepth``.
  public var maxDepth: Int {
    didSet { maxDepth = min(maxDepth, JSONReader.defaultMaxDepth) }
  }
  /// The largest document, in bytes.
  public var maxSize: Int

  /// The fewest bytes an entry takes in a document, with the comma after it:
  /// `{"kind":"k","category":"","description":"","payload":0},`. A document of `size` bytes
  /// holds at most `size / minimumEntryBytes + 1` entries: the bound the readers and the
  /// first import size their tables and order keys by.
  public static let minimumEntryBytes = 56

  /// The most entries a document of `size` bytes can hold.
  public static func maximumEntries(inDocumentOf size: Int) -> Int {
    size / minimumEntryBytes + 1
  }

  /// Limits; a `maxDepth` above ``JSONReader/defaultMaxDepth`` is lowered to it.
  public init(maxDepth: Int = JSONReader.defaultMaxDepth, maxSize: Int = JSONReader.defaultMaxSize)
  {
    self.maxDepth = min(maxDepth, JSONReader.defaultMaxDepth)
    self.maxSize = maxSize
  }
}
