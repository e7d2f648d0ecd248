import CatalogCLI
import Foundation

// Before any thread starts or any catalog opens.
CatalogMain.configureProcess()
exit(
  CatalogMain.run(
    Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment))
