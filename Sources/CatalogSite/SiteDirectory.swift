import Components
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

  /// The folders of a site; files are created relative to each one's open descriptor
  /// (`openat(2)`), so that the kernel does not walk the whole path for each of the pages.
  enum Folder: Int, CaseIterable {
    case kinds
    case revisions
    case releases

    var name: String {
      switch self {
      case .kinds: return "kinds"
      case .revisions: return "revisions"
      case .releases: return "releases"
      }
    }
  }

  /// Where the site goes: the output with links followed, and `.` or `..` resolved.
  let output: String
  /// The output as messages name it: the user's spelling when it was `.` or `..`.
  let shown: String
  let temporary: String
  /// The files and folders written so far, relative to the site's root (`kinds/` for a
  /// folder), one a line: the manifest the marker records at ``commit()``.
  private var written: [UInt8] = []
  private var finished = false
  /// The temporary directory's descriptor, and each folder's once made.
  private var rootDescriptor: Int32 = -1
  private var folderDescriptors: [Int32] = Array(repeating: -1, count: Folder.allCases.count)
  /// A file name as a C string, reused from file to file.
  private var name: [CChar] = []
  /// The folders of the site being replaced, open, when the output is one (-1 otherwise):
  /// a page with the same bytes as the previous site's is linked to that file
  /// (``linkUnchanged(_:_:_:)``).
  private var previousFolders: [Int32] = Array(repeating: -1, count: Folder.allCases.count)
  /// The previous site's page read back for the comparison, reused from page to page.
  private var previous: [UInt8] = []
  /// The mode of a file this class creates: 0644 less the process's umask.
  private let fileMode: mode_t

  init(output: String) throws(CatalogSiteError) {
    let given = PathName.trimmingTrailingSlashes(output)
    var path = Self.followingLinks(given)
    var shown = path
    if PathName.namesADirectoryByItsRelation(path) {
      // `.`, `..`, `x/..` and `/` name a directory only through another one: it is replaced
      // at its real place, beside its real name, and messages keep the user's spelling.
      guard let absolute = PathName.resolved(path) else {
        throw .io(path: given, reason: SystemError.message(errno))
      }
      guard absolute != "/" else {
        throw .io(path: given, reason: "the root directory cannot be replaced by a site")
      }
      path = absolute
      shown = given
    }
    self.output = path
    self.shown = shown
    try Self.checkReplaceable(path, shown: shown)
    let (parent, name) = PathName.split(path)
    var template = Array(PathName.join(parent, ".\(name).site-XXXXXX").utf8CString)
    let made = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.map { mkdtemp($0) != nil } ?? false
    }
    guard made else { throw .io(path: shown, reason: SystemError.message(errno)) }
    temporary = String(
      decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    chmod(temporary, 0o755)
    rootDescriptor = open(temporary, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard rootDescriptor >= 0 else {
      let reason = SystemError.message(errno)
      rmdir(temporary)
      throw .io(path: shown, reason: reason)
    }
    fileMode = 0o644 & ~Self.processUmask()
    if access("\(path)/\(Self.marker)", F_OK) == 0 {
      for folder in Folder.allCases {
        previousFolders[folder.rawValue] = open(
          "\(path)/\(folder.name)", O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
      }
    }
  }

  /// Where `path` leads when it is a symbolic link (`site -> /var/www/catalog`), so that the
  /// site is replaced where the link points, beside its target, and the link is kept: a web
  /// server serving the target sees the new site. A dangling link leads to where its target
  /// would be. Anything else is `path` itself.
  private static func followingLinks(_ path: String) -> String {
    var current = path
    // As the kernel does (ELOOP), give up on a chain of more than 40 links.
    for _ in 0..<40 {
      var info = stat()
      guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK,
        let target = try? FileManager.default.destinationOfSymbolicLink(atPath: current)
      else { return current }
      let parent = PathName.split(current).directory
      current = PathName.trimmingTrailingSlashes(
        target.hasPrefix("/") ? target : PathName.join(parent, target))
    }
    return current
  }

  /// Adds `relative` to the manifest.
  private func record(_ relative: String) {
    written.append(contentsOf: relative.utf8)
    written.append(UInt8(ascii: "\n"))
  }

  /// The absolute-or-relative path of `relative` inside the temporary directory.
  func path(_ relative: String) -> String { "\(temporary)/\(relative)" }

  func makeDirectory(_ folder: Folder) throws(CatalogSiteError) {
    record(folder.name + "/")
    guard mkdirat(rootDescriptor, folder.name, 0o755) == 0 else {
      throw .io(path: "\(shown)/\(folder.name)", reason: SystemError.message(errno))
    }
    let descriptor = openat(rootDescriptor, folder.name, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw .io(path: "\(shown)/\(folder.name)", reason: SystemError.message(errno))
    }
    folderDescriptors[folder.rawValue] = descriptor
  }

  /// Creates a new file, open for writing.
  func create(_ relative: String) throws(CatalogSiteError) -> SiteFile {
    record(relative)
    let descriptor = openat(
      rootDescriptor, relative, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw .io(path: "\(shown)/\(relative)", reason: SystemError.message(errno))
    }
    return SiteFile(descriptor: descriptor, displayPath: "\(shown)/\(relative)")
  }

  /// Writes a new file whole; every write is checked.
  func write(_ relative: String, _ bytes: [UInt8]) throws(CatalogSiteError) {
    let file = try create(relative)
    try file.write(bytes)
    try file.close()
  }

  /// Writes the new page `folder/name.html` whole, with no `String` made for its path unless
  /// it fails; every write is checked.
  func write(folder: Folder, name page: String, _ bytes: [UInt8]) throws(CatalogSiteError) {
    name.removeAll(keepingCapacity: true)
    for byte in page.utf8 { name.append(CChar(bitPattern: byte)) }
    for byte in ".html".utf8 { name.append(CChar(bitPattern: byte)) }
    name.append(0)
    written.append(contentsOf: folder.name.utf8)
    written.append(UInt8(ascii: "/"))
    written.append(contentsOf: page.utf8)
    written.append(contentsOf: ".html\n".utf8)
    if previousFolders[folder.rawValue] >= 0, linkUnchanged(folder, name, bytes) { return }
    let descriptor = openat(
      folderDescriptors[folder.rawValue], name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw .io(
        path: "\(shown)/\(folder.name)/\(page).html", reason: SystemError.message(errno))
    }
    let file = SiteFile(descriptor: descriptor, displayPath: nil)
    do throws(CatalogSiteError) {
      try file.write(bytes)
      try file.close()
    } catch {
      throw error.at("\(shown)/\(folder.name)/\(page).html")
    }
  }

  /// Puts the previous site's page `name` of `folder` into the new site as a second link
  /// to the same file, when that file holds exactly `bytes` and is as this class writes
  /// files (a regular file of this user's, mode 0644 less the umask, with no other link than
  /// the previous site's); false, having made nothing, when it does not. A file linked from
  /// elsewhere too (a copy published with `cp -al`, say) is written anew, so that once the
  /// previous site is removed no page of the new one shares its file with anything outside it.
  ///
  /// Replacing a site whose pages mostly did not change then reads them instead of writing
  /// them (`rsync --link-dest` does the same): no new file's memory is allocated, and
  /// removing the old site afterwards only drops a link instead of freeing the file. The
  /// bytes are compared whole, so the new site has the same bytes either way; an unchanged
  /// page also keeps its modification time.
  private func linkUnchanged(_ folder: Folder, _ name: [CChar], _ bytes: [UInt8]) -> Bool {
    let from = previousFolders[folder.rawValue]
    let descriptor = openat(from, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
      info.st_mode & 0o7777 == fileMode, info.st_uid == geteuid(), info.st_nlink == 1,
      info.st_size == bytes.count
    else { return false }
    // One byte more than expected, so that a file that grew since the `fstat` shows.
    if previous.count < bytes.count + 1 {
      previous = Array(repeating: 0, count: max(bytes.count + 1, 2 * previous.count))
    }
    var count = 0
    while count <= bytes.count {
      let got = previous.withUnsafeMutableBytes { buffer in
        read(descriptor, buffer.baseAddress.map { $0 + count }, bytes.count + 1 - count)
      }
      if got < 0 && errno == EINTR { continue }
      guard got > 0 else { break }
      count += got
    }
    guard count == bytes.count,
      bytes.withUnsafeBytes({ new in
        previous.withUnsafeBytes { old in
          ByteComparison.equal(new, UnsafeRawBufferPointer(rebasing: old[..<count]))
        }
      })
    else { return false }
    return linkat(from, name, folderDescriptors[folder.rawValue], name, 0) == 0
  }

  /// Closes the directories' descriptors (the files are all closed by then).
  private func closeDescriptors() {
    for descriptor in folderDescriptors + previousFolders + [rootDescriptor] where descriptor >= 0 {
      close(descriptor)
    }
    folderDescriptors = folderDescriptors.map { _ in -1 }
    previousFolders = previousFolders.map { _ in -1 }
    rootDescriptor = -1
  }

  /// Puts the finished site in place of the output. When an old site is there, the two
  /// directories are exchanged in one step (`renameat2(RENAME_EXCHANGE)`, where the kernel and
  /// file system have it; otherwise the old site is moved aside first, so the output path
  /// names a whole site at every moment except between two renames), and the old site,
  /// now at the temporary path, is removed after.
  func commit() throws(CatalogSiteError) {
    try write(Self.marker, Self.manifest(written))
    closeDescriptors()
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory) {
      try Self.checkReplaceable(output, shown: shown)
      let old: String
      if Self.exchange(temporary, output) {
        old = temporary
      } else {
        old = "\(temporary).old"
        guard rename(output, old) == 0 else {
          throw .io(path: shown, reason: SystemError.message(errno))
        }
        guard rename(temporary, output) == 0 else {
          let reason = SystemError.message(errno)
          rename(old, output)
          throw .io(path: shown, reason: reason)
        }
      }
      finished = true
      if let reason = Self.removeTree(AT_FDCWD, old) {
        throw .io(path: old, reason: "the old site could not be removed: \(reason)")
      }
    } else {
      guard rename(temporary, output) == 0 else {
        throw .io(path: shown, reason: SystemError.message(errno))
      }
      finished = true
    }
  }

  /// `renameat2(2)` with `RENAME_EXCHANGE`, looked up at run time (the C library's module
  /// does not declare it); false when the C library, the kernel or the file system lacks it.
  private static func exchange(_ first: String, _ second: String) -> Bool {
    typealias RenameAt2 =
      @convention(c) (
        Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32
      ) -> Int32
    #if os(Linux)
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else {
        return false
      }
      let renameat2 = unsafeBitCast(symbol, to: RenameAt2.self)
      let renameExchange: UInt32 = 2
      return renameat2(AT_FDCWD, first, AT_FDCWD, second, renameExchange) == 0
    #else
      return false
    #endif
  }

  /// Removes the file or directory tree `name` relative to the directory `parent`, by
  /// descriptors (`openat`, `unlinkat`), so that no path is built or walked per file and
  /// no symbolic link is followed. Returns why it failed, nil when it did not.
  static func removeTree(_ parent: Int32, _ name: UnsafePointer<CChar>) -> String? {
    if unlinkat(parent, name, 0) == 0 || errno == ENOENT { return nil }
    guard errno == EISDIR || errno == EPERM else { return SystemError.message(errno) }
    let descriptor = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else { return SystemError.message(errno) }
    guard let directory = fdopendir(descriptor) else {
      let reason = SystemError.message(errno)
      close(descriptor)
      return reason
    }
    var failure: String?
    while failure == nil, let entry = readdir(directory) {
      failure = withUnsafePointer(to: &entry.pointee.d_name) { tuple in
        tuple.withMemoryRebound(to: CChar.self, capacity: 256) { child -> String? in
          if child[0] == 46 && (child[1] == 0 || (child[1] == 46 && child[2] == 0)) {
            return nil  // "." and ".."
          }
          if entry.pointee.d_type != UInt8(DT_DIR), unlinkat(descriptor, child, 0) == 0 {
            return nil
          }
          return removeTree(descriptor, child)
        }
      }
    }
    closedir(directory)
    if let failure { return failure }
    return unlinkat(parent, name, AT_REMOVEDIR) == 0 ? nil : SystemError.message(errno)
  }

  /// Removes the temporary directory after a failure.
  func abandon() {
    closeDescriptors()
    guard !finished else { return }
    finished = true
    _ = Self.removeTree(AT_FDCWD, temporary)
  }

  deinit { abandon() }
}
