/// What a components.json document holds besides its entries: its form (an object with
/// `components`, or a bare array of entries) and, for the object form, the members written
/// before and after `components` (a `"$schema"`, a `"version"`), in written order, each as
/// canonical compact text as an entry's extra members are.
///
/// An import keeps it with the revision and an export writes it back in place, so a file in
/// the catalog's indented format exports byte for byte:
///
/// ```json
/// {
///   "$schema": "https://example.com/components.schema.json",
///   "components": [ … ],
///   "version": 3
/// }
/// ```
///
/// Frames compare by bytes (keys and canonical values), as entries do.
public struct DocumentFrame: Sendable, Hashable {
  /// The document's top-level shape.
  public enum Form: String, Sendable, Hashable {
    /// `{"components": [ … ]}`, possibly with other members.
    case object
    /// `[ … ]`: a bare array of entries, which has no other members.
    case array
  }

  public var form: Form
  /// The members before `components`, in written order (empty for a bare array).
  public var before: [CatalogEntry.Member]
  /// The members after `components`, in written order (empty for a bare array).
  public var after: [CatalogEntry.Member]

  /// The frame an export wrote before frames were kept: `{"components": [ … ]}` and nothing
  /// else. A catalog whose revisions recorded no frame has this one.
  public static let standard = DocumentFrame(form: .object)

  public init(
    form: Form, before: [CatalogEntry.Member] = [], after: [CatalogEntry.Member] = []
  ) {
    self.form = form
    self.before = form == .array ? [] : before
    self.after = form == .array ? [] : after
  }

  /// The frame a JSON Patch addresses: `{"components": [...]}` with the members, a bare
  /// array being patched as ``standard`` (as it was before frames were kept), so that a
  /// patch's paths do not depend on the form of the file imported last.
  public var patchedForm: DocumentFrame { form == .array ? .standard : self }

  /// Whether the frame is ``standard``.
  public var isStandard: Bool { self == .standard }

  /// Every top-level member other than `components`, in written order.
  public var members: [CatalogEntry.Member] { before + after }

  /// The value of the top-level member `key` (compared by bytes), if there is one.
  public subscript(member key: String) -> JSONText? {
    (before.first { $0.key.hasSameBytes(as: key) } ?? after.first { $0.key.hasSameBytes(as: key) })?
      .value
  }

  /// The top-level members by key, for code that looks up many of them: constant time per
  /// lookup, as ``CatalogEntry/memberLookup`` is for an entry's members.
  public var memberLookup: CatalogEntry.MemberLookup { CatalogEntry.MemberLookup(members) }
}
