import CatalogStore
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// How a time is written as text: as stored, in UTC (`2026-11-30T13:03:00.000Z`, for
/// scripts, pipes and `--utc`), or in the local time zone with its offset
/// (`2026-11-30 14:03:00 +0100`, on a terminal). ``TerminalOptions`` decides which.
package enum TimeDisplay: Sendable, Equatable {
  case utc
  case local

  /// The time as text: `2026-11-30T13:03:00.123Z`, or `2026-11-30 14:03:00 +0100`.
  package func text(_ date: Date) -> String {
    switch self {
    case .utc: return Timestamp.string(date)
    case .local: return Self.local(date)
    }
  }

  /// The time to the second, for columns (`blame`): `2026-11-30T13:03:00`, or
  /// `2026-11-30 14:03:00 +0100`.
  package func secondsText(_ date: Date) -> String {
    switch self {
    case .utc: return String(Timestamp.string(date).prefix(19))
    case .local: return Self.local(date)
    }
  }

  /// `TZ` read once per process (`localtime_r` need not read it; calling `tzset` for every
  /// time printed would look at the zone again for each line of a long log).
  private static let zoneRead: Void = tzset()

  /// The local time of `date` in the zone `TZ` names (the C library's `localtime_r`, so a
  /// zoneinfo name such as `Europe/Berlin`, a POSIX rule such as `CET-1CEST,M3.5.0,M10.5.0/3`,
  /// or the system's zone when `TZ` is unset), to the second (rounded down), with the
  /// zone's offset from UTC at that time.
  static func local(_ date: Date) -> String {
    _ = zoneRead
    var seconds = time_t(floor(date.timeIntervalSince1970))
    var parts = tm()
    guard localtime_r(&seconds, &parts) != nil else {
      return Timestamp.string(date)
    }
    let offset = Int(parts.tm_gmtoff)
    let minutes = abs(offset) / 60
    return String(
      format: "%04d-%02d-%02d %02d:%02d:%02d ", Int(parts.tm_year) + 1900,
      Int(parts.tm_mon) + 1, Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min),
      Int(parts.tm_sec))
      + (offset < 0 ? "-" : "+") + String(format: "%02d%02d", minutes / 60, minutes % 60)
  }
}
