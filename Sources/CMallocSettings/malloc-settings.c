#include "CMallocSettings.h"

// Any C library header defines __GLIBC__ under glibc (through <features.h>).
#include <stdlib.h>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

void catalog_fix_mmap_threshold(int bytes) {
#if defined(__GLIBC__)
  // Setting M_MMAP_THRESHOLD also ends its adjustment by glibc.
  mallopt(M_MMAP_THRESHOLD, bytes);
#else
  (void)bytes;
#endif
}
