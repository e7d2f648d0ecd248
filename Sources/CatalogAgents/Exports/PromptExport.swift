import Components

extension AgentExport {
  /// Markdown for an agent's system prompt: every kind, category by category in catalog
  /// order (the order in which each category first appears), with its description, its
  /// payload's shape (JSON Schema) and one example (its sample).
  ///
  /// Catalog contents are data: names and descriptions have every ASCII punctuation
  /// character backslash-escaped and line breaks kept inside a block quote, and each JSON
  /// block is fenced with more backticks than it contains in a row.
  public static func prompt(_ catalog: AgentCatalog) -> String {
    var out = "# UI components\n\n"
    out +=
      "The component catalog at revision \(catalog.revision)"
      + (catalog.build.map { " as \(escaped($0)) decodes it" } ?? "") + " (A2UI catalog major "
      + "\(catalog.major)). Use only these kinds. A component is written "
      + "`{\"kind\": KIND, \"payload\": PAYLOAD}`; where a payload holds a child component, "
      + "the child is written the same way. Kinds marked deprecated must not be used in new "
      + "documents.\n"
    for category in catalog.categories {
      out += "\n## " + escaped(category) + "\n"
      for kind in catalog.kinds where kind.category.hasSameBytes(as: category) {
        out += "\n### " + escaped(kind.kind) + (kind.deprecated ? " (deprecated)" : "") + "\n\n"
        if !kind.description.isEmpty {
          out += quoted(kind.description) + "\n\n"
        }
        if let build = kind.contract {
          out += "Payload (JSON Schema, as \(escaped(build)) decodes it):\n\n"
        } else {
          out +=
            "Payload (JSON Schema, inferred from \(kind.inferredFrom) "
            + (kind.inferredFrom == 1 ? "sample" : "samples") + "):\n\n"
        }
        let schema = AgentSchema.schema(of: kind.shape.root, children: .catalogEntry)
        out += fenced(JSONWriter.indentedString(componentsSpelledOut(schema))) + "\n"
        out += "Example:\n\n"
        let example = JSONValue.object(
          JSONObject([
            .init(key: "kind", value: .string(kind.kind)),
            .init(key: "payload", value: kind.sample),
          ]))
        out += fenced(JSONWriter.indentedString(example))
      }
    }
    return out
  }

  /// The schema with each reference to a nested component written as the annotation
  /// `{"x-component": "any kind of this catalog"}`.
  private static func componentsSpelledOut(_ value: JSONValue) -> JSONValue {
    switch value {
    case .object(let object):
      if object.count == 1, case .string("#")? = object["$ref"] {
        return AgentSchema.object([("x-component", "any kind of this catalog")])
      }
      return .object(
        JSONObject(object.members.map { .init(key: $0.key, value: componentsSpelledOut($0.value)) })
      )
    case .array(let items): return .array(items.map(componentsSpelledOut))
    default: return value
    }
  }

  /// Text with Markdown's active characters backslash-escaped (and a leading `-`, `+`, `=`
  /// that would start a list or a heading underline), line breaks and other control
  /// characters turned into spaces: Markdown that shows the text and nothing else.
  static func escaped(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      if scalar.properties.generalCategory == .control {
        out += " "
      } else if "\\`*_[]<>#|~!&(){}".unicodeScalars.contains(scalar)
        || (out.isEmpty && "-+=".unicodeScalars.contains(scalar))
      {
        out += "\\" + String(scalar)
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// The text as a Markdown block quote, each line escaped.
  static func quoted(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map {
      "> " + escaped(String($0))
    }.joined(separator: "\n")
  }

  /// A fenced `json` block with a fence longer than any run of backticks in the text.
  static func fenced(_ text: String) -> String {
    var longest = 0
    var run = 0
    for scalar in text.unicodeScalars {
      run = scalar == "`" ? run + 1 : 0
      longest = max(longest, run)
    }
    let fence = String(repeating: "`", count: max(3, longest + 1))
    return fence + "json\n" + text + "\n" + fence + "\n"
  }
}
