import Components
import Foundation

/// The app contracts' chain of digests: each contract event's SHA-256 over the previous
/// event's digest and its own fields, so that an event changed after it was written (by
/// anything that gets past the append-only triggers) no longer matches, nor does any later
/// one. The chain is the contracts' own: recording or retiring a build writes no revision, so
/// it cannot join the revisions' chain (``RevisionChain``).
///
/// What is hashed (docs/schema.md, "Contract events"): the line `catalog contract event v1`,
/// then fields, each its UTF-8 byte count in decimal, `:`, its bytes and a newline (an absent
/// value is `-` and a newline): the previous event's digest (empty for event 1), the id, the
/// revision it was made after, the time as stored, author, action, app, version, and the
/// SHA-256 of the recorded contract's bytes (absent for a retirement).
package enum ContractChain {
  /// The digest `event` should have after an event whose digest is `previous`.
  package static func digest(of event: ContractEvent, previous: String?) throws -> String {
    var buffer = Array("catalog contract event v1\n".utf8)
    func field(_ text: String) {
      let bytes = Array(text.utf8)
      buffer += Array(String(bytes.count).utf8) + [UInt8(ascii: ":")] + bytes + [0x0A]
    }
    field(previous ?? "")
    field(String(event.id))
    field(String(event.afterRevision))
    field(Timestamp.string(event.time))
    field(event.author)
    field(event.action.rawValue)
    field(event.app)
    field(event.version)
    if let contract = event.contract {
      field(try SHA256.hash(contract).hex)
    } else {
      buffer += Array("-\n".utf8)
    }
    return try SHA256.hash(buffer).hex
  }

  /// The first event whose recorded digest is not the one recomputed over the chain from
  /// event 1 (or whose id breaks the sequence 1, 2, 3, …), nil when all match.
  package static func firstMismatch(_ events: [ContractEvent]) throws -> Int64? {
    var previous: String?
    for (index, event) in events.enumerated() {
      let expected = try digest(of: event, previous: previous)
      if event.id != Int64(index + 1) || expected != event.digest { return event.id }
      previous = event.digest
    }
    return nil
  }
}
