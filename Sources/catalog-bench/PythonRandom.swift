import Foundation

/// CPython's `random.Random`, ported so that the Swift generator draws exactly the numbers
/// `../shared/bench/gen_components.py` draws, and so writes the same bytes.
///
/// The core is MT19937 seeded with `init_by_array` (what `random.seed(int)` does); the
/// derived methods follow `Lib/random.py` of CPython 3.11: `random()` takes 53 bits from two
/// 32-bit outputs, `_randbelow` rejects samples of `n.bit_length()` bits, `sample` switches
/// between its pool and set algorithms at the same sizes.
struct PythonRandom {
  private var state = [UInt32](repeating: 0, count: 624)
  private var index = 625

  /// `random.Random(seed)` for a non-negative integer seed below 2^64.
  init(seed: UInt64) {
    var key: [UInt32] = []
    var rest = seed
    repeat {
      key.append(UInt32(truncatingIfNeeded: rest))
      rest >>= 32
    } while rest != 0
    initByArray(key)
  }

  private mutating func initGenrand(_ seed: UInt32) {
    state[0] = seed
    for i in 1..<624 {
      state[i] = 1_812_433_253 &* (state[i - 1] ^ (state[i - 1] >> 30)) &+ UInt32(i)
    }
    index = 624
  }

  private mutating func initByArray(_ key: [UInt32]) {
    initGenrand(19_650_218)
    var i = 1
    var j = 0
    for _ in 0..<max(624, key.count) {
      state[i] =
        (state[i] ^ ((state[i - 1] ^ (state[i - 1] >> 30)) &* 1_664_525)) &+ key[j] &+ UInt32(j)
      i += 1
      j += 1
      if i >= 624 {
        state[0] = state[623]
        i = 1
      }
      if j >= key.count { j = 0 }
    }
    for _ in 0..<623 {
      state[i] = (state[i] ^ ((state[i - 1] ^ (state[i - 1] >> 30)) &* 1_566_083_941)) &- UInt32(i)
      i += 1
      if i >= 624 {
        state[0] = state[623]
        i = 1
      }
    }
    state[0] = 0x8000_0000
  }

  /// The next 32-bit output of MT19937 (`genrand_uint32`).
  mutating func nextUInt32() -> UInt32 {
    if index >= 624 {
      for k in 0..<624 {
        let y = (state[k] & 0x8000_0000) | (state[(k + 1) % 624] & 0x7FFF_FFFF)
        state[k] = state[(k + 397) % 624] ^ (y >> 1) ^ (y & 1 == 0 ? 0 : 0x9908_B0DF)
      }
      index = 0
    }
    var y = state[index]
    index += 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C_5680
    y ^= (y << 15) & 0xEFC6_0000
    y ^= y >> 18
    return y
  }

  /// `random()`: a double in [0, 1) with 53 random bits.
  mutating func random() -> Double {
    let a = Double(nextUInt32() >> 5)
    let b = Double(nextUInt32() >> 6)
    return (a * 67_108_864 + b) / 9_007_199_254_740_992
  }

  /// `getrandbits(k)` for `k <= 32`.
  private mutating func bits(_ k: Int) -> Int {
    k == 0 ? 0 : Int(nextUInt32() >> UInt32(32 - k))
  }

  /// `_randbelow(n)`: an integer in `0..<n`, by rejection.
  mutating func below(_ n: Int) -> Int {
    let k = Int.bitWidth - n.leadingZeroBitCount
    var r = bits(k)
    while r >= n { r = bits(k) }
    return r
  }

  /// `randint(a, b)`: an integer in `a...b`.
  mutating func int(_ range: ClosedRange<Int>) -> Int {
    range.lowerBound + below(range.upperBound - range.lowerBound + 1)
  }

  /// `uniform(a, b)`.
  mutating func uniform(_ a: Double, _ b: Double) -> Double {
    a + (b - a) * random()
  }

  /// `choice(seq)`.
  mutating func choice<T>(_ elements: [T]) -> T {
    elements[below(elements.count)]
  }

  /// `sample(population, k)`, with CPython's choice between tracking a pool and a set.
  mutating func sample<T>(_ population: [T], _ k: Int) -> [T] {
    let n = population.count
    precondition(k >= 0 && k <= n, "sample larger than population")
    var setSize = 21
    if k > 5 {
      // 4 ** ceil(log(k * 3, 4)), computed in floating point as CPython does.
      setSize += Int(pow4(Int((log(Double(k * 3)) / log(4.0)).rounded(.up))))
    }
    var result: [T] = []
    result.reserveCapacity(k)
    if n <= setSize {
      var pool = population
      for i in 0..<k {
        let j = below(n - i)
        result.append(pool[j])
        pool[j] = pool[n - i - 1]
      }
    } else {
      var selected = Set<Int>()
      for _ in 0..<k {
        var j = below(n)
        while selected.contains(j) { j = below(n) }
        selected.insert(j)
        result.append(population[j])
      }
    }
    return result
  }

  private func pow4(_ exponent: Int) -> Int {
    (0..<exponent).reduce(1) { value, _ in value * 4 }
  }
}
