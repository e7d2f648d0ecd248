/// Validates UTF-8 a block of 64 bytes at a time, with vector comparisons and bit operations
/// on their masks: the checks of the reader's scalar decoder (`ByteScan.utf8Lead`), made for
/// all lanes at once.
///
/// A lead byte says how many continuation bytes (`10xxxxxx`) must follow; the bytes that must
/// be continuations are the lead masks shifted by one, two and three, and any difference
/// between those and the continuation mask is an error. The remaining rules concern the byte
/// after four particular leads (0xE0 and 0xF0: overlong forms, 0xED: surrogates, 0xF4: past
/// U+10FFFF), and 0xC0, 0xC1 and 0xF5 to 0xFF are never valid. The shifts carry the top
/// bits of one block into the next, so a character may straddle two blocks. A sequence cut by
/// the end of the input is not an error here: the structural reader accepts no value that
/// ends after it.
struct UTF8BlockValidator {
  /// The previous block's masks, whose top bits the shifts carry in.
  private var leads = 0 as UInt64
  private var longLeads = 0 as UInt64
  private var fourByteLeads = 0 as UInt64
  private var special = (e0: 0 as UInt64, ed: 0 as UInt64, f0: 0 as UInt64, f4: 0 as UInt64)

  /// The bytes of `block` where a UTF-8 error is seen (its lowest bit is the first error);
  /// zero when there is none.
  @inline(__always)
  mutating func errors(in block: ByteBlock) -> UInt64 {
    let pending =
      leads >> 63 | longLeads >> 62 | fourByteLeads >> 61 | special.e0 >> 63 | special.ed >> 63
      | special.f0 >> 63 | special.f4 >> 63
    if !block.hasNonASCII && pending == 0 {
      leads = 0
      longLeads = 0
      fourByteLeads = 0
      special = (0, 0, 0, 0)
      return 0
    }
    return slowErrors(in: block)
  }

  private mutating func slowErrors(in block: ByteBlock) -> UInt64 {
    let continuation = block.and(0xC0).equal(0x80).bits
    let lead2 = block.minus(0xC2).below(30).bits  // 0xC2...0xDF
    let lead3 = block.and(0xF0).equal(0xE0).bits  // 0xE0...0xEF
    let lead4 = block.minus(0xF0).below(5).bits  // 0xF0...0xF4
    let invalid = block.minus(0xC0).below(2).bits | ~block.below(0xF5).bits
    let e0 = block.equal(0xE0).bits
    let ed = block.equal(0xED).bits
    let f0 = block.equal(0xF0).bits
    let f4 = block.equal(0xF4).bits
    let belowA0 = block.below(0xA0).bits
    let below90 = block.below(0x90).bits

    let newLeads = lead2 | lead3 | lead4
    let newLong = lead3 | lead4
    let expected =
      (newLeads << 1 | leads >> 63) | (newLong << 2 | longLeads >> 62)
      | (lead4 << 3 | fourByteLeads >> 61)
    var errors = (expected ^ continuation) | invalid
    errors |= (e0 << 1 | special.e0 >> 63) & belowA0
    errors |= (ed << 1 | special.ed >> 63) & ~belowA0
    errors |= (f0 << 1 | special.f0 >> 63) & below90
    errors |= (f4 << 1 | special.f4 >> 63) & ~below90
    leads = newLeads
    longLeads = newLong
    fourByteLeads = lead4
    special = (e0, ed, f0, f4)
    return errors
  }
}
