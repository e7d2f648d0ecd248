import Components

extension JSONPatch {
  /// Applies the operations in order to a copy of `document` and returns the result.
  ///
  /// Each operation sees the document as the previous ones left it. The patch applies all or
  /// nothing: when an operation fails, the error names it and `document` is untouched (it is
  /// a value). Values are changed in place, so a patch of a few operations on a large document
  /// costs about one shallow copy of the containers on its paths, not a copy of the document
  /// per operation.
  ///
  /// The result is held to `limits` as a document an import reads is: no deeper than
  /// `maxDepth`, and no larger than `maxSize` bytes of canonical text. The size is counted as
  /// the operations go, so that a short patch that copies a value onto itself over and over
  /// fails at the operation that crosses the limit instead of building gigabytes: the
  /// document's own size, plus every value an operation adds, replaces with, copies, or moves
  /// deeper (what `replace` and `remove` take away is not subtracted). Every pointer is at
  /// most `maxDepth` tokens long, so nothing recurses deeper than the limit, and the work is
  /// linear in the patch plus the size the limit allows.
  ///
  /// - Throws: ``JSONPatchError`` with the failing operation's index, `op`, `path` and reason.
  public func apply(
    to document: JSONValue, limits: DocumentLimits = DocumentLimits()
  ) throws(JSONPatchError) -> JSONValue {
    var result = document
    var budget = PatchBudget(limits: limits)
    if let error = budget.start(with: document) {
      throw JSONPatchError(index: nil, op: nil, path: nil, code: .limitExceeded, message: error)
    }
    for (index, operation) in operations.enumerated() {
      do {
        try budget.check(operation, in: result)
        try result.apply(operation)
      } catch {
        throw JSONPatchError(
          index: index, op: operation.name, path: operation.path.description, code: error.code,
          message: error.message, member: error.member)
      }
    }
    return result
  }
}

/// A failed operation, before ``JSONPatch/apply(to:)`` adds which operation it was.
struct PatchFailure: Error {
  var code: JSONPatchError.Code
  var message: String
  /// The operation's member at fault (``JSONPatchError/member``).
  var member: String?

  init(_ code: JSONPatchError.Code, _ message: String, member: String? = nil) {
    self.code = code
    self.message = message
    self.member = member
  }
}

/// Which pointer of an operation is being resolved, for messages and error codes.
enum PointerRole {
  case path
  case from

  func notFound(_ detail: String? = nil) -> PatchFailure {
    let subject = self == .path ? "path" : "from location"
    let code: JSONPatchError.Code = self == .path ? .pathNotFound : .fromNotFound
    return PatchFailure(
      code, "\(subject) does not exist" + (detail.map { ": \($0)" } ?? ""), member: member)
  }

  /// The operation's member that holds this pointer.
  var member: String { self == .path ? "path" : "from" }
}

extension JSONValue {
  /// Applies one operation in place.
  mutating func apply(_ operation: JSONPatchOperation) throws(PatchFailure) {
    switch operation {
    case .add(let path, let value):
      try add(value, at: path)
    case .remove(let path):
      _ = try remove(at: path, role: .path)
    case .replace(let path, let value):
      try modify(path.tokens[...], role: .path) { $0 = value }
    case .move(let from, let path):
      if from == path {
        _ = try value(at: from, role: .from)
        return
      }
      if path.tokens.count > from.tokens.count && path.tokens.starts(with: from.tokens) {
        throw PatchFailure(
          .moveIntoChild, "cannot move a value into one of its own children", member: "path")
      }
      let value = try remove(at: from, role: .from)
      try add(value, at: path)
    case .copy(let from, let path):
      try add(try value(at: from, role: .from), at: path)
    case .test(let path, let expected):
      let actual = try value(at: path, role: .path)
      guard actual.isEquivalent(to: expected) else {
        throw PatchFailure(
          .testFailed,
          "test failed: found \(actual.canonicalText.shortened(to: 60)), "
            + "expected \(expected.canonicalText.shortened(to: 60))", member: "value")
      }
    }
  }

  /// The value at `pointer`, with RFC 6902's rules for array indices.
  func value(at pointer: JSONPointer, role: PointerRole) throws(PatchFailure) -> JSONValue {
    var current = self
    for token in pointer.tokens {
      switch current {
      case .object(let object):
        guard let next = object[token] else { throw role.notFound() }
        current = next
      case .array(let elements):
        current = elements[try Self.existingIndex(token, count: elements.count, role: role)]
      case .null, .bool, .number, .string:
        throw role.notFound()
      }
    }
    return current
  }

