import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The site being written: a temporary directory beside the output, renamed into place when
/// every page is written, so that a web server serving the output never sees half a site.
///
/// An existing output is replaced only when it is empty or carries the `.catalog-site`
/// marker this class writes; anything else is refused before a byte is written.
final class SiteDirectory {
  static let marker = ".catalog-site"

  let output: String
  let temporary: String
  private var finished = false

  init(output: String) throws(CatalogSiteError) {
    var path = output
    while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
    self.output = path
    try Self.checkReplaceable(path)
    let parent = (path as NSString).deletingLastPathComponent
    let name = (path as NSString).lastPathComponent
    var template = Array("\(parent.isEmpty ? "." : parent)/.\(name).site-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.map { mkdtemp($0) != nil } ?? false
    }
    guard made else { throw .io(path: path, reason: String(cString: strerror(errno))) }
    temporary = String(
      decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    chmod(temporary, 0o755)
  }

  /// The output may be replaced: it does not exist, or is an empty directory, or a site.
  private static func checkReplaceable(_ path: String) throws(CatalogSiteError) {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return }
    guard isDirectory.boolValue else { throw .notASite(path: path) }
    let contents = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    if contents.isEmpty || contents.contains(marker) { return }
    throw .notASite(path: path)
  }

  /// The absolute-or-relative path of `relative` inside the temporary directory.
  func path(_ relative: String) -> String { "\(temporary)/\(relative)" }

  func makeDirectory(_ relative: String) throws(CatalogSiteError) {
    guard mkdir(path(relative), 0o755) == 0 else {
      throw .io(path: "\(output)/\(relative)", reason: String(cString: strerror(errno)))
    }
  }

  /// Creates a new file, open for writing.
  func create(_ relative: String) throws(CatalogSiteError) -> SiteFile {
    try SiteFile(path: path(relative), displayPath: "\(output)/\(relative)")
  }

  /// Writes a new file whole; every write is checked.
  func write(_ relative: String, _ bytes: [UInt8]) throws(CatalogSiteError) {
    let file = try create(relative)
    try file.write(bytes)
    try file.close()
  }

  /// Puts the finished site in place of the output. When an old site is there, it is moved
  /// aside first and removed after, so the output path names a whole site at every moment
  /// except between two renames.
  func commit() throws(CatalogSiteError) {
    try write(Self.marker, Array("written by catalog site\n".utf8))
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory) {
      try Self.checkReplaceable(output)
      let aside = "\(temporary).old"
      guard rename(output, aside) == 0 else {
        throw .io(path: output, reason: String(cString: strerror(errno)))
      }
      guard rename(temporary, output) == 0 else {
        let reason = String(cString: strerror(errno))
        rename(aside, output)
        throw .io(path: output, reason: reason)
      }
      finished = true
      do {
        try FileManager.default.removeItem(atPath: aside)
      } catch {
        throw .io(path: aside, reason: "the old site could not be removed: \(error)")
      }
    } else {
      guard rename(temporary, output) == 0 else {
        throw .io(path: output, reason: String(cString: strerror(errno)))
      }
      finished = true
    }
  }

  /// Removes the temporary directory after a failure.
  func abandon() {
    guard !finished else { return }
    finished = true
    try? FileManager.default.removeItem(atPath: temporary)
  }

  deinit { abandon() }
}
