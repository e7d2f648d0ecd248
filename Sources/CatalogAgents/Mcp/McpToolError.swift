import CatalogStore

/// A tool call that could not be served for a reason the caller can fix (an unknown kind or
/// revision, an argument of the wrong type): answered as a tool result with `isError: true`,
/// so that the model sees the message and can correct its call, as MCP asks.
struct McpToolError: Error, Sendable, Hashable {
  var message: String

  init(_ message: String) {
    self.message = message
  }

  /// A catalog's refusal (an unknown revision or kind) in its own words.
  init(_ error: CatalogError) {
    self.message = error.description
  }
}
