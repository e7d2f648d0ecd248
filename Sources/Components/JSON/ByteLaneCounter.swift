/// Counts flagged bytes (high bit set) in a stream of words without a population-count
/// instruction, which the default x86-64 target lacks (a software `nonzeroBitCount` costs
/// about fifteen instructions): each word adds one per flagged byte to eight byte lanes,
/// which are summed before any can overflow.
struct ByteLaneCounter {
  private var lanes: UInt64 = 0
  private var words = 0
  private var sum = 0

  /// Adds the flags of one word: bits other than each byte's high bit must be clear.
  @inline(__always)
  mutating func add(_ flags: UInt64) {
    lanes &+= flags >> 7
    words += 1
    if words == 255 { flush() }
  }

  @inline(__always)
  private mutating func flush() {
    // Pairs of byte lanes into 16-bit lanes (at most 510 each), then their sum.
    let pairs = (lanes & 0x00FF_00FF_00FF_00FF) &+ ((lanes >> 8) & 0x00FF_00FF_00FF_00FF)
    sum += Int(truncatingIfNeeded: (pairs &* 0x0001_0001_0001_0001) >> 48)
    lanes = 0
    words = 0
  }

  /// The number of flagged bytes added.
  var total: Int {
    mutating get {
      flush()
      return sum
    }
  }
}
