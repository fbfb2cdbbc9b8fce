// Patterns that are only a list of literal strings, matched without a regular-expression engine.
#ifndef STACKTERM_LITERAL_ALTERNATIVES_HPP
#define STACKTERM_LITERAL_ALTERNATIVES_HPP

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace stackterm {

/// The bytes in boost's character class `name` ("w", "blank"…) in the locale the rules' expressions use.
std::array<bool, 256> boostClassBytes(const std::string &name);

/// A pattern of the two shapes the library's factory writes for `name = "a","b"` lists: `(?:a|b|…)` (symbols,
/// operators) and, for keyword lists, `\<(?:a|b|…)\>` — each alternative a literal (punctuation may be escaped),
/// with nothing else in the pattern. `search` gives what boost::regex_search gives for it with the library's
/// flags: the leftmost position where some alternative matches, and there the first alternative in the list
/// that matches (perl semantics, not the longest); for a keyword list, only at a word start (the search's own
/// start counts as one, as without match_prev_avail) and only when the alternative ends a word.
class LiteralAlternatives {
public:
    /// The list `pattern` is, or nothing when it is any other pattern.
    static std::optional<LiteralAlternatives> of(const std::string &pattern);

    /// Where in [start, end) the leftmost match begins and ends (at `start` only, when `anchored`).
    bool search(std::string::const_iterator start, std::string::const_iterator end, bool anchored,
                std::string::const_iterator &matchBegin, std::string::const_iterator &matchEnd) const;

private:
    std::vector<std::string> alternatives;
    bool wholeWords = false;
    /// For each first byte, the indexes in `alternatives` of those starting with it, in list order.
    std::array<std::vector<unsigned>, 256> byFirstByte;
    /// boost's word characters (`\w`), read from its traits when the list is made.
    std::array<bool, 256> words{};

    bool matchAt(std::string::const_iterator at, std::string::const_iterator start, std::string::const_iterator end,
                 std::string::const_iterator &matchEnd) const;
};

} // namespace stackterm

#endif
