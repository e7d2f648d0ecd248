import Testing

@testable import Components

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct SystemErrorTests {
  /// The C library's sentences, lowered as catalog's messages are written; an acronym stays.
  @Test func messagesAreLowercaseWithoutAFinalPeriod() {
    #expect(SystemError.message(ENOENT) == "no such file or directory")
    #expect(SystemError.message(ENOSPC) == "no space left on device")
    #expect(SystemError.message(EACCES) == "permission denied")
    for code in Int32(1)..<Int32(134) {
      let message = SystemError.message(code)
      #expect(!message.hasSuffix("."), "\(code): \(message)")
      if let first = message.first, first.isUppercase {
        #expect(message.dropFirst().first?.isUppercase == true, "\(code): \(message)")
      }
    }
  }
}
