#ifndef STACKTERM_CSOURCEHIGHLIGHT_H
#define STACKTERM_CSOURCEHIGHLIGHT_H
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// What `stackterm_highlight` did.
typedef enum {
    /// The text was highlighted; every token was reported.
    STACKTERM_HIGHLIGHT_OK = 0,
    /// The data directory holds no `lang.map` (source-highlight's language definitions are not installed).
    STACKTERM_HIGHLIGHT_NO_DATA_DIR = 1,
    /// `lang.map` names no definition for the language (or its `.lang` file is missing).
    STACKTERM_HIGHLIGHT_UNKNOWN_LANGUAGE = 2,
    /// The library threw (a bad definition, a regex too complex for the text); the message says what.
    STACKTERM_HIGHLIGHT_FAILED = 3
} stackterm_highlight_status;

/// Which rules match the text. Both give the same tokens (tests compare them on real code); the library's own
/// rules search the rest of the line for every token, so a line costs them its length squared.
typedef enum {
    /// Rules that remember their last search within a line (the shim's MemoizingRule): what the app uses.
    STACKTERM_HIGHLIGHT_MEMOIZED_RULES = 0,
    /// libsource-highlight's own RegexRuleFactory and RegexHighlightRule, untouched.
    STACKTERM_HIGHLIGHT_LIBRARY_RULES = 1
} stackterm_highlight_rules;

/// Receives one token: `line` (0-based) of the text, its first byte and length within that line (UTF-8
/// bytes, the line without its newline) and which of the caller's element names it is (an index into
/// `elements`). Text in any other element ("normal", or a name the caller did not list) is not reported.
/// Called on the caller's thread, in text order.
typedef void (*stackterm_highlight_token)(void *context, uint32_t line, uint32_t start, uint32_t length,
                                          uint32_t element);

/// Highlights `length` bytes of `text` (lines separated by `\n`) as `language`, a name from `lang.map` in
/// `data_dir` ("python", "cpp", "sh"…) with `rules`, calling `token` for each token of one of the
/// `element_count` source-highlight element names in `elements` ("keyword", "string", "comment"…). A line
/// longer than `max_line_bytes` is skipped (left plain).
/// Calls are serialised by one lock inside (the library keeps global state). Never throws: a C++ exception
/// becomes STACKTERM_HIGHLIGHT_FAILED with its message in `message` (at most `message_size` bytes,
/// NUL-terminated).
stackterm_highlight_status stackterm_highlight(const char *data_dir, stackterm_highlight_rules rules,
                                               const char *language,
                                               const char *text, size_t length, size_t max_line_bytes,
                                               const char *const *elements, size_t element_count,
                                               stackterm_highlight_token token, void *context,
                                               char *message, size_t message_size);

/// True (1) when `lang.map` in `data_dir` names a definition file for `language` that exists; never throws.
int stackterm_highlight_knows(const char *data_dir, const char *language);

#ifdef __cplusplus
}
#endif

#endif
