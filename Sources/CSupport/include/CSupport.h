#ifndef STACKTERM_CSUPPORT_H
#define STACKTERM_CSUPPORT_H
#include <wchar.h>

/// Column width of one Unicode scalar as glibc's wcwidth sees it in a UTF-8 locale (-1 for non-printables).
/// Independent of the process locale: the lookup runs under a private C.UTF-8 locale on the calling thread.
/// Returns -2 when no UTF-8 locale is installed, so the caller can fall back to its own estimate.
int stackterm_wcwidth(unsigned int scalar);

#endif
