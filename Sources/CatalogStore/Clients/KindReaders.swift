import Components

/// Which retained app builds decode one kind, the shapes they read and where they reject its
/// payload: what `show KIND` and the site's kind page show (docs/registry.md).
public struct KindReaders: Sendable {
  /// One shape and the builds that read it (builds with the same schema bytes share one).
  public struct ShapeBlock: Sendable {
    /// The shape's JSON Schema, indented as the catalog exports.
    public var schema: [UInt8]
    /// `APP@VERSION` of each build that reads it, in the builds' order.
    public var builds: [String]
  }

  /// The builds that decode the kind, `APP@VERSION`, sorted by app, then version.
  public var decoding: [String]
  /// The retained builds that do not know the kind.
  public var unknownTo: [String]
  public var shapes: [ShapeBlock]
  /// Where a build rejects the payload, build by build.
  public var rejections: [ClientRejection]

  /// The readers of `kind` among `builds`, with `payload` checked against each.
  public init(kind: String, payload: JSONValue, builds: [RecordedContract]) {
    decoding = []
    unknownTo = []
    shapes = []
    rejections = []
    for build in builds {
      guard let shape = build.contract.kinds[kind] else {
        unknownTo.append(build.build)
        continue
      }
      decoding.append(build.build)
      let schema = JSONWriter.indentedBytes(shape.schema)
      if let i = shapes.firstIndex(where: { $0.schema == schema }) {
        shapes[i].builds.append(build.build)
      } else {
        shapes.append(ShapeBlock(schema: schema, builds: [build.build]))
      }
      for violation in build.contract.validate(kind: kind, payload: payload) {
        rejections.append(
          ClientRejection(build: build.build, kind: kind, violation: violation, position: nil))
      }
    }
  }
}
