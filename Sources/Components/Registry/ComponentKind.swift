/// The name that ties a component type to its entries in a components.json document.
///
/// An entry names its component with a `kind` member next to its `payload`:
///
/// ```json
/// { "kind": "tile-preview", "payload": { "title": "Hero Tile", "isActive": true } }
/// ```
///
/// A component's kind is `Component.kind`: derived from the type name unless the type states it
/// (see `Component.kind` for the rule).
public typealias ComponentKind = String
