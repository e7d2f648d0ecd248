#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads byte ranges of an open regular file again, with `pread` through one window buffer,
/// for a caller that asks for them mostly front to back: how a diff holds OLD by the place
/// of each entry's text instead of the text, and compares NEW's entries with it.
///
/// A range inside the window is answered from it; any other moves the window to start at
/// the range (reading at least a mebibyte). A range that is no longer in the file (it
/// shrank since it was read) is an error, never a crash.
package final class FileRanges {
  /// Why a range could not be read: `errno`'s message, or that the file is shorter.
  package struct ReadError: Error, Sendable, CustomStringConvertible {
    package var description: String
  }

  private static let windowSize = 1 << 20

  private let fileDescriptor: Int32
  private var window: UnsafeMutableRawBufferPointer
  /// The file offset of the window's first byte, and how many bytes it holds.
  private var windowStart = 0
  private var windowCount = 0

  /// Takes over `fileDescriptor` (closed when this goes).
  package init(fileDescriptor: Int32) {
    self.fileDescriptor = fileDescriptor
    window = .allocate(byteCount: Self.windowSize, alignment: 16)
  }

  deinit {
    window.deallocate()
    close(fileDescriptor)
  }

  /// Calls `body` with the bytes of `range`, valid only during the call.
  ///
  /// - Throws: ``ReadError`` when the file cannot be read there, or ends before `range`'s end.
  package func withBytes<R>(_ range: Range<Int>, _ body: (UnsafeRawBufferPointer) throws -> R)
    throws -> R
  {
    if range.lowerBound < windowStart || range.upperBound > windowStart + windowCount {
      try load(from: range.lowerBound, atLeast: range.count)
    }
    let start = range.lowerBound - windowStart
    return try body(UnsafeRawBufferPointer(rebasing: window[start..<start + range.count]))
  }

  /// Fills the window from file offset `offset`, with at least `count` bytes.
  private func load(from offset: Int, atLeast count: Int) throws {
    if count > window.count {
      window.deallocate()
      window = .allocate(byteCount: count, alignment: 16)
    }
    windowStart = offset
    windowCount = 0
    guard let base = window.baseAddress else {
      throw ReadError(description: "no buffer to read into")  // never: it is a mebibyte
    }
    while windowCount < window.count {
      let read = pread(
        fileDescriptor, base + windowCount, window.count - windowCount, off_t(offset + windowCount))
      if read > 0 {
        windowCount += read
      } else if read == 0 {
        break
      } else if errno != EINTR {
        throw ReadError(description: SystemError.message(errno))
      }
    }
    guard windowCount >= count else {
      throw ReadError(description: "the file is shorter than when it was first read")
    }
  }
}

@available(*, unavailable, message: "a window buffer used by one thread")
extension FileRanges: Sendable {}
