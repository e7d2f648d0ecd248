/// A byte-level RFC 8259 reader that keeps member order and number text, reports every
/// error with its line and column, and reads from memory or streams from a file descriptor
/// with a fixed-size buffer.
///
/// Three layers: ``JSONInput`` holds the bytes and knows where each is (and scans tokens);
/// one container walker (`JSONReader+Walk.swift`) reads the structure of a value and feeds a
/// ``JSONSink``; ``FastTranscoder`` is a pure function that takes most values of a catalog
/// in one pass. It produces values in two forms:
/// - ``readValue()`` builds a ``JSONValue`` tree (the walker feeding a ``JSONTreeBuilder``);
/// - ``transcodeValue(into:)`` validates a value and appends its *canonical compact text* to a
///   byte buffer without building a tree (the fast transcoder, else the walker feeding a
///   ``CanonicalTextSink``): no whitespace, members in order, numbers as written, strings
///   escaped the way ``JSONWriter`` escapes them. The catalog stores and compares payloads in
///   this form, so equal payloads have equal bytes.
///
/// Duplicate keys inside one object are reported as document errors (RFC 8259 allows them,
/// but a catalog cannot keep both). Nesting deeper than ``maxDepth`` is an error, found
/// without recursion, so no input can overflow the stack. Invalid UTF-8 is invalid JSON.
/// A UTF-8 byte order mark at the start of the text is skipped.
///
/// The reader is a single-use, single-thread object.
public final class JSONReader {
  /// The deepest nesting any part of the product accepts, and the default: the `--max-depth`
  /// of every command is at most this, ``DocumentLimits`` too, and every command (show,
  /// blame, patch, diff, check, export, import of an export) handles a catalog nested this
  /// deep. The recursive parts (the writer, the differ, the patch engine) use about 3 KiB of
  /// stack per level in a debug build, so 1000 levels fit in half of an 8 MiB main-thread
  /// stack.
  public static let defaultMaxDepth = 1000
  public static let defaultMaxSize = 1 << 30

  /// The deepest nesting of arrays and objects accepted.
  public let maxDepth: Int
  /// The largest input accepted, in bytes.
  public var maxSize: Int { input.maxSize }
  /// Whether a string holding U+0000 is a document error (located, with its JSON Pointer):
  /// set by ``CatalogDocumentReader``, since a catalog cannot store it.
  public var refusesNUL: Bool {
    get { input.refusesNUL }
    set { input.refusesNUL = newValue }
  }

  let input: JSONInput
  /// How many containers are open: those of the walk in progress and those a caller walks
  /// with ``beginContainer(_:)``.
  var depth = 0
  /// The walker's stacks, kept from value to value so that a walk allocates nothing.
  var frames: [WalkFrame] = []
  var keys = ObjectKeyStack()
  /// The fast transcoder's working memory, allocated on first use (``fastScratch``).
  private var fastScratchStorage: FastTranscoder.Scratch?
  /// Which paths read values (see ``Strategy``).
  public var strategy = Strategy.scalar
  /// The structural reader's index, allocated on first use (``structuralCursor()``).
  var structuralStorage: StructuralIndex?
  /// How many windows were rebuilt out of step in the current buffer.
  var structuralRebuilds = 0
  /// How many values and entries the structural reader took (for the tests that hold it to
  /// the scalar paths: a count of zero would make them vacuous).
  package internal(set) var structuralReads = 0

  /// A reader over bytes in memory.
  public init(
    bytes: some Collection<UInt8>, maxDepth: Int = JSONReader.defaultMaxDepth,
    maxSize: Int = JSONReader.defaultMaxSize
  ) {
    self.maxDepth = maxDepth
    self.input = JSONInput(bytes: bytes, maxSize: maxSize)
  }

  /// A reader over bytes read ahead from a stream whose reading stopped at the error `readError`
  /// (an `errno`, nil when it ended): the error is reported where the bytes end, as a
  /// reader of the stream itself reports it.
  public convenience init(
    bytes: some Collection<UInt8>, readError: Int32?, maxDepth: Int = JSONReader.defaultMaxDepth,
    maxSize: Int = JSONReader.defaultMaxSize
  ) {
    self.init(bytes: bytes, maxDepth: maxDepth, maxSize: maxSize)
    if let readError, input.readError == nil { input.readError = readError }
  }

  deinit {
    fastScratchStorage?.deallocate()
  }

  /// A reader over UTF-8 text.
  public convenience init(string: String, maxDepth: Int = JSONReader.defaultMaxDepth) {
    self.init(bytes: Array(string.utf8), maxDepth: maxDepth)
  }

  /// A reader that streams from an open file descriptor (which the caller closes), holding at
  /// most `bufferSize` bytes of the input at a time.
  public init(
    fileDescriptor: Int32, bufferSize: Int = 1 << 18, maxDepth: Int = JSONReader.defaultMaxDepth,
    maxSize: Int = JSONReader.defaultMaxSize
  ) {
    self.maxDepth = maxDepth
    self.input = JSONInput(fileDescriptor: fileDescriptor, bufferSize: bufferSize, maxSize: maxSize)
  }

  /// How many bytes have been read so far (for progress reports).
  public var bytesConsumed: Int { input.bytesConsumed }

  /// How many bytes the input is expected to hold: the bytes in memory, or a regular file's
  /// size when reading began; nil for a pipe. An estimate for sizing tables ahead.
  var expectedInputSize: Int? { input.expectedSize }

  /// The source location of the next byte to be read.
  public var currentPosition: SourcePosition { input.currentPosition }

  // MARK: - Whole documents

  /// Reads one complete JSON text: a value, then nothing but whitespace.
  public func readDocument() throws(JSONDiagnostic) -> JSONValue {
    let value = try readValue()
    try expectEndOfInput()
    return value
  }

