/// Why a JSON Patch could not be decoded or applied: which operation, what it was doing, and
/// what went wrong.
///
/// ```text
/// operation 3 (replace /components/7/payload/x): path does not exist
/// operation 0: missing "op"
/// ```
///
/// Operation indices count from 0, like the patch array's own JSON Pointer (`/3`).
public struct JSONPatchError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong, for callers that act on the kind of failure.
  public enum Code: String, Sendable, Hashable, CaseIterable {
    /// The patch document is not an array of operations.
    case notAnArray
    /// An operation is not an object, or a member is missing, duplicated or of the wrong type.
    case malformedOperation
    /// `op` names no RFC 6902 operation.
    case unknownOperation
    /// `path` or `from` is not RFC 6901 syntax.
    case invalidPointer
    /// Nothing is at `path` (or at the parent an `add` needs), or an array index is past the end.
    case pathNotFound
    /// Nothing is at `from`.
    case fromNotFound
    /// A token used on an array is neither digits without leading zeros nor (for `add`) `-`.
    case invalidIndex
    /// An `add`'s parent is neither an object nor an array.
    case notAContainer
    /// A `move` whose `from` is a proper prefix of its `path`.
    case moveIntoChild
    /// A `remove` of the whole document.
    case removeRoot
    /// A `test` found a different value.
    case testFailed
    /// The result would be deeper than the depth limit or larger than the size limit
    /// (`--max-depth`, `--max-size`), or a pointer is longer than the depth limit.
    case limitExceeded
  }

  /// The operation's index in the patch, or `nil` when the patch as a whole is at fault.
  public var index: Int?
  /// The operation's `op`, when it is a string.
  public var op: String?
  /// The operation's `path` text, when it is a string.
  public var path: String?
  public var code: Code
  /// Lowercase, no final period: `path does not exist`.
  public var message: String
  /// The member of the operation at fault (`op`, `path`, `from` or `value`), when one is:
  /// the problem is at `/index/member` of the patch document; nil for the operation as a
  /// whole (a missing member, a result over a limit).
  public var member: String?

  public init(
    index: Int?, op: String?, path: String?, code: Code, message: String, member: String? = nil
  ) {
    self.index = index
    self.op = op
    self.path = path
    self.code = code
    self.message = message
    self.member = member
  }

  /// `operation 3 (replace /components/7/payload/x): path does not exist`.
  public var description: String {
    guard let index else { return "invalid patch: \(message)" }
    var subject = ""
    switch (op, path) {
    case (let op?, let path?): subject = " (\(op) \(path.isEmpty ? "\"\"" : path))"
    case (let op?, nil): subject = " (\(op))"
    case (nil, _): break
    }
    return "operation \(index)\(subject): \(message)"
  }
}
