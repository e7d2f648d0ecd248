import Foundation
import TestSupport
import Testing

/// `catalog git textconv FILE`, which git runs for `git log -p` and `git diff`: a catalog in
/// its canonical form, anything else as it is, and a file it cannot read refused as `import`
/// refuses one.
@Suite struct GitTextconvTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  /// A missing file, a directory and an endless device: exit status 66 with the reason on
  /// one line, as `catalog import` says it, not an internal error.
  @Test func aFileThatCannotBeReadIsRefused() throws {
    let missing = try CatalogProcess.run(["git", "textconv", "nonexist"], in: directory)
    #expect(missing.status == 66, "\(missing)")
    #expect(missing.stderr == "catalog: error: nonexist: no such file or directory\n")
    let imported = try CatalogProcess.run(["import", "nonexist"], in: directory)
    #expect(imported.stderr == missing.stderr)

    try FileManager.default.createDirectory(
      atPath: directory.path("folder"), withIntermediateDirectories: false)
    let folder = try CatalogProcess.run(["git", "textconv", "folder"], in: directory)
    #expect(folder.status == 66, "\(folder)")
    #expect(folder.stderr == "catalog: error: folder: is a directory\n")

    // Not a catalog, so it would be shown as it is, but it never ends: reading stops at the
    // largest document catalog reads.
    let endless = try CatalogProcess.run(["git", "textconv", "/dev/zero"], in: directory)
    #expect(endless.status == 66, "\(endless)")
    #expect(
      endless.stderr
        == "catalog: error: /dev/zero: larger than 1073741824 bytes, the largest document "
        + "catalog reads\n")
    #expect(endless.stdout.isEmpty)
  }

  /// A named pipe is read once: what its writer wrote is shown as it is, and the pipe is not
  /// opened again (a second open would get another writer's text, or wait for one).
  @Test func aNamedPipeIsReadOnce() throws {
    #expect(mkfifo(directory.path("pipe"), 0o644) == 0)
    // One writer, which writes and closes. A textconv that opened the pipe a second time
    // would wait in open(2) for a writer that never comes: `timeout` turns that hang into
    // exit 124 (it bounds a hang, not a speed; a correct run never waits for it). Nothing
    // here depends on which process the scheduler runs first.
    let result = try CatalogProcess.shell(
      """
      printf 'not a catalog\\n' > pipe & writer=$!
      timeout -s KILL 120 "$CATALOG" git textconv pipe; status=$?
      kill $writer 2>/dev/null; wait; exit $status
      """,
      in: directory)
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "not a catalog\n", "\(result)")
  }

  /// A file that is not a valid catalog (here a conflict left in it) is shown byte for byte.
  @Test func aFileThatIsNotACatalogIsShownAsItIs() throws {
    let text = "{\"components\": [\n<<<<<<< ours\n]}\n\u{0}\u{FF}"
    try directory.write("conflict.json", text)
    let result = try CatalogProcess.run(["git", "textconv", "conflict.json"], in: directory)
    #expect(result.status == 0, "\(result)")
    #expect(result.stdoutBytes == Array(text.utf8))
  }
}
