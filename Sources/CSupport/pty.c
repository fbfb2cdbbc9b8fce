#define _XOPEN_SOURCE 700
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>
#include "CSupport.h"

int stackterm_open_pty(unsigned short rows, unsigned short columns, char *slave_path, int capacity) {
    int master = posix_openpt(O_RDWR | O_NOCTTY);
    if (master < 0) return -1;
    if (grantpt(master) != 0 || unlockpt(master) != 0) { close(master); return -1; }
    const char *name = ptsname(master);
    if (name == NULL || (int)strlen(name) >= capacity) { close(master); return -1; }
    strcpy(slave_path, name);
    struct winsize size = { .ws_row = rows, .ws_col = columns, .ws_xpixel = 0, .ws_ypixel = 0 };
    ioctl(master, TIOCSWINSZ, &size);
    return master;
}
