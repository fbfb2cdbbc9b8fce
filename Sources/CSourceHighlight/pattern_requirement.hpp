// What text a regular expression cannot match without: a cheap test that lets a rule skip a search.
#ifndef STACKTERM_PATTERN_REQUIREMENT_HPP
#define STACKTERM_PATTERN_REQUIREMENT_HPP

#include <string>
#include <vector>

namespace stackterm {

/// Strings one of which is inside every match of a pattern (the bytes it consumes or its lookahead reads, so
/// within [the match's start, the text's end)), read from the pattern's text (boost's perl syntax).
///
/// The reading is conservative: a construct it does not know (`(?i)`, `\Q`, `\x`, `\p`, named groups,
/// conditionals…) makes the whole pattern `known == false`, and so does anything optional (`?`, `*`, `{0,}`),
/// negated (`[^…]`, `(?!…)`) or read behind the match (`(?<=…)`); an alternation is known only when each branch
/// is. Of a sequence it keeps the part that needs the longest string (literal runs join: `import` needs
/// "import"), so `mayMatch` fails on most lines that hold no such string.
struct PatternRequirement {
    bool known = false;
    std::vector<std::string> anyOf;

    static PatternRequirement of(const std::string &pattern);

    /// False only when none of `anyOf` occurs in the `length` bytes at `start`: then no match of the pattern
    /// starts there (nor further on).
    bool mayMatch(const char *start, size_t length) const;
};

} // namespace stackterm

#endif
