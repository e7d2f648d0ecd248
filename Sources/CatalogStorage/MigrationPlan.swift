/// The schema of one engine as an ordered list of steps: what both migrators apply.
///
/// Each file of `Migrations/ENGINE/` is a step, `NNNN_description.sql`. The number gives the
/// order and is unique per engine; a catalog records each step it had by the step's name in
/// its `schema_migration` table. A step that catalogs made by earlier binaries recorded under
/// another name (the two engines once numbered two steps 0002) keeps that name in
/// ``formerNames``: such a catalog is read as having the step, so a renumbering never runs a
/// migration twice, and a new catalog records the new name.
///
///     let plan = try MigrationPlan(EmbeddedMigrations.sqlite)
///     let pending = try plan.pending(recorded: ["0001_initial", "0002_policies"])
///     // every step after 0001_policies: the catalog recorded 0000 and 0001 by former names
package struct MigrationPlan: Sendable {
  /// One step: its number, its name (`NNNN_description`), its SQL script and what else it
  /// needs done (``Completion``).
  package struct Step: Sendable, Equatable {
    package let number: Int
    package let name: String
    package let sql: String
    /// The work SQL cannot do that the step needs, which the migrator runs after the script
    /// in the same transaction (before the step is recorded); nil for a step that is all
    /// SQL.
    package var completion: Completion?
  }

  /// Work a step needs that is not SQL: SQLite has no SHA-256, and one definition of a
  /// digest (``SHA256`` over the stored bytes) serves both engines. Each migrator runs a
  /// step's completion in the step's transaction, so the step is applied whole or not at
  /// all; a `switch` over this enum in each migrator makes a new case a build error there.
  package enum Completion: Sendable, Equatable {
    /// Computes the SHA-256 digest of every stored payload's text that has none and stores
    /// it in `payload_digest` (0010).
    case payloadDigests
  }

  /// The completion of each step that needs one, by the step's name: the same in both
  /// engines.
  package static let completions: [String: Completion] = [
    "0010_payload_digest": .payloadDigests
  ]

  /// The names catalogs recorded for steps before they were renumbered: the step's name →
  /// the name an earlier binary recorded. The same in both engines.
  package static let formerNames: [String: String] = [
    "0000_initial": "0001_initial",
    "0001_policies": "0002_policies",
  ]

  /// The steps, in order.
  package let steps: [Step]
  /// A recorded name → the name of the step it records.
  private let stepByRecordedName: [String: String]

  /// A plan of `migrations`, given in any order.
  ///
  /// - Throws: ``MigrationPlanError`` for a name that is not `NNNN_description` or two steps
  ///   with one number: a mistake in the list, not in a database.
  package init(
    _ migrations: [(name: String, sql: String)], formerNames: [String: String] = Self.formerNames
  ) throws(MigrationPlanError) {
    var steps: [Step] = []
    for migration in migrations {
      let digits = migration.name.prefix { $0.isASCII && $0.isNumber }
      guard digits.count == 4, let number = Int(digits),
        migration.name.dropFirst(4).first == "_", migration.name.count > 5
      else { throw .badName(migration.name) }
      steps.append(
        Step(
          number: number, name: migration.name, sql: migration.sql,
          completion: Self.completions[migration.name]))
    }
    steps.sort { ($0.number, $0.name) < ($1.number, $1.name) }
    for (previous, next) in zip(steps, steps.dropFirst()) where previous.number == next.number {
      throw .duplicateNumber(previous.name, next.name)
    }
    var byRecorded: [String: String] = [:]
    for step in steps {
      byRecorded[step.name] = step.name
      if let former = formerNames[step.name] { byRecorded[former] = step.name }
    }
    self.steps = steps
    self.stepByRecordedName = byRecorded
  }

  /// The steps a catalog that recorded `recorded` has not had, in order.
  ///
  /// - Throws: ``MigrationPlanError/unknown(_:)`` with the recorded names no step knows: a
  ///   newer binary wrote the catalog.
  package func pending(recorded: some Sequence<String>) throws(MigrationPlanError) -> [Step] {
    var had: Set<String> = []
    var unknown: [String] = []
    for name in recorded {
      if let step = stepByRecordedName[name] { had.insert(step) } else { unknown.append(name) }
    }
    if !unknown.isEmpty { throw .unknown(unknown.sorted()) }
    return steps.filter { !had.contains($0.name) }
  }

  /// Whether `recorded` records the step called `name`, under its name or a former one.
  package func records(_ recorded: some Sequence<String>, step name: String) -> Bool {
    recorded.contains { stepByRecordedName[$0] == name }
  }
}

/// Why a ``MigrationPlan`` could not be made or read.
package enum MigrationPlanError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A migration's name is not `NNNN_description`.
  case badName(String)
  /// Two migrations have one number.
  case duplicateNumber(String, String)
  /// The catalog recorded migrations no step of the plan knows.
  case unknown([String])

  package var description: String {
    switch self {
    case .badName(let name):
      return "migration \(name) is not named NNNN_description"
    case .duplicateNumber(let first, let second):
      return "migrations \(first) and \(second) have the same number; numbers are unique "
        + "per engine: give the newer one the next free number"
    case .unknown(let names):
      return "unknown migrations \(names.joined(separator: ", "))"
    }
  }
}
