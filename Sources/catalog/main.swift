import CatalogCLI
import Foundation

// Before any thread starts or any catalog opens.
CatalogMain.configureProcess()
if let argument = CatalogMain.firstNonUTF8Argument() {
  exit(CatalogMain.refuse(nonUTF8Argument: argument))
}
exit(
  CatalogMain.run(
    Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment))
