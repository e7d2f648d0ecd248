import Components

extension CatalogDiff {
  /// The diff for programs: a JSON object with fixed member order, lists sorted by kind, and
  /// values in full. A member `old` or `new` is left out where the key or element is absent on
  /// that side (as opposed to `null`, which is a value).
  ///
  /// ```json
  /// {
  ///   "added": [{"kind": "badge-new", "index": 4, "class": "additive", "rule": "ENTRY_ADDED"}],
  ///   "removed": [{"kind": "old-tile", "index": 2, "class": "breaking", "rule": "ENTRY_REMOVED"}],
  ///   "moved": [{"kind": "tile-view", "from": 3, "to": 5}],
  ///   "changed": [{"kind": "card-grid", "oldIndex": 0, "newIndex": 0, "changes": [
  ///     {"path": "/payload/title", "old": "Hero", "new": "Hero v2", "class": "value",
  ///      "rule": "VALUE_CHANGED"}]}],
  ///   "counts": {"added": 1, "removed": 1, "moved": 1, "changed": 1,
  ///              "breaking": 1, "additive": 1, "value": 1, "metadata": 0}
  /// }
  /// ```
  ///
  /// (Shown wrapped; the text is the catalog's indented export style with a final newline.)
  /// When the document's frame changed, a member `document` comes before `counts`:
  /// `{"form": {"old": "object", "new": "array"}, "members": [{"path": "/version", "old": 3,
  /// "new": 4}], "order": {"old": [...], "new": [...]}}`, `form` only when the form changed and
  /// `order` only when the shared top-level members (and `components`) changed order.
  public func jsonSummary() -> String {
    summaryValue.indentedText + "\n"
  }

  /// The summary as a value, for callers that embed it in other JSON.
  public var summaryValue: JSONValue {
    func entry(_ item: IndexedEntry, _ rule: ChangeRule) -> JSONValue {
      [
        "kind": .string(item.kind), "index": .number(JSONNumber(item.index)),
        "class": .string(rule.changeClass.rawValue), "rule": .string(rule.rawValue),
      ]
    }
    var object = JSONObject()
    object["added"] = .array(added.map { entry($0, .entryAdded) })
    object["removed"] = .array(removed.map { entry($0, .entryRemoved) })
    object["moved"] = .array(
      moved.map {
        [
          "kind": .string($0.kind), "from": .number(JSONNumber($0.oldIndex)),
          "to": .number(JSONNumber($0.newIndex)),
        ]
      })
    object["changed"] = .array(
      changed.map { item in
        var object = JSONObject()
        object["kind"] = .string(item.kind)
        if let renamedFrom = item.renamedFrom { object["renamedFrom"] = .string(renamedFrom) }
        object["oldIndex"] = .number(JSONNumber(item.oldIndex))
        object["newIndex"] = .number(JSONNumber(item.newIndex))
        object["changes"] = .array(item.changes.map(Self.summaryValue(of:)))
        return .object(object)
      })
    if let frame {
      var document = JSONObject()
      if frame.formChanged {
        document["form"] = [
          "old": .string(frame.old.form.rawValue), "new": .string(frame.new.form.rawValue),
        ]
      }
      document["members"] = .array(
        frame.members.map { member in
          var object = JSONObject()
          object["path"] = .string(member.pointer.description)
          if let old = member.old, let value = try? old.value() { object["old"] = value }
          if let new = member.new, let value = try? new.value() { object["new"] = value }
          return .object(object)
        })
      if !frame.formChanged && frame.orderChanged {
        func order(_ side: DocumentFrame) -> JSONValue {
          .array(FrameChange.keyOrder(side).map { .string($0.string) })
        }
        document["order"] = ["old": order(frame.old), "new": order(frame.new)]
      }
      object["document"] = .object(document)
    }
    var counts = JSONObject()
    counts["added"] = .number(JSONNumber(added.count))
    counts["removed"] = .number(JSONNumber(removed.count))
    counts["moved"] = .number(JSONNumber(moved.count))
    counts["changed"] = .number(JSONNumber(changed.count))
    for changeClass in ChangeClass.allCases {
      counts[changeClass.rawValue] = .number(JSONNumber(count(of: changeClass)))
    }
    object["counts"] = .object(counts)
    return .object(object)
  }

  private static func summaryValue(of change: Change) -> JSONValue {
    var object = JSONObject()
    object["path"] = .string(change.pointer.description)
    if let old = change.old { object["old"] = old }
    if let new = change.new { object["new"] = new }
    object["class"] = .string(change.changeClass.rawValue)
    object["rule"] = .string(change.rule.rawValue)
    return .object(object)
  }
}
