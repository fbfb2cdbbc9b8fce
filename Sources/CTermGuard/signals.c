#define _GNU_SOURCE
#include "CTermGuard.h"
#include <signal.h>
#include <string.h>

// libdispatch installs its forwarding action for a signal only the first time a source for it is created
// in the process; these remember that action so it can be taken away and given back.
static volatile sig_atomic_t handed_to_dispatch[NSIG];
static struct sigaction dispatch_actions[NSIG];
static volatile sig_atomic_t has_dispatch_action[NSIG];

static int is_valid(int signal_number) {
    return signal_number > 0 && signal_number < NSIG;
}

int stackterm_signal_prepare_for_source(int signal_number) {
    if (!is_valid(signal_number)) return -1;
    if (has_dispatch_action[signal_number]) {
        return sigaction(signal_number, &dispatch_actions[signal_number], NULL);
    }
    if (handed_to_dispatch[signal_number]) return 0;
    struct sigaction ignore;
    memset(&ignore, 0, sizeof(ignore));
    ignore.sa_handler = SIG_IGN;
    sigemptyset(&ignore.sa_mask);
    if (sigaction(signal_number, &ignore, NULL) != 0) return -1;
    handed_to_dispatch[signal_number] = 1;
    return 0;
}

int stackterm_signal_release_from_source(int signal_number) {
    if (!is_valid(signal_number) || !handed_to_dispatch[signal_number]) return -1;
    struct sigaction current;
    if (sigaction(signal_number, NULL, &current) != 0) return -1;
    if (current.sa_handler == SIG_IGN || current.sa_handler == SIG_DFL) {
        return 0; // libdispatch has not taken the signal yet: leave it ignored
    }
    dispatch_actions[signal_number] = current;
    has_dispatch_action[signal_number] = 1;
    struct sigaction fallback;
    memset(&fallback, 0, sizeof(fallback));
    fallback.sa_handler = SIG_DFL;
    sigemptyset(&fallback.sa_mask);
    return sigaction(signal_number, &fallback, NULL);
}

int stackterm_signal_is_forwarded(int signal_number) {
    if (!is_valid(signal_number)) return 0;
    struct sigaction current;
    if (sigaction(signal_number, NULL, &current) != 0) return 0;
    return current.sa_handler != SIG_IGN && current.sa_handler != SIG_DFL ? 1 : 0;
}

int stackterm_signal_is_default(int signal_number) {
    if (!is_valid(signal_number)) return 0;
    struct sigaction current;
    if (sigaction(signal_number, NULL, &current) != 0) return 0;
    return current.sa_handler == SIG_DFL ? 1 : 0;
}
