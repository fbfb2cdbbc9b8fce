#ifndef STACKTERM_CSUPPORT_H
#define STACKTERM_CSUPPORT_H
#include <wchar.h>

/// Column width of one Unicode scalar as glibc's wcwidth sees it in a UTF-8 locale (-1 for non-printables).
/// Independent of the process locale: the lookup runs under a private C.UTF-8 locale on the calling thread.
/// Returns -2 when no UTF-8 locale is installed, so the caller can fall back to its own estimate.
int stackterm_wcwidth(unsigned int scalar);

/// Opens a pseudo-terminal of `rows`×`columns`; returns the master descriptor and writes the slave's
/// path into `slave_path` (at most `capacity` bytes), or returns -1 with errno set. Used by the benchmark.
int stackterm_open_pty(unsigned short rows, unsigned short columns, char *slave_path, int capacity);

#endif
