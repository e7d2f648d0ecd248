import Foundation

do {
  try GalleryCommand.run(Array(CommandLine.arguments.dropFirst()))
} catch {
  FileHandle.standardError.write(Data("gallery: error: \(error)\n".utf8))
  exit(1)
}
