// Rules that search a line about once instead of once per token, with the library's own results.
//
// libsource-highlight finds each token by asking every rule of the current state to search the rest of the
// line (HighlightState::findBestMatch → HighlightRule::tryToMatch → boost::regex_search from the token's
// start to the line's end) and keeping the leftmost, longest match. Most rules' matches lie further on and
// lose, and the next token asks them again from a little further: O(rules × tokens × length) per line.
//
// The invariant that lets a rule remember (RegexHighlightRule searches with match_default, plus match_not_bol
// when MatchingParameters::beginningOfLine is false, and never match_prev_avail): within one line, a search
// from p and a search from a later p' see the same text at every position after p' — the same character
// before it, the same line end — so the search from p' finds no match starting in (p', q) when the search from
// p found its leftmost one at q ≥ p', and finds that same match at q > p' (or nothing, if the search from p
// found nothing). Only what happens at p' itself may differ: there the search from p' sees a start (no
// character before, `^` as beginningOfLine says, `\A` and `\G` true) where the search from p saw the line.
// So a remembered search is reused after one anchored attempt at p' — skipped when the pattern cannot tell
// (no `\b \B \< \> ^ \A \` \G`, or the character before p' is printable ASCII that is not a word character
// and the line start is not asked for) — and patterns with lookbehind, named groups or `\K` (whose match may
// begin before where it was tried, or look before p') are searched every time, like the library does.
//
// Before searching at all, a rule looks for the strings its pattern cannot match without (PatternRequirement):
// when none is left in the rest of the line, there is no match there, and none further on in that line. A
// pattern that is only a list of literals (symbols, keywords) is matched without boost (LiteralAlternatives).
// An anchored attempt is skipped when boost's own map of first bytes says no match starts with that byte.
#ifndef STACKTERM_MEMOIZING_RULE_HPP
#define STACKTERM_MEMOIZING_RULE_HPP

#include <cstdint>
#include <string>

#include <boost/regex.hpp>
#include <srchilite/highlightrule.h>
#include <srchilite/regexrulefactory.h>

#include "literal_alternatives.hpp"
#include "pattern_requirement.hpp"

namespace stackterm {

/// Which line the rules are matching. The shim increments it before each `highlightParagraph`, so a memory of
/// an earlier line (whose string may have had the same address) is never used. Used under the shim's lock.
extern uint64_t currentLineEpoch;

/// What, besides the text from a search's start on, a pattern's match at that start can depend on.
struct PatternContext {
    /// `\b`, `\B`, `\<`, `\>`: the character before.
    bool wordBoundary = false;
    /// `^` (outside a class's first position): MatchingParameters::beginningOfLine, or the character before.
    bool lineStart = false;
    /// `\A`, `\``, `\G`: being where the search started.
    bool searchStart = false;
    /// Lookbehind or named groups (`(?<`), `\K`: never remembered.
    bool unsupported = false;

    /// Read from the pattern's text; errs towards seeing a dependency (a `\b` inside a class counts).
    static PatternContext of(const std::string &pattern);
};

/// srchilite::RegexHighlightRule's matching (same expression, flags and token contents) with the memory the
/// comment at the top of this file describes. Not thread-safe: used under the shim's lock.
class MemoizingRule : public srchilite::HighlightRule {
public:
    MemoizingRule(const std::string &name, const std::string &pattern);
    /// A rule matching `pattern` with `model`'s elements, next state, exit level and flags.
    MemoizingRule(const srchilite::HighlightRule &model, const std::string &pattern);

    bool tryToMatch(std::string::const_iterator start, std::string::const_iterator end,
                    srchilite::HighlightToken &token, const srchilite::MatchingParameters &params) override;
    const std::string toString() const override;
    void replaceReferences(const srchilite::ReplacementList &replacements) override;
    srchilite::HighlightRule *clone() override;

private:
    using Iterator = std::string::const_iterator;

    boost::regex expression;
    PatternContext context;
    PatternRequirement requirement;
    std::optional<LiteralAlternatives> literals;

    // The last search on line `epoch`: from `searchedFrom` (at a line start or not) to `lineEnd`; `found` says
    // whether it found its leftmost match at [matchBegin, matchEnd) (with its groups in `match`); `absent`, that
    // none of the required strings is in the rest of the line, so no search was needed.
    uint64_t epoch = 0;
    Iterator lineEnd;
    Iterator searchedFrom;
    bool searchedAtLineStart = false;
    bool found = false;
    bool absent = false;
    Iterator matchBegin;
    Iterator matchEnd;
    boost::match_results<Iterator> match;
    boost::match_results<Iterator> scratch;

    void setPattern(const std::string &pattern);
    void remember(Iterator start, Iterator end, bool lineStart);
    bool search(Iterator start, Iterator end, bool lineStart, bool anchored);
    bool seesTheSameAt(Iterator start, bool lineStart) const;
    void fill(srchilite::HighlightToken &token, Iterator start, Iterator end) const;
};

/// Builds every rule as a MemoizingRule: the library's factory composes the expressions (word lists, delimited
/// strings, multi-line states), this one matches them.
class MemoizingRuleFactory : public srchilite::RegexRuleFactory {
public:
    srchilite::HighlightRule *createSimpleRule(const std::string &name, const std::string &s) override;
    srchilite::HighlightRule *createWordListRule(const std::string &name, const srchilite::WordList &list,
                                                 bool caseSensitive = true) override;
    srchilite::HighlightRule *createListRule(const std::string &name, const srchilite::WordList &list,
                                             bool caseSensitive = true) override;
    srchilite::HighlightRule *createCompoundRule(const srchilite::ElemNameList &nameList, const std::string &rep) override;
};

} // namespace stackterm

#endif
