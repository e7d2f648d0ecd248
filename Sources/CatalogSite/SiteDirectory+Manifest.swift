import Components

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The marker's manifest: the `.catalog-site` file lists every file and folder the site
/// wrote, so that a later run replaces a directory only when everything in it is the site's.
///
/// The marker is `written by catalog site`, then one path a line relative to the site's root,
/// sorted bytewise, a folder with a final `/` (`kinds/`, `kinds/tile.html`). Site file names
/// are lowercase ASCII letters, digits, `-` and `.` (``SiteNames``), so a line never holds a
/// newline. A directory holding anything else, a file copied in beside the site (`cp -r
/// public/. www/` into a directory with files of its own), a folder within a folder, or a
/// marker without a list (an earlier version's, which recorded no files), is refused before
/// a byte is written, since replacing it would delete what the site did not write.
extension SiteDirectory {
  static let markerHeader = "written by catalog site"

  /// The marker's bytes for the files in `written` (one a line, in the order written).
  static func manifest(_ written: [UInt8]) -> [UInt8] {
    var lines = written.split(separator: UInt8(ascii: "\n")).map { Array($0) }
    lines.sort { $0.lexicographicallyPrecedes($1) }
    var out = Array(markerHeader.utf8)
    out.append(UInt8(ascii: "\n"))
    for line in lines {
      out.append(contentsOf: line)
      out.append(UInt8(ascii: "\n"))
    }
    return out
  }

  /// The output may be replaced: it does not exist, or is an empty directory, or holds
  /// only what its marker lists.
  ///
  /// - Throws: ``CatalogSiteError/notASite(path:)`` for a file, or a non-empty directory
  ///   without the marker; ``CatalogSiteError/holdsOtherFiles(path:names:count:)`` naming
  ///   the first few paths the marker does not list.
  static func checkReplaceable(_ path: String, shown: String) throws(CatalogSiteError) {
    var info = stat()
    guard stat(path, &info) == 0 else { return }
    guard info.st_mode & S_IFMT == S_IFDIR else { throw .notASite(path: shown) }
    let root = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard root >= 0 else { throw .io(path: shown, reason: SystemError.message(errno)) }
    defer { close(root) }
    let top = try entries(root, shown: shown)
    if top.isEmpty { return }
    guard top.contains(where: { $0.name == marker && !$0.isDirectory }) else {
      throw .notASite(path: shown)
    }
    let listed = try listedFiles(root, shown: shown)
    var foreign: [String] = []
    var count = 0
    for entry in top where entry.name != marker {
      let relative = entry.isDirectory ? entry.name + "/" : entry.name
      guard listed.contains(relative) else {
        count += 1
        if foreign.count < 5 { foreign.append(relative) }
        continue
      }
      guard entry.isDirectory else { continue }
      let folder = openat(root, entry.name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
      guard folder >= 0 else { throw .io(path: shown, reason: SystemError.message(errno)) }
      defer { close(folder) }
      for child in try entries(folder, shown: shown) {
        let inner = relative + child.name + (child.isDirectory ? "/" : "")
        if child.isDirectory || !listed.contains(inner) {
          count += 1
          if foreign.count < 5 { foreign.append(inner) }
        }
      }
    }
    if count > 0 { throw .holdsOtherFiles(path: shown, names: foreign, count: count) }
  }

  /// The paths the marker of the directory `root` lists (empty for an earlier version's
  /// marker, which lists none).
  private static func listedFiles(_ root: Int32, shown: String) throws(CatalogSiteError)
    -> Set<String>
  {
    let descriptor = openat(root, marker, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw .io(path: PathName.join(shown, marker), reason: SystemError.message(errno))
    }
    defer { close(descriptor) }
    let contents = readAll(descriptor)
    if let error = contents.error {
      throw .io(path: PathName.join(shown, marker), reason: SystemError.message(error))
    }
    var lines = contents.bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true)
    guard let first = lines.first, first.elementsEqual(markerHeader.utf8) else { return [] }
    lines.removeFirst()
    return Set(lines.map { String(decoding: $0, as: UTF8.self) })
  }

  /// The names in the directory `descriptor` (not `.` and `..`), each with whether it is a
  /// directory itself (a symbolic link is not followed), sorted by name.
  private static func entries(_ descriptor: Int32, shown: String) throws(CatalogSiteError)
    -> [(name: String, isDirectory: Bool)]
  {
    let copy = dup(descriptor)
    guard copy >= 0, let directory = fdopendir(copy) else {
      let reason = SystemError.message(errno)
      throw .io(path: shown, reason: reason)
    }
    defer { closedir(directory) }
    var found: [(name: String, isDirectory: Bool)] = []
    while let entry = readdir(directory) {
      let name = withUnsafePointer(to: &entry.pointee.d_name) { tuple in
        tuple.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
      }
      if name == "." || name == ".." { continue }
      var info = stat()
      let isDirectory =
        fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0
        && info.st_mode & S_IFMT == S_IFDIR
      found.append((name, isDirectory))
    }
    // Sorted, so that a message names the same files whatever order readdir(3) gives.
    return found.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
  }
}
