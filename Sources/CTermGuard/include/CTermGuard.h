#ifndef STACKTERM_CTERMGUARD_H
#define STACKTERM_CTERMGUARD_H
/// Placeholder: the terminal helper fills this in (fatal-signal guard restoring the terminal).
void stackterm_termguard_placeholder(void);
#endif
