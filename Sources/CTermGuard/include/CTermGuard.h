#ifndef STACKTERM_CTERMGUARD_H
#define STACKTERM_CTERMGUARD_H

// Fatal-signal guard: a crash never leaves the terminal raw or in the alternate screen.

/// Saves the termios of `fd` (call before curses changes the tty); returns 0, or -1 when `fd` is not a tty.
int stackterm_termguard_save(int fd);

/// Installs handlers for SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT and SIGFPE that restore the saved termios,
/// leave the alternate screen, show the cursor, reset attributes, then re-raise with the default action.
/// Saves stdin's termios first when nothing was saved. Returns 0, or -1 (nothing installed) without a tty.
int stackterm_termguard_install(void);

/// Restores the saved termios (async-signal-safe, no output); does nothing when nothing was saved.
void stackterm_termguard_restore(void);

/// Puts back the handlers that were there before `stackterm_termguard_install` and forgets the saved termios.
void stackterm_termguard_uninstall(void);

/// 1 while the guard's handlers are installed, else 0.
int stackterm_termguard_is_installed(void);

/// Readies `signal` for a dispatch signal source: the first time in this process, sets SIG_IGN so the signal
/// cannot kill the process before libdispatch installs its forwarding action (libdispatch does that only once
/// per process); later, puts back the forwarding action `stackterm_signal_release_from_source` took away.
/// Returns 0, or -1 for an invalid signal.
int stackterm_signal_prepare_for_source(int signal);

/// After the signal's dispatch sources are cancelled: keeps libdispatch's forwarding action for the next
/// `stackterm_signal_prepare_for_source` and gives the signal its default action again. Returns 0 or -1.
int stackterm_signal_release_from_source(int signal);

/// 1 when `signal` has a handler (libdispatch's forwarding action once a source registered), else 0.
int stackterm_signal_is_forwarded(int signal);

/// 1 when `signal` has its default action, else 0.
int stackterm_signal_is_default(int signal);

#endif
