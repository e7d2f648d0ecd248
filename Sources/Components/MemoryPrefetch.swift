/// A hint to the processor to bring a cache line in ahead of its use, without waiting for it:
/// for a lookup whose address is known well before its result is needed (the duplicate-kind
/// table's slot, known when an entry's kind is read, needed after its payload is; a first
/// import's kinds, read in key order from all over their buffer), so that the cache miss
/// overlaps the work between. The one prefetch of the package.
///
/// Swift has no prefetch in its standard library; this is LLVM's `llvm.prefetch` intrinsic,
/// which the compiler lowers to the target's prefetch instruction (`prefetcht0` on x86-64,
/// `prfm pldl1keep` on arm64) or to nothing where there is none. A hint only: it never
/// faults, whatever the address, and changes no result. Reached through `@_silgen_name`, an
/// underscored attribute, rather than C's `__builtin_prefetch`, so that this module keeps no
/// dependency beyond Foundation: a toolchain whose LLVM named the intrinsic otherwise would
/// fail to build this file (LLVM refuses an unknown `llvm.` function), never run it wrongly.
package enum MemoryPrefetch {
  /// Hints that the cache line holding `address` will be read soon.
  @inline(__always)
  package static func read(_ address: UnsafeRawPointer) {
    // Arguments: read (0, not write), temporal locality 3 (keep in all levels), data cache (1).
    llvmPrefetch(address, 0, 3, 1)
  }
}

@_silgen_name("llvm.prefetch.p0")
private func llvmPrefetch(
  _ address: UnsafeRawPointer, _ write: Int32, _ locality: Int32, _ cacheType: Int32)
