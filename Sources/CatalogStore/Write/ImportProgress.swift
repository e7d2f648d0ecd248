/// Progress of a long import, for a progress display.
public struct ImportProgress: Sendable {
  public var entries: Int
  public var bytesRead: Int
  public var totalBytes: Int?
}
