#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The bytes of one JSON text and where each is: the buffer and position layer under
/// ``JSONReader``.
///
/// It holds the input in memory, or reads it from a file descriptor (a file, a pipe, a FIFO)
/// once, front to back, in chunks of a fixed-size buffer. It knows the line and column of
/// every byte it has passed (counted in bulk, see `JSONInput+Positions.swift`), scans tokens
/// (`JSONInput+Tokens.swift`) and builds located diagnostics (`JSONInput+Diagnostics.swift`).
/// It knows nothing of containers: ``JSONReader`` walks those.
///
/// A single-use, single-thread object.
final class JSONInput {
  /// Where bytes come from.
  private enum Source {
    case memory
    case fileDescriptor(Int32)
  }

  /// The largest input accepted, in bytes.
  let maxSize: Int

  private let source: Source
  // The buffer state is internal, not private, for this type's extensions in the files
  // `JSONInput+*.swift`; nothing outside them touches it.
  var buffer: UnsafeMutablePointer<UInt8>
  private let capacity: Int
  /// Number of valid bytes in `buffer`.
  var end = 0
  /// The next byte to read.
  var index = 0
  /// Absolute offset of `buffer[0]`.
  var bufferOffset = 0
  var atEOF = false
  var readError: Int32?
  /// Line/column bookkeeping: the position of `buffer[trackIndex]`.
  var trackIndex = 0
  var trackLine = 1
  var trackColumn = 1
  /// The latest mark (an absolute offset) and, once its bytes have left the buffer, its
  /// source location.
  var lastMark: Int?
  var lastMarkPosition: SourcePosition?
  /// The absolute offset of the quote of the string read last, and its source location once
  /// a refill has dropped it from the buffer.
  var openString: Int?
  var openStringPosition: SourcePosition?
  /// The last bytes before the buffer and the source location of the first of them.
  var previousTail: [UInt8] = []
  var previousTailPosition: SourcePosition?
  /// The text being kept, if any (`JSONInput+KeptText.swift`).
  var keptText: KeptText?
  /// Whether a string (value or key) holding U+0000 is a document error: a catalog document's
  /// strings cannot hold it, since PostgreSQL's text cannot (one rule for both engines).
  var refusesNUL = false
  /// How many bytes the input is expected to hold from where reading began: the bytes in
  /// memory, or a regular file's size then; nil for a pipe. Only an estimate, for sizing
  /// tables ahead (the file may change): nothing relies on it.
  let expectedSize: Int?

  /// An input over bytes in memory.
  init(bytes: some Collection<UInt8>, maxSize: Int) {
    self.source = .memory
    self.maxSize = maxSize
    self.capacity = max(bytes.count, 1)
    self.buffer = .allocate(capacity: capacity)
    let initialized = UnsafeMutableBufferPointer(start: buffer, count: capacity)
      .initialize(fromContentsOf: bytes)
    self.end = min(initialized, maxSize)
    self.expectedSize = end
    self.atEOF = true
    if initialized > maxSize { readError = EFBIG }
    skipByteOrderMark()
  }

