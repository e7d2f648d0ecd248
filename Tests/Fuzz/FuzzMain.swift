// The libFuzzer entry point: Tests/Fuzz/run-fuzz.sh builds it with the oracles
// (FuzzJSON.swift, FuzzPatch.swift, FuzzMerge.swift, ReferencePatch.swift) and the sources of
// Components and CatalogDiff into one executable. A violated oracle stops the run, and
// libFuzzer saves the input as a crash artifact.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  do {
    try checkFuzzInput(bytes)
  } catch {
    fatalError(error.description)
  }
  return 0
}
