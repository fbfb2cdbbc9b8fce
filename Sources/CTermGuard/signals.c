#define _GNU_SOURCE
#include "CTermGuard.h"
#include <signal.h>
#include <string.h>

/// Signals already handed to a dispatch signal source in this process (libdispatch then owns their action).
static volatile sig_atomic_t handed_to_dispatch[NSIG];

int stackterm_signal_prepare_for_source(int signal_number) {
    if (signal_number <= 0 || signal_number >= NSIG) return -1;
    if (handed_to_dispatch[signal_number]) return 0;
    struct sigaction ignore;
    memset(&ignore, 0, sizeof(ignore));
    ignore.sa_handler = SIG_IGN;
    sigemptyset(&ignore.sa_mask);
    if (sigaction(signal_number, &ignore, NULL) != 0) return -1;
    handed_to_dispatch[signal_number] = 1;
    return 0;
}
