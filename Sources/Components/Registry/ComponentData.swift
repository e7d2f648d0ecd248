/// The decoded payload of a component: what a components.json entry's `payload` holds.
///
/// `Decodable` so the registry can decode it from JSON, `Hashable` so galleries and tests can
/// compare samples, `Sendable` so it can be decoded off the main actor and rendered on it.
///
/// Synthesized `Decodable` conformance requires every stored property to be present in the
/// payload, even one with a default value (`var isActive = true`). Make such a property optional
/// or write `init(from:)` with `decodeIfPresent` when the payload may omit it.
public protocol ComponentData: Hashable, Decodable, Sendable {}
