import Foundation

/// UTC timestamps as the catalog stores and prints them: `2026-11-29T14:03:00.123Z`.
///
/// Fixed width, so that text order is time order in any database. Conversion uses the
/// proleptic Gregorian calendar directly (days-from-civil), independent of locale and time
/// zone settings.
public enum Timestamp {
  /// `2026-11-29T14:03:00.123Z`: `date` to the nearest millisecond, the form a time is
  /// stored and printed in.
  public static func string(_ date: Date) -> String {
    // Nearest, not down: a parsed ".123" is 0.12299999… as a Double.
    string(milliseconds: Int64((date.timeIntervalSince1970 * 1000).rounded()))
  }

  /// The stored form of the last millisecond at or before `date`: what a time is compared
  /// with stored times as (`created_at <= ?`), so that a revision is in force at `date`
  /// exactly when it was made at or before it. Stored times are whole milliseconds; the
  /// nearest one (``string(_:)``) put `.3265` at `.327`, where a revision made at `.327`
  /// was already in force, which `log --until` (comparing times, not texts) did not show.
  ///
  /// A time within a microsecond below a millisecond counts as that millisecond: a parsed
  /// `.327` is 0.32699999… as a Double, and must stay `.327`.
  public static func string(atOrBefore date: Date) -> String {
    string(milliseconds: Int64((date.timeIntervalSince1970 * 1000 + 0.001).rounded(.down)))
  }

  private static func string(milliseconds totalMilliseconds: Int64) -> String {
    let milliseconds = Int(((totalMilliseconds % 1000) + 1000) % 1000)
    let seconds = (totalMilliseconds - Int64(milliseconds)) / 1000
    var days = seconds / 86_400
    var secondOfDay = seconds % 86_400
    if secondOfDay < 0 {
      secondOfDay += 86_400
      days -= 1
    }
    let (year, month, day) = civil(fromDays: days)
    return String(
      format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", year, month, day, Int(secondOfDay / 3600),
      Int(secondOfDay / 60 % 60), Int(secondOfDay % 60), milliseconds)
  }

  /// Parses the ISO-8601 forms users type: `2026-11-29` (midnight UTC), `2026-11-29T14:03Z`,
  /// `2026-11-29T14:03:00Z`, `2026-11-29T14:03:00.5+01:00`, `2026-11-29 14:03:00Z`.
  /// A time without a zone is UTC.
  public static func parse(_ text: String) -> Date? {
    let bytes = Array(text.utf8)
    var i = 0
    func number(_ width: Int) -> Int? {
      guard i + width <= bytes.count else { return nil }
      var value = 0
      for byte in bytes[i..<i + width] {
        guard byte >= 0x30 && byte <= 0x39 else { return nil }
        value = value * 10 + Int(byte - 0x30)
      }
      i += width
      return value
    }
    func expect(_ character: Character) -> Bool {
      guard i < bytes.count, bytes[i] == character.asciiValue else { return false }
      i += 1
      return true
    }
    guard let year = number(4), expect("-"), let month = number(2), expect("-"),
      let day = number(2), (1...12).contains(month),
      (1...daysIn(month: month, year: year)).contains(day)
    else { return nil }
    var seconds = Double(days(fromYear: year, month: month, day: day)) * 86_400
    if i == bytes.count { return Date(timeIntervalSince1970: seconds) }
    guard expect("T") || expect("t") || expect(" "), let hour = number(2), hour < 24, expect(":"),
      let minute = number(2), minute < 60
    else { return nil }
    seconds += Double(hour * 3600 + minute * 60)
    if expect(":") {
      guard let second = number(2), second < 61 else { return nil }
      seconds += Double(second)
      if expect(".") {
        var scale = 0.1
        var digits = 0
        while i < bytes.count, bytes[i] >= 0x30 && bytes[i] <= 0x39 {
          seconds += Double(bytes[i] - 0x30) * scale
          scale /= 10
          i += 1
          digits += 1
        }
        guard digits > 0 else { return nil }
      }
    }
    if i == bytes.count || expect("Z") || expect("z") {
      return i == bytes.count ? Date(timeIntervalSince1970: seconds) : nil
    }
    let sign: Double
    if expect("+") {
      sign = 1
    } else if expect("-") {
      sign = -1
    } else {
      return nil
    }
    guard let offsetHours = number(2), offsetHours < 24 else { return nil }
    _ = expect(":")
    guard let offsetMinutes = number(2), offsetMinutes < 60, i == bytes.count else { return nil }
    return Date(
      timeIntervalSince1970: seconds - sign * Double(offsetHours * 3600 + offsetMinutes * 60))
  }

  private static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// Days since 1970-01-01 of a civil date (Howard Hinnant's `days_from_civil`).
  private static func days(fromYear year: Int, month: Int, day: Int) -> Int64 {
    let y = Int64(month <= 2 ? year - 1 : year)
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let m = Int64(month)
    let dayOfYear = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The civil date of a day count since 1970-01-01 (`civil_from_days`).
  private static func civil(fromDays count: Int64) -> (Int, Int, Int) {
    let z = count + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return (Int(year), Int(month), Int(day))
  }
}
