/// One build of an app as users name it: `APP@VERSION` (`ios@5.2.0`).
///
/// An app's name holds no `@` (``AppContract/app``), so the name ends at the first `@` and
/// the version is everything after it, `@` included.
public struct AppBuild: Sendable, Hashable, CustomStringConvertible {
  public var app: String
  public var version: String

  public init(app: String, version: String) {
    self.app = app
    self.version = version
  }

  /// `text` split at its first `@`; nil when it has none, or nothing before or after it.
  public init?(parsing text: String) {
    guard let at = text.firstIndex(of: "@"), at != text.startIndex,
      text.index(after: at) != text.endIndex
    else { return nil }
    self.init(app: String(text[..<at]), version: String(text[text.index(after: at)...]))
  }

  /// `APP@VERSION`.
  public var description: String { "\(app)@\(version)" }
}
