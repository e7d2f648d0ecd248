#ifndef CMALLOC_SETTINGS_H
#define CMALLOC_SETTINGS_H

// Makes the C library's malloc serve every block of at least `bytes` with a mapping of its
// own, returned to the system when freed, instead of raising that size as large blocks are
// freed (glibc's default, https://man7.org/linux/man-pages/man3/mallopt.3.html). Does
// nothing outside glibc.
void catalog_fix_mmap_threshold(int bytes);

#endif
