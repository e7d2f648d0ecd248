import Foundation
import TestSupport
import Testing

/// An argument that is not UTF-8 is refused as a usage error (64), with its bytes shown,
/// instead of being read with U+FFFD in place of the bytes: a file named in Latin-1 was
/// reported missing ("no such file or directory") although it was there, and an export's
/// output went to a file of another name.
@Suite struct NonUTF8ArgumentTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
    try directory.write("components.json", #"{"components": []}"#)
  }

  @Test(arguments: [
    ("import \"$(printf 'caf\\351.json')\"", #"caf\xE9.json"#),
    ("export -o \"$(printf 'out\\377\\\\.json')\"", #"out\xFF\x5C.json"#),
    ("show \"$(printf '\\300\\200')\"", #"\xC0\x80"#),
  ])
  func isAUsageErrorThatShowsItsBytes(command: String, shown: String) throws {
    try directory.write("caf\u{E9}.json", #"{"components": []}"#)
    let result = try CatalogProcess.shell("\"$CATALOG\" -d c.sqlite \(command)", in: directory)
    #expect(result.status == 64, "\(result)")
    #expect(
      result.stderr
        == "catalog: error: the argument '\(shown)' is not UTF-8; catalog takes its "
        + "arguments, file names included, in UTF-8\n", "\(result)")
    #expect(try directory.fileNames() == ["caf\u{E9}.json", "components.json"])
  }

  /// UTF-8 beyond ASCII is taken as it is.
  @Test func utf8IsTakenAsItIs() throws {
    try directory.write("caf\u{E9}.json", #"{"components": []}"#)
    let result = try CatalogProcess.shell("\"$CATALOG\" check 'caf\u{E9}.json'", in: directory)
    #expect(result.status == 0, "\(result)")
  }
}
