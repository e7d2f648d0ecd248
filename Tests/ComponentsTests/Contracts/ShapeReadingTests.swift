import Components
import Testing

/// What a shape reads at a pointer and what it tolerates there: the questions the policies
/// ask of a contract (docs/policies.md, "Policies that know what apps read").
@Suite("Shape reading")
struct ShapeReadingTests {
  /// `{count: Int, label: String?, color: String? (decode), tags: [String], extra: [String:
  /// Double], next: recursive, child: a component}`, read from a schema.
  static let shape: Shape = {
    let schema = ##"""
      {"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object",
       "properties":{"count":{"type":"integer"},"label":{"type":"string"},
         "color":{"type":["string","null"]},"tags":{"type":"array","items":{"type":"string"}},
         "extra":{"type":"object","additionalProperties":{"type":"number"}},
         "next":{"$ref":"#/$defs/Node"},
         "child":{"type":"object","x-component":true,"properties":{"kind":{"type":"string"},"payload":{}},"required":["kind","payload"]}},
       "required":["count","color","tags"],
       "$defs":{"Node":{"type":["object","null"],"properties":{"value":{"type":"integer"},"next":{"$ref":"#/$defs/Node"}},"required":["value"]}}}
      """##
    // A fixture: a schema this suite writes, so reading it cannot fail.
    return (try? Shape(schema: JSONValue(parsing: Array(schema.utf8)))) ?? Shape(root: .any)
  }()

  static func pointer(_ text: String) -> JSONPointer {
    (try? JSONPointer(parsing: text)) ?? .root
  }

  @Test func readings() throws {
    let shape = Self.shape
    #expect(shape.root != .any)
    #expect(shape.reading(at: .root) == .read(shape.root, required: true))
    #expect(shape.reading(at: Self.pointer("/count")) == .read(.integer(nil), required: true))
    #expect(shape.reading(at: Self.pointer("/label")) == .read(.string(.plain), required: false))
    #expect(shape.reading(at: Self.pointer("/unread")) == .notRead)
    #expect(shape.reading(at: Self.pointer("/tags/3")) == .read(.string(.plain), required: false))
    #expect(shape.reading(at: Self.pointer("/tags/x")) == .notRead)
    #expect(
      shape.reading(at: Self.pointer("/extra/any")) == .read(.number(.double), required: false))
    #expect(
      shape.reading(at: Self.pointer("/next/next/value")) == .read(.integer(nil), required: true))
    #expect(shape.reading(at: Self.pointer("/next/other")) == .notRead)
    #expect(shape.reading(at: Self.pointer("/child/payload/x")) == .unknown)
    #expect(shape.reading(at: Self.pointer("/count/x")) == .unknown)
  }

  @Test func tolerance() throws {
    let shape = Self.shape
    func value(_ text: String) throws -> JSONValue { try JSONValue(parsing: Array(text.utf8)) }
    #expect(shape.tolerates(try value("1"), at: Self.pointer("/count")))
    #expect(!shape.tolerates(try value("1.5"), at: Self.pointer("/count")))
    #expect(!shape.tolerates(nil, at: Self.pointer("/count")))
    #expect(shape.tolerates(nil, at: Self.pointer("/label")))
    #expect(shape.tolerates(try value("null"), at: Self.pointer("/color")))
    #expect(shape.tolerates(try value("\"#123456\""), at: Self.pointer("/color")))
    #expect(!shape.tolerates(nil, at: Self.pointer("/color")))
    #expect(!shape.tolerates(try value("7"), at: Self.pointer("/color")))
    #expect(shape.tolerates(nil, at: Self.pointer("/unread")))
    #expect(shape.tolerates(try value(#"{"deep": [1]}"#), at: Self.pointer("/unread")))
    #expect(shape.tolerates(nil, at: Self.pointer("/tags/0")))
    #expect(!shape.tolerates(try value("1"), at: Self.pointer("/tags/0")))
    #expect(shape.tolerates(try value(#"{"value": 2, "next": null}"#), at: Self.pointer("/next")))
    #expect(!shape.tolerates(try value(#"{"next": null}"#), at: Self.pointer("/next")))
    // What the shape cannot say is never tolerated.
    #expect(!shape.tolerates(nil, at: Self.pointer("/child/payload/x")))
  }
}
