import CatalogCLI
import Foundation

// catalog-bench: see BenchOptions.usage and docs/benchmarks.md.
let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "exec-catalog":
  // The child process of every timed run: exactly what the catalog binary's main does.
  exit(
    CatalogMain.run(Array(arguments.dropFirst()), environment: ProcessInfo.processInfo.environment))
case "spawn":
  // The launcher of a timed child (see ChildProcess).
  exit(ChildProcess.launch(Array(arguments.dropFirst())))
case "generate":
  exit(GenerateCommand.run(Array(arguments.dropFirst())))
case "read":
  exit(ReadCommand.run(Array(arguments.dropFirst())))
case "head":
  exit(HeadCommand.run(Array(arguments.dropFirst())))
case "--help", "-h":
  print(BenchOptions.usage)
default:
  do {
    try Bench(options: BenchOptions(arguments)).run()
  } catch {
    FileHandle.standardError.write(Data("catalog-bench: error: \(error)\n".utf8))
    exit(1)
  }
}
