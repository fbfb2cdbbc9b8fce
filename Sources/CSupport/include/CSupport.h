#ifndef STACKTERM_CSUPPORT_H
#define STACKTERM_CSUPPORT_H
#include <wchar.h>

/// Column width of one Unicode scalar as glibc's wcwidth sees it (-1 for non-printables).
int stackterm_wcwidth(unsigned int scalar);

#endif
