#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H
#include <sqlite3.h>

// SQLITE_TRANSIENT is a macro that casts -1 to a function pointer, which Swift
// cannot import; this constant gives Swift the same value.
static sqlite3_destructor_type const csqlite_transient = (sqlite3_destructor_type)-1;

// Turns off SQLite's memory statistics (https://sqlite.org/c3ref/c_config_covering_index_scan.html#sqliteconfigmemstatus),
// which take a process-wide mutex on every allocation and free. sqlite3_config is variadic,
// which Swift cannot call; it only works before SQLite initializes (else SQLITE_MISUSE, and
// nothing changes).
static inline int csqlite_disable_memory_statistics(void) {
  return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

#endif
