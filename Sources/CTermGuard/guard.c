#define _GNU_SOURCE
#include "CTermGuard.h"
#include <signal.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

static const int guarded_signals[] = { SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE };
enum { guarded_count = sizeof(guarded_signals) / sizeof(guarded_signals[0]) };

static struct termios saved_termios;
static volatile sig_atomic_t has_saved_termios = 0;
static int saved_tty_fd = -1;
static int output_fd = -1;
static struct sigaction previous_actions[guarded_count];
static volatile sig_atomic_t installed = 0;

/// Room for the handler when the crash is a stack overflow.
static char alternate_stack[64 * 1024];

static const char reset_sequence[] = "\033[?2004l\033[?1049l\033[?25h\033[0m\r\n";

int stackterm_termguard_save(int fd) {
    if (!isatty(fd)) return -1;
    if (tcgetattr(fd, &saved_termios) != 0) return -1;
    saved_tty_fd = fd;
    output_fd = isatty(STDOUT_FILENO) ? STDOUT_FILENO : fd;
    has_saved_termios = 1;
    return 0;
}

void stackterm_termguard_restore(void) {
    if (has_saved_termios) {
        tcsetattr(saved_tty_fd, TCSAFLUSH, &saved_termios);
    }
}

/// Runs on a fatal signal: only async-signal-safe calls from here on.
static void fatal_signal_handler(int signal_number) {
    stackterm_termguard_restore();
    if (output_fd >= 0) {
        ssize_t ignored = write(output_fd, reset_sequence, sizeof(reset_sequence) - 1);
        (void)ignored;
    }
    struct sigaction fallback;
    memset(&fallback, 0, sizeof(fallback));
    fallback.sa_handler = SIG_DFL;
    sigemptyset(&fallback.sa_mask);
    sigaction(signal_number, &fallback, NULL);
    // Pending until this handler returns; a fault re-executes and dies with the default action.
    raise(signal_number);
}

int stackterm_termguard_install(void) {
    if (installed) return 0;
    if (!has_saved_termios && stackterm_termguard_save(STDIN_FILENO) != 0) return -1;

    stack_t stack;
    memset(&stack, 0, sizeof(stack));
    stack.ss_sp = alternate_stack;
    stack.ss_size = sizeof(alternate_stack);
    sigaltstack(&stack, NULL);

    struct sigaction action;
    memset(&action, 0, sizeof(action));
    action.sa_handler = fatal_signal_handler;
    action.sa_flags = SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    for (int i = 0; i < guarded_count; i++) {
        sigaction(guarded_signals[i], &action, &previous_actions[i]);
    }
    installed = 1;
    return 0;
}

void stackterm_termguard_uninstall(void) {
    if (installed) {
        for (int i = 0; i < guarded_count; i++) {
            sigaction(guarded_signals[i], &previous_actions[i], NULL);
        }
        installed = 0;
    }
    has_saved_termios = 0;
    saved_tty_fd = -1;
    output_fd = -1;
}

int stackterm_termguard_is_installed(void) {
    return installed ? 1 : 0;
}
