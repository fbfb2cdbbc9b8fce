#ifndef STACKTERM_CNCURSESW_SHIM_H
#define STACKTERM_CNCURSESW_SHIM_H
// SwiftPM drops pkg-config's -D flags; without this, get_wch/wint_t/cchar_t are missing.
#define NCURSES_WIDECHAR 1
#include <ncursesw/curses.h>
#include <locale.h>
#include <langinfo.h>
#include <string.h>
#include <wchar.h>
#include <sys/ioctl.h>
#include <poll.h>

// Wrappers for what Swift cannot import: global state (stdscr, LINES, COLS),
// function-like macros (COLOR_PAIR, KEY_F, getmaxyx) and composite constants (A_*).

/// The standard screen of the current curses terminal.
static inline WINDOW *stackterm_stdscr(void) { return stdscr; }
/// Rows of the current curses terminal.
static inline int stackterm_lines(void) { return LINES; }
/// Columns of the current curses terminal.
static inline int stackterm_cols(void) { return COLS; }
/// Number of colours the terminal supports (after start_color).
static inline int stackterm_colors(void) { return COLORS; }

/// Rows of a window.
static inline int stackterm_getmaxy(WINDOW *win) { return getmaxy(win); }
/// Columns of a window.
static inline int stackterm_getmaxx(WINDOW *win) { return getmaxx(win); }

static inline attr_t stackterm_a_normal(void) { return A_NORMAL; }
static inline attr_t stackterm_a_bold(void) { return A_BOLD; }
static inline attr_t stackterm_a_reverse(void) { return A_REVERSE; }
static inline attr_t stackterm_a_underline(void) { return A_UNDERLINE; }
static inline attr_t stackterm_a_dim(void) { return A_DIM; }
static inline attr_t stackterm_a_italic(void) { return A_ITALIC; }
/// The attribute bits of colour pair `n`.
static inline attr_t stackterm_color_pair(int n) { return (attr_t)COLOR_PAIR(n); }

/// `KEY_F(n)`: the key code of function key n.
static inline int stackterm_key_f(int n) { return KEY_F(n); }
static inline int stackterm_key_code_yes(void) { return KEY_CODE_YES; }
static inline int stackterm_err(void) { return ERR; }
static inline int stackterm_ok(void) { return OK; }

/// Sets how long curses waits after ESC for the rest of a key sequence.
static inline int stackterm_set_escdelay(int ms) { return set_escdelay(ms); }

/// True when the current LC_CTYPE encodes UTF-8.
static inline int stackterm_locale_is_utf8(void) {
    const char *codeset = nl_langinfo(CODESET);
    return codeset != NULL && strcmp(codeset, "UTF-8") == 0;
}

/// Reads one input: returns OK (a character in *wch), KEY_CODE_YES (a key code in *wch) or ERR.
static inline int stackterm_get_wch(WINDOW *win, unsigned int *wch) {
    wint_t value = 0;
    int result = wget_wch(win, &value);
    *wch = (unsigned int)value;
    return result;
}

/// Draws one cell at (y, x): a spacing character followed by up to CCHARW_MAX-1 combining ones.
/// `count` scalars are taken from `scalars`; returns ERR when they cannot form a cell.
static inline int stackterm_put_cell(WINDOW *win, int y, int x, const unsigned int *scalars, int count,
                                     attr_t attrs, short pair) {
    if (count < 1 || count >= CCHARW_MAX) return ERR;
    wchar_t text[CCHARW_MAX + 1];
    for (int i = 0; i < count; i++) text[i] = (wchar_t)scalars[i];
    text[count] = L'\0';
    cchar_t cell;
    if (setcchar(&cell, text, attrs, pair, NULL) == ERR) return ERR;
    return mvwadd_wch(win, y, x, &cell);
}

/// Reads the cell at (y, x) back: up to `capacity` scalars into `scalars`; returns how many (or -1).
static inline int stackterm_read_cell(WINDOW *win, int y, int x, unsigned int *scalars, int capacity,
                                      attr_t *attrs, short *pair) {
    cchar_t cell;
    if (mvwin_wch(win, y, x, &cell) == ERR) return -1;
    wchar_t text[CCHARW_MAX + 1];
    if (getcchar(&cell, text, attrs, pair, NULL) == ERR) return -1;
    int n = 0;
    while (n < capacity && n < CCHARW_MAX && text[n] != L'\0') {
        scalars[n] = (unsigned int)text[n];
        n++;
    }
    return n;
}

/// The window size of the tty behind `fd` (TIOCGWINSZ); returns 0, or -1 when `fd` is not a sized tty.
static inline int stackterm_tty_size(int fd, int *rows, int *columns) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0 || size.ws_row == 0 || size.ws_col == 0) return -1;
    *rows = size.ws_row;
    *columns = size.ws_col;
    return 0;
}

/// 1 when reading `fd` would report end of file or hang-up (nothing buffered, the other end gone), else 0.
static inline int stackterm_input_is_closed(int fd) {
    struct pollfd entry = { .fd = fd, .events = POLLIN, .revents = 0 };
    if (poll(&entry, 1, 0) < 0) return 0;
    if (entry.revents & (POLLERR | POLLNVAL)) return 1;
    int pending = 0;
    if (ioctl(fd, FIONREAD, &pending) != 0) pending = 0;
    return (entry.revents & (POLLHUP | POLLIN)) && pending == 0 ? 1 : 0;
}

/// The most scalars one cell can hold.
static inline int stackterm_ccharw_max(void) { return CCHARW_MAX; }

/// Asks curses to report wheel turns, clicks and double clicks (`on` 0: none). Returns 1 when the terminal
/// can report the mouse at all.
static inline int stackterm_enable_mouse(int on) {
    mmask_t old = 0;
    mmask_t wanted = on ? (BUTTON1_CLICKED | BUTTON1_DOUBLE_CLICKED | BUTTON4_PRESSED | BUTTON5_PRESSED) : 0;
    return mousemask(wanted, &old) != 0 && has_mouse();
}

/// Reads the mouse event behind a `KEY_MOUSE`: 1 wheel up, 2 wheel down, 3 click, 4 double click, 0 anything
/// else, -1 when there is none; `y` and `x` are its cell.
static inline int stackterm_read_mouse(int *y, int *x) {
    MEVENT event;
    if (getmouse(&event) != OK) return -1;
    *y = event.y;
    *x = event.x;
    if (event.bstate & BUTTON4_PRESSED) return 1;
    if (event.bstate & BUTTON5_PRESSED) return 2;
    if (event.bstate & BUTTON1_DOUBLE_CLICKED) return 4;
    if (event.bstate & BUTTON1_CLICKED) return 3;
    return 0;
}

#endif
