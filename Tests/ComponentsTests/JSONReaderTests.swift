import Components
import Foundation
import TestSupport
import Testing

@Suite("JSON reader")
struct JSONReaderTests {
  @Test func keepsMemberOrderAndNumberText() throws {
    let value = try JSONValue(
      parsing: #"{"b": 1.0, "a": [1e3, 12345678901234567890, -0.5E-2], "c": null}"#)
    #expect(value.canonicalText == #"{"b":1.0,"a":[1e3,12345678901234567890,-0.5E-2],"c":null}"#)
    #expect(value.objectValue?.keys == ["b", "a", "c"])
  }

  @Test func decodesEscapesToCanonicalForm() throws {
    let value = try JSONValue(parsing: #""\u00e9\/\n\t\u0001\"\\\ud83c\udfa8""#)
    #expect(value == .string("é/\n\t\u{01}\"\\🎨"))
    #expect(value.canonicalText == #""é/\n\t\u0001\"\\🎨""#)
  }

  @Test func transcodingMatchesTreeCanonicalText() throws {
    let text = #" { "x" : [ true , false , null , "a\u0041" , { } , [ ] ] , "y" : -0 } "#
    let tree = try JSONValue(parsing: text)
    let transcoded = try JSONText(parsing: text)
    #expect(transcoded.description == tree.canonicalText)
    #expect(transcoded.description == #"{"x":[true,false,null,"aA",{},[]],"y":-0}"#)
  }

  @Test(arguments: [
    ("{\"a\": 1,}", "1:9: error: invalid JSON: unexpected character '}'; expected a string key"),
    (
      "[1, 2\n, 3",
      "2:4: error: invalid JSON: unexpected end of input; expected ',' or ']' after an array element"
    ),
    (
      "{\"a\" 1}",
      "1:6: error: invalid JSON: unexpected character '1'; expected ':' after an object key"
    ),
    ("[01]", "1:3: error: invalid JSON: invalid number: leading zeros are not allowed"),
    (
      "\"ab\ncd\"",
      "1:4: error: invalid JSON: unescaped control character U+000a in string; write it as an escape"
    ),
    ("[tru]", "1:2: error: invalid JSON: invalid literal; expected 'true'"),
    ("\"\\x\"", "1:2: error: invalid JSON: invalid escape '\\x' in string"),
    (
      "[1] [2]",
      "1:5: error: invalid JSON: unexpected character '[' after the end of the JSON value"
    ),
    ("", "1:1: error: invalid JSON: unexpected end of input; expected a JSON value"),
    (
      "{\"a\":1,\"a\":2}",
      "1:9: error: invalid JSON: unexpected end of input; expected a JSON value"
    ),
  ])
  func reportsPositionAndReason(_ text: String, _ expected: String) {
    if text.hasPrefix("{\"a\":1,\"a\"") {
      // Duplicate keys are a document error, with the key's pointer and position.
      do {
        _ = try JSONValue(parsing: text)
        Issue.record("accepted a duplicate key")
      } catch {
        #expect(error.description == "1:8: error: duplicate key \"a\"")
        #expect(error.category == .invalidDocument)
      }
      return
    }
    do {
      _ = try JSONValue(parsing: text)
      Issue.record("accepted \(text)")
    } catch {
      #expect(error.description == expected)
    }
  }

  @Test func columnsCountCharactersNotBytes() {
    do {
      _ = try JSONValue(parsing: "[\"タイトル\" x]")
      Issue.record("accepted invalid JSON")
    } catch {
      #expect(error.position.line == 1)
      #expect(error.position.column == 9)
    }
  }

  @Test func duplicateKeyPointerIsNested() {
    do {
      _ = try JSONText(parsing: #"{"a": [0, {"t": 1, "t": 2}]}"#)
      Issue.record("accepted a duplicate key")
    } catch {
      #expect(error.description == #"1:20: error: /a/1: duplicate key "t""#)
    }
  }

  @Test func deepNestingIsAnErrorNotACrash() {
    let deep = String(repeating: "[", count: 100_000)
    do {
      _ = try JSONValue(parsing: deep)
      Issue.record("accepted unclosed arrays")
    } catch {
      // The text is not JSON at all, and that wins over the depth limit.
      #expect(error.category == .invalidJSON)
    }
    let balanced = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    do {
      _ = try JSONValue(parsing: balanced)
      Issue.record("accepted 100,000 levels")
    } catch {
      #expect(error.category == .invalidDocument)
      #expect(error.message == "nesting is deeper than 1000 levels (the --max-depth limit)")
    }
    #expect((try? JSONValue(parsing: "[[[1]]]", maxDepth: 3)) != nil)
    #expect((try? JSONValue(parsing: "[[[[1]]]]", maxDepth: 3)) == nil)
  }

  @Test func byteOrderMarkIsSkipped() throws {
    let value = try JSONValue(parsing: [0xEF, 0xBB, 0xBF] + Array("{}".utf8))
    #expect(value == .object(JSONObject()))
  }

  @Test func streamsFromAFileDescriptorWithATinyBuffer() throws {
    let bytes = try Fixtures.bytes("generated-300.json")
    let expected = try JSONValue(parsing: bytes)
    let handle = try FileHandle(forReadingFrom: Fixtures.url("generated-300.json"))
    defer { try? handle.close() }
    let reader = JSONReader(fileDescriptor: handle.fileDescriptor, bufferSize: 17)
    let streamed = try reader.readDocument()
    #expect(streamed == expected)
  }

  @Test func streamedErrorPositionsAreExact() throws {
    let text = "{\n  \"a\": [1, 2, 3],\n  \"b\": \"x\",\n  \"c\": tru\n}"
    let directory = try TemporaryDirectory()
    defer { withExtendedLifetime(directory) {} }
    let handle = try FileHandle(
      forReadingFrom: URL(fileURLWithPath: try directory.write("reader.json", text)))
    defer { try? handle.close() }
    do {
      _ = try JSONReader(fileDescriptor: handle.fileDescriptor, bufferSize: 16).readDocument()
      Issue.record("accepted invalid JSON")
    } catch {
      #expect(error.description == "4:8: error: invalid JSON: invalid literal; expected 'true'")
    }
  }

  @Test func sizeLimitIsEnforced() {
    let reader = JSONReader(bytes: Array("[1, 2, 3, 4, 5]".utf8), maxSize: 4)
    #expect(throws: JSONDiagnostic.self) { try reader.readDocument() }
  }

  @Test func equivalenceIgnoresMemberOrderAndNumberSpelling() throws {
    let a = try JSONValue(parsing: #"{"x": 1, "y": [1.0, 2]}"#)
    let b = try JSONValue(parsing: #"{"y": [1, 2e0], "x": 1.00}"#)
    #expect(a != b)
    #expect(a.isEquivalent(to: b))
    #expect(!a.isEquivalent(to: try JSONValue(parsing: #"{"x": 1, "y": [1, 3]}"#)))
  }
}

@Suite("JSON Pointer")
struct JSONPointerTests {
  @Test func escapesAndParsesByScalars() throws {
    let pointer = JSONPointer(["a/b", "~x", "\u{301}k", "~\u{301}"])
    #expect(pointer.description == "/a~1b/~0x/\u{301}k/~0\u{301}")
    #expect(try JSONPointer(parsing: pointer.description) == pointer)
    #expect(try JSONPointer(parsing: "/\u{301}x").tokens == ["\u{301}x"])
    #expect(try JSONPointer(parsing: "").isRoot)
    #expect(try JSONPointer(parsing: "/").tokens == [""])
    #expect(throws: JSONPointerError.self) { try JSONPointer(parsing: "a") }
    #expect(throws: JSONPointerError.self) { try JSONPointer(parsing: "/~2") }
  }
}
