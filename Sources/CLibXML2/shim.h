#ifndef STACKTERM_CLIBXML2_SHIM_H
#define STACKTERM_CLIBXML2_SHIM_H
// libxml2's SAX2 push parser, for StackDump's row stream. The include path comes from pkg-config (libxml-2.0).
#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU, so <libxml/encoding.h> would include ICU's <unicode/ucnv.h>, whose enums clash
// with Foundation's own copy of ICU (_FoundationICU) in the same Swift module. Without the macro, encoding.h leaves
// out ICU and the two ICU converter pointers at the end of xmlCharEncodingHandler; Swift only ever holds that
// struct by pointer (inside the parser context), never allocates or reads one, so nothing depends on its layout.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
#endif
