#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// MCP's stdio framing: one JSON-RPC message per line, read from a file descriptor with a
/// bound on a message's size.
///
/// A line longer than ``maxMessageSize`` is not kept: its bytes are skipped up to the next
/// line break and it is reported once, as ``Frame/oversized(bytes:)``, so a client that
/// sends a huge line gets an answer and the server's memory stays bounded (one chunk plus
/// one message). A line break ends a message; a `\r` before it is dropped; empty lines are
/// skipped. The last line may lack its line break.
public struct McpLineReader {
  /// What ``next()`` read.
  public enum Frame: Sendable, Hashable {
    /// One message's bytes, without its line break.
    case message([UInt8])
    /// A line longer than the limit, skipped; `bytes` is how many were skipped.
    case oversized(bytes: Int)
    /// The end of the input.
    case end
    /// A read failed with this `errno`.
    case failed(Int32)
  }

  /// The largest message read by default: 16 MiB.
  public static let defaultMaxMessageSize = 16 << 20

  public let maxMessageSize: Int
  private let fd: Int32
  private var buffer: [UInt8] = []
  private var start = 0
  /// Where the search for the next line break resumes: the bytes before it hold none.
  private var scanned = 0
  private var ended = false
  private let chunk: Int

  /// A reader of `fd`.
  public init(fd: Int32, maxMessageSize: Int = defaultMaxMessageSize, chunk: Int = 1 << 16) {
    self.fd = fd
    self.maxMessageSize = maxMessageSize
    self.chunk = chunk
  }

  /// The next message, or why there is none.
  public mutating func next() -> Frame {
    var skipped: Int?
    while true {
      if let newline = buffer[max(start, scanned)...].firstIndex(of: 0x0A) {
        let lineStart = start
        start = newline + 1
        scanned = start
        if let count = skipped { return .oversized(bytes: count + (newline - lineStart)) }
        var end = newline
        if end > lineStart, buffer[end - 1] == 0x0D { end -= 1 }
        if end - lineStart > maxMessageSize { return .oversized(bytes: end - lineStart) }
        if end == lineStart { continue }
        return .message(Array(buffer[lineStart..<end]))
      }
      // No line break in what is buffered: keep it, unless it is already too long.
      if buffer.count - start > maxMessageSize {
        skipped = (skipped ?? 0) + (buffer.count - start)
        buffer.removeAll(keepingCapacity: true)
        start = 0
      } else if start > 0 {
        buffer.removeSubrange(0..<start)
        start = 0
      }
      scanned = buffer.count
      if ended {
        guard !buffer.isEmpty || skipped != nil else { return .end }
        var line = buffer
        buffer = []
        start = 0
        scanned = 0
        if let count = skipped { return .oversized(bytes: count + line.count) }
        if line.last == 0x0D { line.removeLast() }
        if line.count > maxMessageSize { return .oversized(bytes: line.count) }
        return line.isEmpty ? .end : .message(line)
      }
      switch fill() {
      case nil: break
      case let error?: return .failed(error)
      }
    }
  }

  /// Reads one chunk into the buffer; sets ``ended`` at the end of the input.
  private mutating func fill() -> Int32? {
    let old = buffer.count
    buffer.append(contentsOf: repeatElement(0, count: chunk))
    while true {
      let count = buffer.withUnsafeMutableBytes { raw -> Int in
        guard let base = raw.baseAddress else { return 0 }
        return read(fd, base + old, chunk)
      }
      if count < 0 {
        if errno == EINTR { continue }
        let error = errno
        buffer.removeSubrange(old...)
        return error
      }
      buffer.removeSubrange((old + count)...)
      if count == 0 { ended = true }
      return nil
    }
  }
}
