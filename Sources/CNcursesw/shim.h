#ifndef STACKTERM_CNCURSESW_SHIM_H
#define STACKTERM_CNCURSESW_SHIM_H
#define NCURSES_WIDECHAR 1
#include <ncursesw/curses.h>
#endif
