#ifndef STACKTERM_CARCHIVE_SHIM_H
#define STACKTERM_CARCHIVE_SHIM_H
/* Debian's libarchive-dev: reads the 7z archives Stack Exchange publishes its data dumps in. */
#include <archive.h>
#include <archive_entry.h>

/* AE_IFREG is a cast macro, which Swift does not import. */
static inline int stackterm_archive_entry_is_regular_file(struct archive_entry *entry) {
    return archive_entry_filetype(entry) == AE_IFREG;
}
#endif
