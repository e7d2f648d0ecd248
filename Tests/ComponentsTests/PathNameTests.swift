import Testing

@testable import Components

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `PathName.split` is POSIX `dirname(3)` and `basename(3)`: compared with the C library's own
/// for every spelling that made Foundation trap or guess, and for every path of up to four
/// characters over `a`, `/` and `.`.
@Suite("PathName")
struct PathNameTests {
  static let spellings = [
    "", "s", "x/", "x//", ".", "..", "./", "../", "/", "//", "///", "/a", "/a/", "a/b",
    "a//b", "a/b/", "/a/b", "./s", "../x", "a/.", "a/..", "é/ü", "a b/c d",
  ]

  /// The C library's answer, with `//` read as `/` (dirname and basename may modify their
  /// argument: copies).
  func posix(_ path: String) -> (String, String) {
    var first = Array(path.utf8CString)
    var second = Array(path.utf8CString)
    let directory = first.withUnsafeMutableBufferPointer {
      $0.baseAddress.map { String(cString: dirname($0)) } ?? ""
    }
    let name = second.withUnsafeMutableBufferPointer {
      $0.baseAddress.map { String(cString: __xpg_basename($0)) } ?? ""
    }
    // POSIX leaves a leading `//` to the implementation; glibc keeps it, this is `/`.
    return (directory.allSatisfy { $0 == "/" } ? "/" : directory, name)
  }

  @Test(arguments: spellings)
  func splitIsDirnameAndBasename(path: String) {
    let split = PathName.split(path)
    let expected = posix(path)
    #expect(split.directory == expected.0, "\(path)")
    #expect(split.name == expected.1, "\(path)")
  }

  @Test func everyShortPath() {
    let alphabet: [Character] = ["a", "/", "."]
    var paths = [""]
    for _ in 0..<4 {
      paths += paths.flatMap { path in alphabet.map { path + String($0) } }
    }
    for path in Set(paths) {
      let split = PathName.split(path)
      let expected = posix(path)
      #expect(split.directory == expected.0 && split.name == expected.1, "\(path)")
    }
  }

  @Test func joinPutsOneSlash() {
    #expect(PathName.join(".", "a") == "./a")
    #expect(PathName.join("/", "a") == "/a")
    #expect(PathName.join("x/", "a") == "x/a")
    #expect(PathName.join("x", "a") == "x/a")
  }

  @Test func relationNames() {
    for path in [".", "..", "/", "x/.", "x/..", "./", "//", "a/../"] {
      #expect(PathName.namesADirectoryByItsRelation(path), "\(path)")
    }
    for path in ["s", "x/", ".s", "..s", "a/b"] {
      #expect(!PathName.namesADirectoryByItsRelation(path), "\(path)")
    }
  }
}
