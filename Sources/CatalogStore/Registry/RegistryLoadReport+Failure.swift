import Components

extension RegistryLoadReport {
  /// A stored sample payload that does not decode with the type registered for its kind.
  ///
  /// Prints as one line, e.g.
  ///
  /// ```text
  /// kind "card" revision 2: /insets/top: type mismatch: expected Double, found string
  /// kind "hero" revision 1 (then "banner"): /headline: key not found: "headline"
  /// ```
  public struct Failure: Error, Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The kind whose registered type was used: the component's name at the loaded revision
    /// (for `verify(history: .allRevisions)`, its name at head).
    public var kind: ComponentKind

    /// The revision that wrote the failing payload: for `load`, the revision that wrote the
    /// entry's state in force at the loaded revision; for `verify(history: .allRevisions)`,
    /// the first revision that held the payload.
    public var revision: Int64

    /// The component's name in `revision`, when it differs from `kind` (it was renamed since).
    public var storedKind: ComponentKind?

    /// Where the problem is, inside the payload (`/insets/top`); the root for the whole
    /// payload. A failure inside a nested child points down into it
    /// (`/children/1/payload/title`).
    public var pointer: JSONPointer

    /// What is wrong, as the registry's decoding error says it.
    public var reason: ComponentDecodingError.Reason

    public init(
      kind: ComponentKind, revision: Int64, storedKind: ComponentKind? = nil,
      pointer: JSONPointer, reason: ComponentDecodingError.Reason
    ) {
      self.kind = kind
      self.revision = revision
      self.storedKind = storedKind
      self.pointer = pointer
      self.reason = reason
    }

    /// The failure for a payload that the registry refused with `error`.
    init(
      kind: ComponentKind, revision: Int64, storedKind: ComponentKind,
      error: ComponentDecodingError
    ) {
      // The registry builds its pointers itself, so they always parse; the root is only a
      // fallback that keeps the failure rather than dropping it.
      let pointer = (try? JSONPointer(parsing: error.pointer)) ?? .root
      self.init(
        kind: kind, revision: revision, storedKind: storedKind == kind ? nil : storedKind,
        pointer: pointer, reason: error.reason)
    }

    /// `kind "<kind>" revision <n>[ (then "<name>")]: <pointer>: <reason>`.
    public var description: String {
      var text = "kind \"\(kind)\" revision \(revision)"
      if let storedKind {
        text += " (then \"\(storedKind)\")"
      }
      if !pointer.isRoot {
        text += ": \(pointer)"
      }
      return text + ": \(reason)"
    }

    /// By kind, then revision, then pointer (then reason): the order errors list failures in.
    public static func < (lhs: Failure, rhs: Failure) -> Bool {
      (lhs.kind, lhs.revision, lhs.pointer.description, lhs.reason.description)
        < (rhs.kind, rhs.revision, rhs.pointer.description, rhs.reason.description)
    }
  }
}
