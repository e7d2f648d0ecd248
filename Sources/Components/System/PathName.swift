#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one place a path a user typed is taken apart: its directory and its last component,
/// as POSIX `dirname(3)` and `basename(3)` define them, computed on the path's bytes.
///
/// It replaces Foundation's path helpers (`deletingLastPathComponent`,
/// `appendingPathComponent`, `standardizingPath`, `URL(fileURLWithPath:)`), which trap on
/// some short paths on Linux (`site -o s` died with SIGILL) and rewrite others. Nothing
/// here traps on any string: an empty path, `/`, `.`, `..`, a trailing slash, `//`, a
/// one-character name.
///
/// ```swift
/// PathName.split("s")        // (".", "s")
/// PathName.split("x/")       // (".", "x")
/// PathName.split("/")        // ("/", "/")
/// PathName.split("a//b/")    // ("a", "b")
/// PathName.split("/srv")     // ("/", "srv")
/// ```
package enum PathName {
  /// `path`'s directory and last component, as `dirname` and `basename` give them:
  /// trailing slashes are ignored, a path without a slash is in `.`, the root's last
  /// component is `/`, and an empty path is `.` in `.`.
  package static func split(_ path: String) -> (directory: String, name: String) {
    let slash = UInt8(ascii: "/")
    let bytes = Array(path.utf8)
    guard !bytes.isEmpty else { return (".", ".") }
    var end = bytes.count
    while end > 0 && bytes[end - 1] == slash { end -= 1 }
    guard end > 0 else { return ("/", "/") }
    var start = end
    while start > 0 && bytes[start - 1] != slash { start -= 1 }
    let name = String(decoding: bytes[start..<end], as: UTF8.self)
    var directoryEnd = start
    while directoryEnd > 0 && bytes[directoryEnd - 1] == slash { directoryEnd -= 1 }
    if directoryEnd == 0 { return (start == 0 ? "." : "/", name) }
    return (String(decoding: bytes[..<directoryEnd], as: UTF8.self), name)
  }

  /// `path` without its trailing slashes (`x/` → `x`); `/` stays `/`, `""` stays `""`.
  package static func trimmingTrailingSlashes(_ path: String) -> String {
    var bytes = Array(path.utf8)
    while bytes.count > 1 && bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// `name` inside `directory`, with exactly one slash between them (`.` and `/` included:
  /// `join(".", "a")` is `./a`, `join("/", "a")` is `/a`).
  package static func join(_ directory: String, _ name: String) -> String {
    directory.utf8.last == UInt8(ascii: "/") ? directory + name : directory + "/" + name
  }

  /// Whether the last component is `.` or `..` (or the path is `/`): a name that cannot be
  /// created, renamed or replaced by itself, only through the directory it stands for.
  package static func namesADirectoryByItsRelation(_ path: String) -> Bool {
    let name = split(path).name
    return name == "." || name == ".." || name == "/"
  }

  /// `realpath(3)` of `path`: absolute, with every `.`, `..` and symbolic link resolved;
  /// nil when it cannot be resolved (something along it does not exist), with `errno` set.
  package static func resolved(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
