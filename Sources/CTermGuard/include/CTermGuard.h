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

/// The read end of the process's signal pipe (created on first use, non-blocking, close-on-exec): each signal
/// caught by `stackterm_signal_forward` arrives as one byte holding its number. Returns -1 if it cannot be made.
int stackterm_signal_pipe(void);

/// Catches `signal` with a handler that writes its number to the signal pipe (the signal no longer has its
/// default action). Returns 0, or -1 for an invalid signal or no pipe.
int stackterm_signal_forward(int signal);

/// Stops forwarding `signal`: back to its default action, or to SIG_IGN when it was ignored before forwarding
/// began (e.g. SIGPIPE in a process that ignores it). Returns 0, or -1 when it was not forwarded.
int stackterm_signal_stop_forwarding(int signal);

/// 1 while `signal` is forwarded to the signal pipe, else 0.
int stackterm_signal_is_forwarded(int signal);

/// Job-control stop on the user's behalf (after Ctrl-Z was caught and the terminal restored): SIGTSTP with its
/// default action, raised on this thread; returns once the process is continued (SIGCONT), with SIGTSTP's
/// previous action back. Returns 0, or -1 when the action could not be changed.
int stackterm_signal_stop_process(void);

/// 1 when `signal` has its default action, else 0.
int stackterm_signal_is_default(int signal);

#endif
