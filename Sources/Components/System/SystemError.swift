#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The text of an operating-system error number, as the command line's messages are written:
/// lowercase, without a final period (`no such file or directory`, `no space left on
/// device`). Every message built from an `errno` goes through here, so none of them starts
/// with the C library's capital letter.
package enum SystemError {
  /// `strerror(code)` with its first letter lowered, unless the first word is an acronym
  /// (`RPC …`, `I/O …`), and any final period removed.
  package static func message(_ code: Int32) -> String {
    var text = String(cString: strerror(code))
    if text.hasSuffix(".") { text.removeLast() }
    let letters = Array(text.prefix(2))
    guard letters.count == 2, letters[0].isUppercase, letters[1].isLowercase else { return text }
    return letters[0].lowercased() + text.dropFirst()
  }
}
