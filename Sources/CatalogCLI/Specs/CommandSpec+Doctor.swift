extension CommandSpec {
  /// `catalog doctor`: integrity checks.
  package static let doctorCommand = CommandSpec(
    name: "doctor",
    abstract: "Check the database and the catalog's invariants.",
    discussion: """
      Runs SQLite's integrity_check and foreign_key_check, then the catalog's own \
      checks: revision numbers are consecutive, every stored payload is referenced, and \
      every revision's catalog is valid. Reports every problem found, and writes nothing.
      """,
    arguments: [.resultFormat],
    examples: [
      Example("Check the default catalog:", "catalog doctor"),
      Example("Check a shared catalog:", "catalog -d /srv/catalog/components.sqlite doctor"),
    ],
    seeAlso: ["log"])
}
