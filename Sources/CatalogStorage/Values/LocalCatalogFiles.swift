/// The files a catalog keeps on this machine, which nothing else may write over: an export's
/// `--output`, for one (``StorageEngine/localFiles(of:)``).
public struct LocalCatalogFiles: Sendable, Hashable {
  /// The catalog's database file, as its location names it.
  public var database: String
  /// The files the engine keeps beside the database, named by the database's path with
  /// symbolic links resolved and one of these suffixes, whether or not they exist yet.
  public var companionSuffixes: [String]

  public init(database: String, companionSuffixes: [String]) {
    self.database = database
    self.companionSuffixes = companionSuffixes
  }
}
