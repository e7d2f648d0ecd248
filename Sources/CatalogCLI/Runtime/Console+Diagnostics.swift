import Components

extension Console {
  /// Located problems of `file` on stderr, `FILE:LINE:COLUMN: error: …` one a line, and a
  /// last line when reading stopped at its limit of problems, so the list is not taken for
  /// all there is.
  func report(_ diagnostics: JSONDiagnostics, in file: String) {
    for diagnostic in diagnostics.diagnostics {
      error(diagnostic.formatted(file: file))
    }
    if diagnostics.isTruncated {
      error(
        "catalog: error: \(file): reading stopped after "
          + "\(diagnostics.diagnostics.count.counting("problem")); there may be more")
    }
  }
}
