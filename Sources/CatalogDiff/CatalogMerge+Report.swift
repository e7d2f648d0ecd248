import Components

extension CatalogMerge {
  /// The merge report for programs: every change taken, with the side it came from, and every
  /// conflict with its pointer, the line of its marker and the three values. A member `base`,
  /// `ours`, `theirs`, `old` or `new` is left out where the value is absent on that side.
  ///
  /// ```json
  /// {
  ///   "clean": false,
  ///   "taken": [{"from": "theirs", "kind": "badge", "path": "/components/1/payload/count",
  ///              "old": 1, "new": 2, "class": "value", "rule": "VALUE_CHANGED"}],
  ///   "conflicts": [{"kind": "tile", "path": "/components/0/payload/title", "line": 8,
  ///                  "reason": "BOTH_CHANGED", "base": "Hero", "ours": "A", "theirs": "B"}],
  ///   "counts": {"ours": 0, "theirs": 1, "both": 0, "conflicts": 1}
  /// }
  /// ```
  ///
  /// (Shown wrapped; the text is the catalog's indented export style with a final newline.)
  public func jsonReport() -> String {
    JSONWriter.indentedString(reportValue) + "\n"
  }

  /// The report as a value, for callers that embed it in other JSON.
  public var reportValue: JSONValue {
    var object = JSONObject()
    object["clean"] = .bool(isClean)
    object["taken"] = .array(
      taken.map { item in
        var change = JSONObject()
        change["from"] = .string(item.origin.rawValue)
        change["kind"] = .string(item.kind)
        change["path"] = .string(item.pointer.description)
        if let old = item.change.old { change["old"] = old }
        if let new = item.change.new { change["new"] = new }
        change["class"] = .string(item.change.changeClass.rawValue)
        change["rule"] = .string(item.change.rule.rawValue)
        return .object(change)
      })
    object["conflicts"] = .array(
      conflicts.map { conflict in
        var value = JSONObject()
        value["kind"] = .string(conflict.kind)
        value["path"] = .string(conflict.pointer.description)
        value["line"] = .number(JSONNumber(conflict.line))
        value["reason"] = .string(conflict.reason.rawValue)
        if let base = conflict.base { value["base"] = base }
        if let ours = conflict.ours { value["ours"] = ours }
        if let theirs = conflict.theirs { value["theirs"] = theirs }
        return .object(value)
      })
    var counts = JSONObject()
    for origin in [Origin.ours, .theirs, .both] {
      counts[origin.rawValue] = .number(JSONNumber(taken.count { $0.origin == origin }))
    }
    counts["conflicts"] = .number(JSONNumber(conflicts.count))
    object["counts"] = .object(counts)
    return .object(object)
  }
}