  /// Adds `value` at `pointer`: sets an object member (replacing one of that name in place),
  /// inserts into an array (`-` appends), or replaces the whole document.
  mutating func add(_ value: JSONValue, at pointer: JSONPointer) throws(PatchFailure) {
    guard let last = pointer.tokens.last else {
      self = value
      return
    }
    let parent = pointer.tokens.dropLast()
    try modify(parent, role: .path) { (container) throws(PatchFailure) in
      switch container {
      case .object(var object):
        container = .null
        object[last] = value
        container = .object(object)
      case .array(var elements):
        let index: Int
        if last == "-" {
          index = elements.count
        } else {
          index = try Self.patchIndex(last, role: .path)
          guard index <= elements.count else {
            throw PatchFailure(
              .pathNotFound,
              "path does not exist: index \(index) is past the end of an array of "
                + "\(elements.count.counting("element"))", member: "path")
          }
        }
        container = .null
        elements.insert(value, at: index)
        container = .array(elements)
      case .null, .bool, .number, .string:
        throw PatchFailure(
          .notAContainer,
          "cannot add to \(withArticle(container.typeName)): the parent must be an object "
            + "or an array", member: "path")
      }
    }
  }

  /// Removes and returns the value at `pointer`.
  mutating func remove(at pointer: JSONPointer, role: PointerRole) throws(PatchFailure)
    -> JSONValue
  {
    guard let last = pointer.tokens.last else {
      throw PatchFailure(.removeRoot, "cannot remove the whole document", member: "path")
    }
    return try modify(pointer.tokens.dropLast(), role: role) {
      (container) throws(PatchFailure) -> JSONValue in
      switch container {
      case .object(var object):
        container = .null
        defer { container = .object(object) }
        guard let removed = object.removeValue(forKey: last) else { throw role.notFound() }
        return removed
      case .array(var elements):
        let index = try Self.existingIndex(last, count: elements.count, role: role)
        container = .null
        let removed = elements.remove(at: index)
        container = .array(elements)
        return removed
      case .null, .bool, .number, .string:
        throw role.notFound()
      }
    }
  }

  /// Calls `body` with the value at `tokens`, in place.
  ///
  /// Each container on the way is taken out of its parent while it changes (the parent holds
  /// `null` meanwhile), so that it is uniquely referenced and Swift changes it without a copy.
  private mutating func modify<Result>(
    _ tokens: ArraySlice<String>, role: PointerRole,
    _ body: (inout JSONValue) throws(PatchFailure) -> Result
  ) throws(PatchFailure) -> Result {
    guard let token = tokens.first else { return try body(&self) }
    switch self {
    case .object(var object):
      guard let position = object.position(ofKey: token) else { throw role.notFound() }
      self = .null
      defer { self = .object(object) }
      return try object.modifyValue(at: position) { (value) throws(PatchFailure) in
        try value.modify(tokens.dropFirst(), role: role, body)
      }
    case .array(var elements):
      let index = try Self.existingIndex(token, count: elements.count, role: role)
      self = .null
      defer { self = .array(elements) }
      return try elements[index].modify(tokens.dropFirst(), role: role, body)
    case .null, .bool, .number, .string:
      throw role.notFound()
    }
  }

  /// The index of an existing element named by `token`.
  private static func existingIndex(
    _ token: String, count: Int, role: PointerRole
  ) throws(PatchFailure) -> Int {
    if token == "-" { throw role.notFound("'-' names the position after the last element") }
    let index = try patchIndex(token, role: role)
    guard index < count else {
      throw role.notFound(
        "index \(index) is past the end of an array of \(count.counting("element"))")
    }
    return index
  }

  /// The array index `token` denotes: RFC 6901 digits, without leading zeros.
  private static func patchIndex(_ token: String, role: PointerRole) throws(PatchFailure) -> Int {
    if let index = JSONValue.arrayIndex(token) { return index }
    let digitsOnly = !token.isEmpty && token.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    throw PatchFailure(
      .invalidIndex,
      digitsOnly && token.count > 1 && token.hasPrefix("0")
        ? "'\(token)' is not an array index: leading zeros are not allowed"
        : "'\(token)' is not an array index", member: role.member)
  }
}

extension String {
  /// The string cut to at most `limit` characters, ending in `…` when cut.
  func shortened(to limit: Int) -> String {
    guard limit > 0, count > limit else { return self }
    return String(prefix(limit - 1)) + "…"
  }
}
