#define _GNU_SOURCE
#include "CTermGuard.h"
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

// The self-pipe: the handler writes each signal's number as one byte; the event loop reads the other end.
// (libdispatch's signal sources cannot carry SIGPIPE on Linux: their handler re-raises it on a thread that
// never blocks it and spins.)
static int pipe_fds[2] = { -1, -1 };
static volatile sig_atomic_t forwarding[NSIG];
// Signals that were ignored before forwarding began go back to being ignored, not to their default action.
static volatile sig_atomic_t ignored_before[NSIG];

static int is_valid(int signal_number) {
    return signal_number > 0 && signal_number < NSIG;
}

/// Async-signal-safe: one write, errno preserved; a full pipe drops the byte (the loop is far behind anyway).
static void forward_to_pipe(int signal_number) {
    int saved_errno = errno;
    unsigned char byte = (unsigned char)signal_number;
    ssize_t ignored = write(pipe_fds[1], &byte, 1);
    (void)ignored;
    errno = saved_errno;
}

int stackterm_signal_pipe(void) {
    if (pipe_fds[0] < 0 && pipe2(pipe_fds, O_NONBLOCK | O_CLOEXEC) != 0) {
        pipe_fds[0] = pipe_fds[1] = -1;
        return -1;
    }
    return pipe_fds[0];
}

int stackterm_signal_forward(int signal_number) {
    if (!is_valid(signal_number) || stackterm_signal_pipe() < 0) return -1;
    struct sigaction action, previous;
    memset(&action, 0, sizeof(action));
    action.sa_handler = forward_to_pipe;
    action.sa_flags = SA_RESTART;
    sigemptyset(&action.sa_mask);
    if (sigaction(signal_number, &action, &previous) != 0) return -1;
    if (!forwarding[signal_number]) ignored_before[signal_number] = previous.sa_handler == SIG_IGN;
    forwarding[signal_number] = 1;
    return 0;
}

int stackterm_signal_stop_forwarding(int signal_number) {
    if (!is_valid(signal_number) || !forwarding[signal_number]) return -1;
    struct sigaction fallback;
    memset(&fallback, 0, sizeof(fallback));
    fallback.sa_handler = ignored_before[signal_number] ? SIG_IGN : SIG_DFL;
    sigemptyset(&fallback.sa_mask);
    forwarding[signal_number] = 0;
    return sigaction(signal_number, &fallback, NULL);
}

int stackterm_signal_is_forwarded(int signal_number) {
    if (!is_valid(signal_number)) return 0;
    struct sigaction current;
    if (sigaction(signal_number, NULL, &current) != 0) return 0;
    return current.sa_handler == forward_to_pipe ? 1 : 0;
}

int stackterm_signal_is_default(int signal_number) {
    if (!is_valid(signal_number)) return 0;
    struct sigaction current;
    if (sigaction(signal_number, NULL, &current) != 0) return 0;
    return current.sa_handler == SIG_DFL ? 1 : 0;
}

int stackterm_signal_stop_process(void) {
    struct sigaction stop, saved;
    memset(&stop, 0, sizeof(stop));
    stop.sa_handler = SIG_DFL;
    sigemptyset(&stop.sa_mask);
    if (sigaction(SIGTSTP, &stop, &saved) != 0) return -1;
    sigset_t only_tstp, previous_mask;
    sigemptyset(&only_tstp);
    sigaddset(&only_tstp, SIGTSTP);
    pthread_sigmask(SIG_UNBLOCK, &only_tstp, &previous_mask);
    // Delivered to this thread before raise returns: the process stops here until SIGCONT (in an orphaned
    // process group the kernel discards it and nothing stops).
    raise(SIGTSTP);
    pthread_sigmask(SIG_SETMASK, &previous_mask, NULL);
    return sigaction(SIGTSTP, &saved, NULL);
}
