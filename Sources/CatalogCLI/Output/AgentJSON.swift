import CatalogAgents
import Components

/// The agent-facing output of `validate-ui` (docs/agents.md): problems as A2UI messages.
enum AgentJSON {
  /// `validate-ui --format a2ui`: one A2UI v0.9 `error` message (`VALIDATION_FAILED`) per
  /// error, each a canonical JSON line, with the problem's surface, pointer, line and column.
  static func a2uiErrors(_ problems: [UIProblem]) -> [UInt8] {
    var out: [UInt8] = []
    for problem in problems where problem.severity == .error {
      let error = JSONValue.object(
        JSONObject([
          .init(key: "code", value: "VALIDATION_FAILED"),
          .init(key: "surfaceId", value: .string(problem.surface ?? "")),
          .init(key: "path", value: .string(problem.pointer.description)),
          .init(
            key: "message",
            value: .string(
              "\(problem.position.line):\(problem.position.column): \(problem.text)")),
        ]))
      out += JSONWriter.canonicalBytes(
        .object(
          JSONObject([.init(key: "version", value: "v0.9"), .init(key: "error", value: error)])))
      out.append(UInt8(ascii: "\n"))
    }
    return out
  }
}
