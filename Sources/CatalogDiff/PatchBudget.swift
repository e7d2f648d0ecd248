import Components

/// What a patch may still add: the depth and size limits of ``JSONPatch/apply(to:limits:)``,
/// checked before each operation from the operation and the values it names, never by
/// walking the whole document.
struct PatchBudget {
  let limits: DocumentLimits
  /// Bytes of canonical text counted so far: the document, then every value added.
  private(set) var size = 0

  init(limits: DocumentLimits) {
    self.limits = limits
  }

  /// Counts the document the patch starts from; a message when it is over the limits.
  mutating func start(with document: JSONValue) -> String? {
    guard let measure = document.measure(maxDepth: limits.maxDepth, maxSize: limits.maxSize)
    else {
      return "the document is deeper than \(limits.maxDepth) levels or larger than "
        + "\(limits.maxSize) bytes (the --max-depth and --max-size limits)"
    }
    size = measure.size
    return nil
  }

  /// Throws when `operation`, applied to `document`, would cross a limit.
  mutating func check(_ operation: JSONPatchOperation, in document: JSONValue) throws(PatchFailure)
  {
    let pointers: [(JSONPointer?, String)] = [(operation.path, "path"), (operation.from, "from")]
    for (pointer, member) in pointers
    where (pointer?.tokens.count ?? 0) > limits.maxDepth {
      throw PatchFailure(
        .limitExceeded,
        "the pointer has \(pointer?.tokens.count ?? 0) tokens, more than the depth limit of "
          + "\(limits.maxDepth) (--max-depth)", member: member)
    }
    switch operation {
    case .add(let path, let value), .replace(let path, let value):
      try count(value, at: path)
    case .copy(let from, let path):
      // A missing `from` is the operation's own error, reported by apply.
      guard let value = try? document.value(at: from, role: .from) else { return }
      try count(value, at: path)
    case .move(let from, let path):
      // The value already fits where it is; only a deeper place can cross the depth limit.
      guard path.tokens.count > from.tokens.count,
        let value = try? document.value(at: from, role: .from)
      else { return }
      try count(value, at: path)
    case .remove, .test:
      return
    }
  }

  /// Adds the size of `value`, placed at `path`, and checks both limits.
  private mutating func count(_ value: JSONValue, at path: JSONPointer) throws(PatchFailure) {
    let depthLeft = limits.maxDepth - path.tokens.count
    let sizeLeft = limits.maxSize - size
    let key = path.tokens.last.map { $0.utf8.count + 4 } ?? 0  // "key": and a comma
    guard let measure = value.measure(maxDepth: depthLeft, maxSize: sizeLeft - key) else {
      if value.measure(maxDepth: depthLeft, maxSize: .max) == nil {
        throw PatchFailure(
          .limitExceeded,
          "the result would be nested deeper than \(limits.maxDepth) levels (--max-depth)")
      }
      throw PatchFailure(
        .limitExceeded,
        "the result would be larger than \(limits.maxSize) bytes (--max-size)")
    }
    size += measure.size + key
  }
}

extension JSONValue {
  /// The value's nesting depth (a scalar 0, `[]` 1) and the length of its canonical text
  /// (strings counted without escapes), or nil as soon as either passes its limit: the walk
  /// stops there, so measuring costs at most the limits, whatever the value's size.
  ///
  /// A container met twice (copied with `copy`, it shares its storage) is walked once: its
  /// measure is remembered by the address of its elements while the walk runs (every value
  /// it reaches stays alive until it returns), so a value copied into itself over and over
  /// costs its distinct parts, not its logical size.
  func measure(maxDepth: Int, maxSize: Int) -> (depth: Int, size: Int)? {
    /// An open container: the position of its next child, the size counted before it, and
    /// the depth of its deepest child so far.
    struct Frame {
      var elements: [JSONValue] = []
      var object = JSONObject()
      var isObject: Bool
      var next = 0
      var sizeBefore: Int
      var innerDepth = 0
      var address: UnsafeRawPointer?
    }
    var known: [UnsafeRawPointer: (depth: Int, size: Int)] = [:]
    var size = 0
    var stack: [Frame] = []  // explicit: a value can be deeper than the call stack allows
    var next: JSONValue? = self
    while true {
      if let value = next {
        next = nil
        var childDepth = 0  // of a scalar, or of a container measured before
        switch value {
        case .null: size += 4
        case .bool(let flag): size += flag ? 4 : 5
        case .number(let number): size += number.text.utf8.count
        case .string(let string): size += string.utf8.count + 2
        case .array(let elements):
          let address = elements.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
          if let address, let seen = known[address] {
            size += seen.size
            childDepth = seen.depth
          } else {
            stack.append(
              Frame(elements: elements, isObject: false, sizeBefore: size, address: address))
            size += 2 + max(elements.count - 1, 0)
            childDepth = -1  // open
          }
        case .object(let object):
          let members = object.members
          let address = members.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
          if let address, let seen = known[address] {
            size += seen.size
            childDepth = seen.depth
          } else {
            stack.append(Frame(object: object, isObject: true, sizeBefore: size, address: address))
            size += 2 + max(object.count - 1, 0)
            childDepth = -1
          }
        }
        guard size <= maxSize, stack.count + max(childDepth, 0) <= maxDepth else { return nil }
        if childDepth >= 0 {
          guard !stack.isEmpty else { return (childDepth, size) }  // a scalar document
          stack[stack.count - 1].innerDepth = max(stack[stack.count - 1].innerDepth, childDepth)
        }
      }
      guard var top = stack.popLast() else { return nil }  // not reached: returns below
      let count = top.isObject ? top.object.count : top.elements.count
      if top.next < count {
        if top.isObject {
          let member = top.object.members[top.next]
          size += member.key.utf8.count + 3
          next = member.value
        } else {
          next = top.elements[top.next]
        }
        top.next += 1
        stack.append(top)
        continue
      }
      // The container is finished: remember it, and tell its parent how deep it went.
      let depth = top.innerDepth + 1
      if let address = top.address { known[address] = (depth, size - top.sizeBefore) }
      guard !stack.isEmpty else { return (depth, size) }
      stack[stack.count - 1].innerDepth = max(stack[stack.count - 1].innerDepth, depth)
    }
  }
}
