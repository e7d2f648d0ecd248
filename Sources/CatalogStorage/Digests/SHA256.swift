import CCrypto

/// SHA-256 (FIPS 180-4), computed by the system's libcrypto: fed in pieces with
/// ``update(_:)``, finished once with ``finalize()``.
///
///     var hasher = SHA256()
///     hasher.update(Array("abc".utf8))
///     let digest = hasher.finalize()   // sha256:ba7816bf…
///
/// What decides equality where a non-cryptographic hash only finds candidates: the digests
/// of revisions (the history's chain) and of exports. A hasher holds a libcrypto context,
/// freed in `deinit`; it is for one thread at a time.
package final class SHA256 {
  private var context: OpaquePointer?
  private var finished = false

  /// A hasher over nothing yet. libcrypto allocates the context; if it cannot (out of
  /// memory), ``finalize()`` throws instead of returning a digest of less than the input.
  package init() {
    context = EVP_MD_CTX_new()
    if let context, EVP_DigestInit_ex(context, EVP_sha256(), nil) != 1 {
      EVP_MD_CTX_free(context)
      self.context = nil
      finished = true
    }
  }

  deinit {
    if let context { EVP_MD_CTX_free(context) }
  }

  /// Adds `bytes` to what is hashed.
  package func update(_ bytes: UnsafeRawBufferPointer) {
    guard let context, !finished, bytes.count > 0 else { return }
    if EVP_DigestUpdate(context, bytes.baseAddress, bytes.count) != 1 { finished = true }
  }

  /// Adds `bytes` to what is hashed.
  package func update(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { update($0) }
  }

  /// Adds the UTF-8 bytes of `text` to what is hashed.
  package func update(_ text: String) {
    var text = text
    text.withUTF8 { update(UnsafeRawBufferPointer($0)) }
  }

  /// The digest of everything added. A hasher is finished once.
  ///
  /// - Throws: ``SHA256Error`` when libcrypto failed (no memory for its context) or the
  ///   hasher was finished before: never a digest of something else.
  package func finalize() throws(SHA256Error) -> SHA256Digest {
    guard let context, !finished else { throw SHA256Error() }
    finished = true
    var bytes = [UInt8](repeating: 0, count: SHA256Digest.byteCount)
    var length: UInt32 = 0
    guard EVP_DigestFinal_ex(context, &bytes, &length) == 1,
      length == SHA256Digest.byteCount
    else { throw SHA256Error() }
    guard let digest = SHA256Digest(bytes: bytes) else { throw SHA256Error() }
    return digest
  }

  /// Writes the digest of `bytes` alone into `output`'s first 32 bytes, whatever was added
  /// before: the hasher starts over, so one hasher (one libcrypto context) digests many
  /// texts in a row without allocating a context or an array for each, as an import does
  /// for every payload it reads or stores.
  ///
  /// - Throws: ``SHA256Error`` when libcrypto failed or `output` is shorter than 32 bytes;
  ///   `output` then holds no digest.
  package func digest(
    of bytes: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer
  ) throws(SHA256Error) {
    guard let context, let base = output.baseAddress, output.count >= SHA256Digest.byteCount,
      EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1,
      bytes.count == 0 || EVP_DigestUpdate(context, bytes.baseAddress, bytes.count) == 1
    else { throw SHA256Error() }
    // Whatever was being hashed before is gone: only this method may use the hasher now.
    finished = true
    var length: UInt32 = 0
    guard EVP_DigestFinal_ex(context, base.assumingMemoryBound(to: UInt8.self), &length) == 1,
      length == SHA256Digest.byteCount
    else { throw SHA256Error() }
  }

  /// The digest of `bytes`.
  package static func hash(_ bytes: UnsafeRawBufferPointer) throws(SHA256Error) -> SHA256Digest {
    let hasher = SHA256()
    hasher.update(bytes)
    return try hasher.finalize()
  }

  /// The digest of `bytes`.
  package static func hash(_ bytes: [UInt8]) throws(SHA256Error) -> SHA256Digest {
    let hasher = SHA256()
    hasher.update(bytes)
    return try hasher.finalize()
  }
}

@available(*, unavailable, message: "a hasher holds a libcrypto context for one thread")
extension SHA256: Sendable {}

/// libcrypto could not compute a digest (it could not allocate its context), or a hasher was
/// finished twice.
package struct SHA256Error: Error, Sendable, Equatable {}
