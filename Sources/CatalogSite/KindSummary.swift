/// One kind as the index lists it; the rest of the entry is read again for its own page.
struct KindSummary {
  var kind: String
  var category: String
  var description: String
  var deprecated: Bool
  /// The kind page's file name, without `.html`.
  var slug: String
  /// The revision and author of the kind's last change at the site's revision.
  var lastRevision: Int64 = 0
  var lastAuthor: String = ""
}
