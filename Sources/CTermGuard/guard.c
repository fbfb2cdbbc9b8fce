#include "CTermGuard.h"
void stackterm_termguard_placeholder(void) {}
