import Testing

@testable import CatalogStorage

/// SHA-256 through libcrypto, against NIST's published vectors.
///
/// Sources, vendored here: FIPS 180-2, "Secure Hash Standard", Appendix B (B.1 "abc", B.2 the
/// 448-bit message, B.3 one million "a"), https://csrc.nist.gov/publications/detail/fips/180/2/final;
/// and the CAVP byte-oriented test file SHA256ShortMsg.rsp (Len = 0 and Len = 16), from
/// https://csrc.nist.gov/projects/cryptographic-algorithm-validation-program/secure-hashing.
@Suite("SHA-256")
struct SHA256Tests {
  struct Vector: Sendable, CustomStringConvertible {
    let message: [UInt8]
    let digest: String
    let name: String
    var description: String { name }
  }

  static let vectors: [Vector] = [
    Vector(
      message: [],
      digest: "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
      name: "CAVP ShortMsg Len=0"),
    Vector(
      message: [0x11, 0xaf],
      digest: "5ca7133fa735326081558ac312c620eeca9970d1e70a4b95533d956f072d1f98",
      name: "CAVP ShortMsg Len=16"),
    Vector(
      message: Array("abc".utf8),
      digest: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
      name: "FIPS 180-2 B.1"),
    Vector(
      message: Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8),
      digest: "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
      name: "FIPS 180-2 B.2"),
    Vector(
      message: [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000),
      digest: "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0",
      name: "FIPS 180-2 B.3"),
  ]

  @Test(arguments: vectors)
  func nistVector(_ vector: Vector) throws {
    #expect(try SHA256.hash(vector.message).hex == vector.digest)
  }

  /// Fed in pieces of every size from 1 to 130 bytes, a hasher gives the one-shot digest:
  /// pieces cross the 64-byte blocks at every offset.
  @Test func piecesGiveTheWholeDigest() throws {
    let message = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
    for size in 1...130 {
      let hasher = SHA256()
      var start = 0
      while start < message.count {
        let end = min(start + size, message.count)
        message[start..<end].withUnsafeBytes { hasher.update($0) }
        start = end
      }
      #expect(
        try hasher.finalize().hex
          == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0", "size \(size)")
    }
  }

  @Test func finishedTwiceThrows() throws {
    let hasher = SHA256()
    hasher.update("abc")
    _ = try hasher.finalize()
    #expect(throws: SHA256Error.self) { try hasher.finalize() }
  }

  @Test func textForm() throws {
    let digest = try SHA256.hash(Array("abc".utf8))
    #expect(
      digest.description
        == "sha256:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(SHA256Digest(hex: digest.description) == digest)
    #expect(SHA256Digest(hex: digest.hex.uppercased()) == digest)
    #expect(SHA256Digest(hex: String(digest.hex.dropLast())) == nil)
    #expect(SHA256Digest(hex: "sha256:" + String(repeating: "g", count: 64)) == nil)
    #expect(SHA256Digest(hex: "sha1:" + digest.hex) == nil)
    #expect(SHA256Digest(bytes: [0]) == nil)
  }
}
