import CatalogCLI
import Foundation

exit(
  CatalogMain.run(
    Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment))
