import CatalogStore
import Components
import Foundation
import GalleryComponents

/// The gallery's two ways to run.
///
/// - `gallery [components.json]`: imports the file (the bundled sample by default) into a
///   temporary catalog, loads the registry from it, and prints the load report, the text
///   gallery and the verification result.
/// - `gallery --watch <catalog.sqlite>`: loads an existing catalog, prints the gallery, and
///   prints it again whenever another process writes a new revision (hot reload), until
///   interrupted.
enum GalleryCommand {
  /// Runs the command line `arguments` (without the program name).
  static func run(_ arguments: [String]) throws {
    let registry = ComponentsRegistry()
    registerGalleryComponents(in: registry)
    if arguments.first == "--watch", arguments.count == 2 {
      try watch(catalogAt: arguments[1], registry: registry)
    } else if arguments.count <= 1, arguments.first?.hasPrefix("-") != true {
      try showSample(arguments.first, registry: registry)
    } else {
      throw GalleryError("usage: gallery [components.json] | gallery --watch <catalog.sqlite>")
    }
  }

  /// Imports a components.json into a temporary catalog and shows what the registry makes of
  /// it.
  static func showSample(_ path: String?, registry: ComponentsRegistry) throws {
    let source: DocumentSource
    if let path {
      source = .file(path)
    } else if let sample = Bundle.module.url(forResource: "components", withExtension: "json") {
      source = .file(sample.path)
    } else {
      throw GalleryError("the bundled components.json is missing")
    }
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("gallery-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }

    let catalog = try Catalog(path: directory.appendingPathComponent("components.sqlite").path)
    try catalog.importDocument(
      from: source, options: WriteOptions(author: "gallery", message: "Gallery sample"))

    // What an app does at startup: load the registry's components from the catalog.
    let report = try registry.load(from: catalog)
    emit("== Load report")
    emit(report)
    emit("")
    emit("== Gallery")
    emit(TextGallery.render(report))
    emit("")
    emit("== Verification (all revisions)")
    do {
      try registry.verify(against: catalog, history: .allRevisions)
      emit("every sample payload decodes")
    } catch let error as RegistryVerificationError {
      emit(error)
    }
  }

  /// Prints the gallery of the catalog at `path`, and again after every new revision.
  static func watch(catalogAt path: String, registry: ComponentsRegistry) throws {
    let options = Catalog.Options(readOnly: true)
    showGallery(try registry.load(from: Catalog(path: path, options: options)))
    let observer = try CatalogObserver(path: path) { change in
      // On the observer's queue: open a connection for this thread and reload the revision
      // the change is about.
      emit("\n== \(change)")
      do {
        let catalog = try Catalog(path: path, options: options)
        showGallery(try registry.load(from: catalog, at: .number(change.head.id)))
      } catch {
        emit("reload failed: \(error)")
      }
    }
    observer.start()
    emit("\nwatching \(path) for new revisions; press Ctrl-C to stop")
    // The observer stops when it is released; keep it for as long as the gallery runs.
    withExtendedLifetime(observer) {
      while true {
        sleep(60)
      }
    }
  }
}

extension GalleryCommand {
  /// Prints the gallery, then the payloads that did not decode.
  static func showGallery(_ report: RegistryLoadReport) {
    emit(TextGallery.render(report))
    for failure in report.failures {
      emit("failure: \(failure)")
    }
  }

  /// Writes `text` and a newline to standard output at once, unbuffered, so that `--watch`
  /// output reaches a pipe or a log file as it happens.
  static func emit(_ text: any CustomStringConvertible) {
    FileHandle.standardOutput.write(Data((text.description + "\n").utf8))
  }
}

/// A problem the gallery reports and exits on.
struct GalleryError: Error, CustomStringConvertible {
  var description: String

  init(_ description: String) {
    self.description = description
  }
}
