#ifndef STACKTERM_CZLIB_SHIM_H
#define STACKTERM_CZLIB_SHIM_H
#include <zlib.h>

/// deflateInit2 is a macro in zlib.h; Swift needs a function.
static inline int stackterm_deflateInit2(z_streamp strm, int level, int windowBits) {
    return deflateInit2(strm, level, Z_DEFLATED, windowBits, 8, Z_DEFAULT_STRATEGY);
}

/// inflateInit2 is a macro in zlib.h; Swift needs a function.
static inline int stackterm_inflateInit2(z_streamp strm, int windowBits) {
    return inflateInit2(strm, windowBits);
}
#endif
