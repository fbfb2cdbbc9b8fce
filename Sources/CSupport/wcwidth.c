#define _XOPEN_SOURCE 700
#include "CSupport.h"

int stackterm_wcwidth(unsigned int scalar) {
    return wcwidth((wchar_t)scalar);
}
