import CMallocSettings
import CatalogCLI
import Foundation

// Blocks of 512 KiB and more (the buffers of a first import's tables as they grow) each get
// a mapping of their own, returned to the system when freed: by default glibc raises that
// size as such blocks are freed, and the freed storage of an array that grew then stays in
// the process, unused. 2 MiB less at the peak of a 100,000-entry first import, at no cost
// in time measured (docs/benchmarks.md, round five).
catalog_fix_mmap_threshold(512 * 1024)

exit(
  CatalogMain.run(
    Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment))
