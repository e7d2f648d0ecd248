import Components

extension CatalogDiff {
  /// How the document's frame changed between OLD and NEW: its form, the values of its
  /// top-level members other than `components`, and their places (before or after
  /// `components`, in order). Keys and values compare by bytes.
  public struct FrameChange: Sendable, Hashable {
    /// A top-level member whose value differs: `nil` where it is absent on that side.
    public struct Member: Sendable, Hashable {
      public var key: String
      public var old: JSONText?
      public var new: JSONText?
      /// `/version`.
      public var pointer: JSONPointer { JSONPointer([key]) }
    }

    public let old: DocumentFrame
    public let new: DocumentFrame

    init(old: DocumentFrame, new: DocumentFrame) {
      self.old = old
      self.new = new
    }

    /// Whether the form changed (an object became a bare array, or the reverse).
    public var formChanged: Bool { old.form != new.form }

    /// The members whose values differ, in NEW's order, then those only OLD has, in OLD's.
    public var members: [Member] {
      var result: [Member] = []
      let (inOld, inNew) = (old.memberLookup, new.memberLookup)
      for member in new.members {
        let before = inOld[member.key]
        if before != member.value {
          result.append(Member(key: member.key, old: before, new: member.value))
        }
      }
      for member in old.members where inNew[member.key] == nil {
        result.append(Member(key: member.key, old: member.value, new: nil))
      }
      return result
    }

    /// Whether the members NEW shares with OLD are in another order, or on the other side
    /// of `components` (both forms objects).
    public var orderChanged: Bool {
      let shared = Set(old.members.map { BytewiseString($0.key) }).intersection(
        new.members.map { BytewiseString($0.key) })
      return Self.keyOrder(old).filter { shared.contains($0) || $0.string == "components" }
        != Self.keyOrder(new).filter { shared.contains($0) || $0.string == "components" }
    }

    /// The top-level keys in written order, `components` included; `[]` for a bare array.
    static func keyOrder(_ frame: DocumentFrame) -> [BytewiseString] {
      guard frame.form == .object else { return [] }
      return frame.before.map { BytewiseString($0.key) } + [BytewiseString("components")]
        + frame.after.map { BytewiseString($0.key) }
    }

    /// How a form is named in messages.
    static func describe(_ form: DocumentFrame.Form) -> String {
      form == .object ? #"{"components": […]}"# : "a bare array"
    }
  }
}
