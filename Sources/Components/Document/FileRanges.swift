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
/// shrank since it was read) is an error, never a crash. A file written in place while it
/// is read again, with text of the same shape, gives no such sign in the ranges
/// themselves; ``checkUnchanged()`` compares the file's size and its modification and
/// status-change times with those it had before the first read, and the holder calls it
/// after the last range it reads.
package final class FileRanges {
  /// Why a range could not be read: `errno`'s message, or that the file is shorter.
  package struct ReadError: Error, Sendable, CustomStringConvertible {
    package var description: String

    package init(description: String) {
      self.description = description
    }
  }

  private static let windowSize = 1 << 20

  private let fileDescriptor: Int32
  /// The file's size and times before its first read, when they were given.
  private let identity: Identity?
  private var window: UnsafeMutableRawBufferPointer
  /// The file offset of the window's first byte, and how many bytes it holds.
  private var windowStart = 0
  private var windowCount = 0

  /// Takes over `fileDescriptor` (closed when this goes). `status` is the file's `fstat`
  /// from before anything was read of it, for ``checkUnchanged()``.
  package init(fileDescriptor: Int32, status: stat? = nil) {
    self.fileDescriptor = fileDescriptor
    identity = status.map(Identity.init)
    window = .allocate(byteCount: Self.windowSize, alignment: 16)
  }

  /// A new descriptor of the file at its start, for reading it through once more (the window
  /// is not involved); the caller closes it.
  ///
  /// - Throws: ``ReadError`` when none can be made.
  package func descriptorAtStart() throws -> Int32 {
    let copy = dup(fileDescriptor)
    guard copy >= 0 else { throw ReadError(description: SystemError.message(errno)) }
    guard lseek(copy, 0, SEEK_SET) == 0 else {
      let reason = SystemError.message(errno)
      close(copy)
      throw ReadError(description: reason)
    }
    return copy
  }

  /// Throws when the file's size, modification time or status-change time differ from
  /// those it had before it was first read: it was written (or truncated, or touched) since,
  /// so the ranges read again may not hold what was read the first time.
  ///
  /// - Throws: ``ReadError`` saying so, or `fstat`'s error.
  package func checkUnchanged() throws {
    guard let identity else { return }
    var status = stat()
    guard fstat(fileDescriptor, &status) == 0 else {
      throw ReadError(description: SystemError.message(errno))
    }
    guard Identity(status) == identity else {
      throw ReadError(description: "the file was written to while it was read")
    }
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

extension FileRanges {
  /// What tells a file written in place from the one first read: its size and the
  /// nanosecond modification and status-change times.
  private struct Identity: Equatable {
    var size: Int64
    var modified: [Int]
    var changed: [Int]

    init(_ status: stat) {
      size = Int64(status.st_size)
      #if canImport(Darwin)
        modified = [Int(status.st_mtimespec.tv_sec), Int(status.st_mtimespec.tv_nsec)]
        changed = [Int(status.st_ctimespec.tv_sec), Int(status.st_ctimespec.tv_nsec)]
      #else
        modified = [Int(status.st_mtim.tv_sec), Int(status.st_mtim.tv_nsec)]
        changed = [Int(status.st_ctim.tv_sec), Int(status.st_ctim.tv_nsec)]
      #endif
    }
  }
}

@available(*, unavailable, message: "a window buffer used by one thread")
extension FileRanges: Sendable {}
