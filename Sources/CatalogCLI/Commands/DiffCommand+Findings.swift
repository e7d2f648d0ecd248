import CatalogDiff
import CatalogStore
import Components

/// `diff --format github|junit`: every change as a finding, failing when `--fail-on`
/// counts it.
extension DiffCommand {
  /// The diff's changes as findings, sorted by kind (bytes), each kind's in entry order.
  ///
  /// - Parameters:
  ///   - document: NEW as a submitted file, so that findings point at its lines.
  ///   - violations: what the policies refuse (`diff @REF FILE`), to name the mode.
  static func report(
    _ diff: CatalogDiff, name: String, failOn: CatalogDiff.FailureClass,
    document: SubmittedDocument?,
    violations: [PolicyViolation], maxDepth: Int
  ) -> FindingReport {
    var groups: [(kind: String, index: Int?, changes: [CatalogDiff.Change])] = []
    for item in diff.added {
      groups.append(
        (
          item.kind, item.index,
          [.init(pointer: .root, old: nil, new: .string(item.kind), rule: .entryAdded)]
        ))
    }
    for item in diff.removed {
      groups.append(
        (
          item.kind, nil,
          [.init(pointer: .root, old: .string(item.kind), new: nil, rule: .entryRemoved)]
        ))
    }
    for item in diff.changed { groups.append((item.kind, item.newIndex, item.changes)) }
    groups.sort { Array($0.kind.utf8).lexicographicallyPrecedes(Array($1.kind.utf8)) }
    var findings: [Finding] = []
    var requests: [(index: Int, pointer: JSONPointer)] = []
    var requestOf: [Int?] = []
    for group in groups {
      for change in group.changes {
        var finding = Finding(
          kind: group.kind, change: change, file: document?.name,
          fails: failOn == .any || change.changeClass == .breaking)
        if let violation = violations.first(where: {
          $0.kind.hasSameBytes(as: group.kind) && $0.rule == change.rule
            && $0.change.pointer == change.pointer
        }) {
          finding.mode = violation.mode
          finding.origin = violation.origin
          finding.against = violation.against
        }
        if document != nil, let index = group.index {
          requestOf.append(requests.count)
          requests.append((index, change.pointer))
        } else {
          requestOf.append(nil)
        }
        findings.append(finding)
      }
    }
    if let document {
      let located = document.locate(requests, maxDepth: maxDepth)
      for i in findings.indices {
        if let request = requestOf[i] { findings[i].position = located[request] }
      }
    }
    return FindingReport(name: name, checkedKinds: groups.map(\.kind), findings: findings)
  }
}
