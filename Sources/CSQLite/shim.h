#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H
#include <sqlite3.h>

// SQLITE_TRANSIENT is a macro that casts -1 to a function pointer, which Swift
// cannot import; this constant gives Swift the same value.
static sqlite3_destructor_type const csqlite_transient = (sqlite3_destructor_type)-1;

// Asks the processor to bring the cache line at `address` in, without waiting for it: a
// loop that prefetches the next rows' data while it works on the current ones overlaps
// the cache misses that rows scattered in memory cost one after the other otherwise.
// A hint only: it reads nothing into the program and never faults.
static inline void csqlite_prefetch(const void *address) { __builtin_prefetch(address); }
#endif
