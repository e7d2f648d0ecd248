import CatalogStore
import Components

/// The JSON results of `catalog contract` and `catalog clients`, and the clients' part of
/// `check --clients`.
extension ResultJSON {
  /// `contract record --format json`.
  static func contractRecord(
    _ result: ContractRecording, head: [ClientRejection],
    history: (rejections: [(revision: Int64, rejection: ClientRejection)], revisions: Int64)?,
    changes: [String]
  ) -> JSONValue {
    object([
      ("command", .string("contract record")), ("outcome", .string(result.outcome.rawValue)),
      ("build", contractBuild(result.recorded)),
      ("head", .array(head.map { clientRejection($0, file: nil) })),
      (
        "history",
        history.map { history in
          .array(
            history.rejections.map {
              object([
                ("revision", number(Int($0.revision))),
                ("rejection", clientRejection($0.rejection, file: nil)),
              ])
            })
        } ?? .null
      ),
      ("previous", result.previous.map { .string($0.build) } ?? .null),
      ("changes", strings(changes)),
    ])
  }

  /// `contract list --format json`.
  static func contractList(_ builds: [RecordedContract]) -> JSONValue {
    object([("command", .string("contract list")), ("builds", .array(builds.map(contractBuild)))])
  }

  /// `contract retire --format json`.
  static func contractRetire(_ recorded: RecordedContract, retired: Bool) -> JSONValue {
    object([
      ("command", .string("contract retire")),
      ("outcome", .string(retired ? "retired" : "unchanged")), ("build", contractBuild(recorded)),
    ])
  }

  /// One build in a JSON result: app, version, state, kinds, and its events.
  static func contractBuild(_ build: RecordedContract) -> JSONValue {
    func event(_ event: ContractEvent?) -> JSONValue {
      guard let event else { return .null }
      return object([
        ("event", number(Int(event.id))),
        ("afterRevision", number(Int(event.afterRevision))),
        ("time", .string(Timestamp.string(event.time))), ("author", .string(event.author)),
      ])
    }
    return object([
      ("app", .string(build.app)), ("version", .string(build.version)),
      ("retained", .bool(build.isRetained)),
      (
        "kinds",
        strings(
          build.contract.kinds.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }))
      ),
      ("recorded", event(build.recorded)), ("retired", event(build.retired)),
    ])
  }

  /// `catalog clients --format json`, and each gate's matrix in `check --clients`.
  static func clients(_ matrix: ClientMatrix, file: String?, revision: Int64?) -> JSONValue {
    object([
      ("command", .string("clients")), ("file", file.map(JSONValue.string) ?? .null),
      ("revision", revision.map { number(Int($0)) } ?? .null),
      ("entries", number(matrix.entries)),
      (
        "builds",
        .array(
          matrix.builds.map { build in
            object([
              ("build", .string(build.build)), ("app", .string(build.app)),
              ("version", .string(build.version)), ("decodes", strings(build.decodes)),
              ("unknown", strings(build.unknown)),
              ("rejections", .array(build.rejections.map { clientRejection($0, file: file) })),
            ])
          })
      ),
    ])
  }

  /// One payload a build rejects, at its place in `file` when there is one.
  static func clientRejection(_ rejection: ClientRejection, file: String?) -> JSONValue {
    object([
      ("build", .string(rejection.build)), ("kind", .string(rejection.kind)),
      ("pointer", .string(rejection.pointer.description)),
      ("expected", .string(rejection.violation.expected)),
      ("found", .string(rejection.violation.found)), ("message", .string(rejection.message)),
      ("file", file.map(JSONValue.string) ?? .null),
      ("line", rejection.position.map { number($0.line) } ?? .null),
      ("column", rejection.position.map { number($0.column) } ?? .null),
    ])
  }
}