  /// Throws unless only whitespace remains.
  public func expectEndOfInput() throws(JSONDiagnostic) {
    input.skipWhitespace()
    if let byte = input.peek() {
      throw input.syntaxError("unexpected \(input.describe(byte)) after the end of the JSON value")
    }
    try input.checkReadError()
  }

  // MARK: - Values

  /// Reads one value as a tree.
  public func readValue() throws(JSONDiagnostic) -> JSONValue {
    var builder = JSONTreeBuilder()
    try walkValue(into: &builder)
    return builder.value
  }

  /// Reads one value and appends its canonical compact text to `out`.
  ///
  /// With the structural strategy a value is first offered to ``StructuralTranscoder``, over
  /// an index of the buffered bytes. Most values take the fast path (``FastTranscoder``), a
  /// single pass over the buffered bytes; a value neither can finish there is read from its
  /// start by the container walker, which reports any error.
  public func transcodeValue(into out: inout [UInt8]) throws(JSONDiagnostic) {
    input.skipWhitespace()
    if transcodeStructurally(into: &out) { return }
    let scratch = fastScratch
    let levels = maxDepth - depth
    let done = input.consumeBuffered { bytes in
      FastTranscoder.transcode(bytes, levels: levels, scratch: scratch, into: &out)
    }
    if done { return }
    var sink = CanonicalTextSink()
    swap(&sink.out, &out)
    defer { swap(&sink.out, &out) }
    try walkValue(into: &sink)
  }

  /// The fast paths' working memory.
  var fastScratch: FastTranscoder.Scratch {
    if let scratch = fastScratchStorage { return scratch }
    let scratch = FastTranscoder.Scratch()
    fastScratchStorage = scratch
    return scratch
  }

  /// Reads a string token and returns its value.
  public func readString() throws(JSONDiagnostic) -> String {
    var bytes: [UInt8] = []
    try readString(into: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Reads a string token (its opening quote is next) and appends the UTF-8 of its value to
  /// `bytes`: ``readString()`` without making a `String`.
  public func readString(into bytes: inout [UInt8]) throws(JSONDiagnostic) {
    try input.scanString(into: &bytes, .decoded)
  }

  // MARK: - Structure helpers for streaming readers

  /// Skips whitespace and returns the next byte without consuming it, or nil at the end.
  public func peekAfterWhitespace() -> UInt8? {
    input.skipWhitespace()
    return input.peek()
  }

  /// Consumes `{` or `[` for a container a caller walks member by member, counting its depth.
  public func beginContainer(_ open: UInt8) throws(JSONDiagnostic) {
    input.skipWhitespace()
    guard input.peek() == open else {
      throw input.unexpected(input.peek(), expecting: open == 0x7B ? "'{'" : "'['")
    }
    try enterContainer()
    input.advance()
  }

  /// After `beginContainer`: `true` if the container is empty (and consumes its close).
  public func isEmptyContainer(close: UInt8) -> Bool {
    input.skipWhitespace()
    if input.peek() == close {
      input.advance()
      depth -= 1
      return true
    }
    return false
  }

  /// After a member or element: consumes `,` (returns `false`) or the close (returns `true`).
  public func endOfContainer(close: UInt8, what: String) throws(JSONDiagnostic) -> Bool {
    input.skipWhitespace()
    let byte = input.peek()
    if byte == 0x2C {
      input.advance()
      return false
    }
    if byte == close {
      input.advance()
      return true
    }
    let closeName = close == 0x7D ? "'}'" : "']'"
    throw input.unexpected(byte, expecting: "',' or \(closeName) after \(what)")
  }

  /// Closes a container walked with `beginContainer`; pair with `endOfContainer` returning true.
  public func leaveContainer() {
    depth -= 1
  }

  /// Counts one level of nesting that the text does not show (a bare array of entries read
  /// as if wrapped in `{"components": …}`); undone by ``leaveContainer()``.
  func enterImplicitContainer() {
    depth += 1
  }

  /// Reads `"key"` and the `:` after it.
  public func readKey() throws(JSONDiagnostic) -> String {
    var bytes: [UInt8] = []
    try readKey(into: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Reads `"key"` and the `:` after it, appending the key's UTF-8 to `bytes`: ``readKey()``
  /// without making a `String`.
  public func readKey(into bytes: inout [UInt8]) throws(JSONDiagnostic) {
    input.skipWhitespace()
    guard input.peek() == 0x22 else {
      throw input.unexpected(input.peek(), expecting: "a string key")
    }
    try input.scanString(into: &bytes, .decoded)
    try input.expectColon()
  }

  /// Skips whitespace and returns the source location of the next token.
  public func positionOfNextToken() -> SourcePosition {
    input.skipWhitespace()
    return input.currentPosition
  }

  /// A place in the input, taken without working out its line and column.
  public struct Mark: Sendable, Hashable {
    /// The absolute byte offset.
    public let offset: Int
  }

  /// Skips whitespace and marks the next token: ``positionOfNextToken()`` for a location
  /// that is needed only if something turns out to be wrong there.
  ///
  /// Lines and columns are then counted in bulk as the buffer is consumed rather than for
  /// every member of every entry. The most recent mark stays resolvable after the buffer
  /// refills (its location is taken just before the bytes go); an older one is resolvable
  /// while its bytes are still in the buffer and no later location has been asked for.
  public func markOfNextToken() -> Mark {
    input.skipWhitespace()
    return Mark(offset: input.mark())
  }

  /// The source location of a mark (see ``markOfNextToken()``).
  public func position(of mark: Mark) -> SourcePosition {
    input.position(ofMark: mark.offset)
  }
}

@available(*, unavailable, message: "a reader holds a mutable buffer and is used by one thread")
extension JSONReader: Sendable {}
