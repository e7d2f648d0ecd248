import Components
import Testing

/// `JSONObject`'s index of a large object and the slots its removals leave: whatever the
/// sequence of lookups, replacements, removals and additions, the object reads exactly as a
/// plain array of members changed the same way (its members, keys, count, lookups, equality
/// and hash).
@Suite("JSON objects")
struct JSONObjectTests {
  /// The same edits on an object and on an array of members, compared after each one.
  @Test(arguments: [5, 17, 40, 300])
  func editsOfAnIndexedObjectMatchAPlainArray(_ size: Int) {
    var object = JSONObject(
      (0..<size).map { JSONObject.Member(key: "k\($0)", value: .number(JSONNumber($0))) })
    var model = object.members
    var state: UInt64 = UInt64(size)
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    for step in 0..<(size * 6) {
      let key = "k\(next(size + size / 2))"
      switch next(4) {
      case 0:
        let removed = object.removeValue(forKey: key)
        let index = model.firstIndex { $0.key == key }
        #expect(removed == index.map { model[$0].value })
        if let index { model.remove(at: index) }
      case 1:
        object[key] = nil
        model.removeAll { $0.key == key }
      case 2:
        let value = JSONValue.number(JSONNumber(1000 + step))
        object[key] = value
        if let index = model.firstIndex(where: { $0.key == key }) {
          model[index].value = value
        } else {
          model.append(JSONObject.Member(key: key, value: value))
        }
      default:
        #expect(object[key] == model.first { $0.key == key }?.value)
      }
      #expect(object.count == model.count)
      #expect(object.members == model)
      #expect(object.keys == model.map(\.key))
      #expect(Array(object) == model)
      let plain = JSONObject(model)
      #expect(object == plain)
      #expect(object.hashValue == plain.hashValue)
    }
  }

  /// A value taken out and changed in place through `modifyValue(at:)` after removals lands
  /// on the member of that key.
  @Test func modifyingInPlaceAfterRemovalsChangesTheRightMember() throws {
    var object = JSONObject((0..<50).map { JSONObject.Member(key: "k\($0)", value: .null) })
    for i in 0..<20 { object.removeValue(forKey: "k\(i)") }
    let position = object.position(ofKey: "k30")
    let slot = try #require(position)
    object.modifyValue(at: slot) { $0 = .bool(true) }
    #expect(object["k30"] == .bool(true))
    #expect(object.members.filter { $0.value == .bool(true) }.map(\.key) == ["k30"])
    #expect(object.keys.first == "k20")
  }
}
