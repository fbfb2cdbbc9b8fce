#define _GNU_SOURCE
#include "CTermGuard.h"
#include <signal.h>
#include <string.h>

static struct sigaction replaced_actions[NSIG];
static int is_replaced[NSIG];

int stackterm_signal_ignore(int signal_number) {
    if (signal_number <= 0 || signal_number >= NSIG) return -1;
    struct sigaction ignore;
    memset(&ignore, 0, sizeof(ignore));
    ignore.sa_handler = SIG_IGN;
    sigemptyset(&ignore.sa_mask);
    struct sigaction previous;
    if (sigaction(signal_number, &ignore, &previous) != 0) return -1;
    if (!is_replaced[signal_number]) {
        replaced_actions[signal_number] = previous;
        is_replaced[signal_number] = 1;
    }
    return 0;
}

int stackterm_signal_restore(int signal_number) {
    if (signal_number <= 0 || signal_number >= NSIG) return -1;
    if (!is_replaced[signal_number]) return 0;
    is_replaced[signal_number] = 0;
    return sigaction(signal_number, &replaced_actions[signal_number], NULL);
}