  /// An input that reads an open file descriptor (which the caller closes), holding at most
  /// `bufferSize` bytes of it at a time.
  init(fileDescriptor: Int32, bufferSize: Int, maxSize: Int) {
    self.source = .fileDescriptor(fileDescriptor)
    self.maxSize = maxSize
    self.capacity = max(bufferSize, 16)
    self.buffer = .allocate(capacity: capacity)
    var status = stat()
    if fstat(fileDescriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG {
      let offset = lseek(fileDescriptor, 0, SEEK_CUR)
      expectedSize = offset >= 0 ? max(0, Int(status.st_size) - Int(offset)) : nil
    } else {
      expectedSize = nil
    }
    fill()
    skipByteOrderMark()
  }

  deinit {
    buffer.deallocate()
  }

  /// How many bytes have been read so far.
  var bytesConsumed: Int { bufferOffset + index }

  // MARK: - Reading

  /// The byte at `index`, or nil at the end of input.
  @inline(__always)
  func peek() -> UInt8? {
    if index < end { return buffer[index] }
    return refill() ? buffer[index] : nil
  }

  @inline(__always)
  func advance() {
    index += 1
  }

  @inline(__always)
  func skipWhitespace() {
    while true {
      while index < end {
        let byte = buffer[index]
        guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
        index += 1
      }
      guard refill() else { return }
    }
  }

  /// Calls `body` with the bytes buffered from `index` on; when it returns a count, those
  /// bytes are consumed. How a pure function over bytes (the fast transcoder) reads the
  /// input without knowing its buffer.
  @inline(__always)
  func consumeBuffered(_ body: (UnsafeBufferPointer<UInt8>) -> Int?) -> Bool {
    guard let count = body(UnsafeBufferPointer(start: buffer + index, count: end - index)) else {
      return false
    }
    index += count
    return true
  }

  private func skipByteOrderMark() {
    if end - index >= 3, buffer[index] == 0xEF, buffer[index + 1] == 0xBB, buffer[index + 2] == 0xBF
    {
      index += 3
      trackIndex = 3
    }
  }

  /// Replaces the consumed buffer with the next bytes of the input. Returns `false` at the end.
  func refill() -> Bool {
    guard index >= end, !atEOF else { return index < end }
    // Keep what errors about a token that began before the new buffer need: the latest
    // mark's location, the location of an open string's quote, and the last bytes of this
    // buffer with their location. Tracking only moves forward, so the earlier comes first.
    let quote = openString.map { $0 - bufferOffset }.flatMap {
      $0 >= trackIndex && $0 < end ? $0 : nil
    }
    let mark = lastMarkPosition == nil ? lastMark.map { $0 - bufferOffset } : nil
    if let mark, mark >= trackIndex, mark <= end, mark <= quote ?? end {
      lastMarkPosition = position(at: mark)
    }
    if let quote { _ = position(at: quote + 1) }
    if let mark, lastMarkPosition == nil, mark >= trackIndex, mark <= end {
      lastMarkPosition = position(at: mark)
    }
    let tailStart = max(trackIndex, end - 16)
    let carried = tailStart == 0 ? min(previousTail.count, 16 - end) : 0
    if carried > 0 {
      // A short buffer: keep 16 bytes across it, for a token that spans several reads.
      previousTailPosition = position(atAbsolute: bufferOffset - carried)
      previousTail = previousTail.suffix(carried) + UnsafeBufferPointer(start: buffer, count: end)
    } else {
      previousTailPosition = position(at: tailStart)
      previousTail = Array(UnsafeBufferPointer(start: buffer + tailStart, count: end - tailStart))
    }
    advanceTracking(to: end)
    if keptText != nil { saveKeptText() }
    bufferOffset += end
    index = 0
    end = 0
    trackIndex = 0
    fill()
    return end > 0
  }

  private func fill() {
    guard case .fileDescriptor(let fd) = source else {
      atEOF = true
      return
    }
    while end < capacity {
      let count = read(fd, buffer + end, capacity - end)
      if count > 0 {
        end += count
        if bufferOffset + end > maxSize { break }
      } else if count == 0 {
        atEOF = true
        break
      } else if errno != EINTR {
        readError = errno
        atEOF = true
        break
      }
      if end > 0 { break }
    }
    if bufferOffset + end > maxSize {
      // Stop reading: the size error is raised at the first byte past the limit.
      end = max(0, maxSize - bufferOffset)
      atEOF = true
      readError = EFBIG
    }
  }

  /// Up to `count` bytes that follow the buffer, read from the input for an error message;
  /// only for the error path, since the bytes are not kept for parsing.
  func readAhead(_ count: Int) -> [UInt8] {
    guard case .fileDescriptor(let fd) = source, !atEOF else { return [] }
    var bytes = [UInt8](repeating: 0, count: count)
    var got = 0
    while got < count {
      let n = bytes.withUnsafeMutableBytes { raw -> Int in
        guard let base = raw.baseAddress else { return 0 }
        return read(fd, base + got, count - got)
      }
      if n > 0 {
        got += n
      } else if n < 0 && errno == EINTR {
        continue
      } else {
        break
      }
    }
    return Array(bytes.prefix(got))
  }

  // MARK: - Marks

  /// Marks the next byte: a place whose line and column are worked out only if asked for.
  ///
  /// The most recent mark stays resolvable after the buffer refills (its location is taken
  /// just before the bytes go); an older one is resolvable while its bytes are still in the
  /// buffer and no later location has been asked for.
  func mark() -> Int {
    let offset = bufferOffset + index
    lastMark = offset
    lastMarkPosition = nil
    return offset
  }

  /// The source location of a mark (see ``mark()``).
  func position(ofMark offset: Int) -> SourcePosition {
    if offset == lastMark, let known = lastMarkPosition { return known }
    return position(atAbsolute: offset)
  }
}

@available(*, unavailable, message: "an input holds a mutable buffer and is used by one thread")
extension JSONInput: Sendable {}
