#include "memoizing_rule.hpp"

#include <algorithm>
#include <array>
#include <memory>

#include <srchilite/highlighttoken.h>
#include <srchilite/matchingparameters.h>
#include <srchilite/regexpreprocessor.h>

namespace stackterm {

uint64_t currentLineEpoch = 1;

PatternContext PatternContext::of(const std::string &pattern) {
    PatternContext result;
    bool afterOpenBracket = false;
    for (size_t index = 0; index < pattern.size(); ++index) {
        char c = pattern[index];
        bool openBracket = false;
        if (c == '\\' && index + 1 < pattern.size()) {
            switch (pattern[++index]) {
            case 'b': case 'B': case '<': case '>': result.wordBoundary = true; break;
            case 'A': case '`': case 'G': result.searchStart = true; break;
            case 'K': result.unsupported = true; break;
            default: break;
            }
        } else if (c == '^') {
            if (!afterOpenBracket) result.lineStart = true; // right after '[' it negates the class
        } else if (c == '[') {
            openBracket = true;
        } else if (c == '(' && pattern.compare(index, 3, "(?<") == 0) {
            result.unsupported = true;
        }
        afterOpenBracket = openBracket;
    }
    return result;
}

MemoizingRule::MemoizingRule(const std::string &name, const std::string &pattern) : HighlightRule(name) {
    setPattern(pattern);
}

MemoizingRule::MemoizingRule(const srchilite::HighlightRule &model, const std::string &pattern) : HighlightRule(model) {
    setPattern(pattern);
}

void MemoizingRule::setPattern(const std::string &pattern) {
    expression.assign(pattern);
    context = PatternContext::of(pattern);
    requirement = PatternRequirement::of(pattern);
    literals = LiteralAlternatives::of(pattern);
    epoch = 0;
}

const std::string MemoizingRule::toString() const { return expression.str(); }

void MemoizingRule::replaceReferences(const srchilite::ReplacementList &replacements) {
    setPattern(srchilite::RegexPreProcessor::replace_references(expression.str(), replacements));
}

srchilite::HighlightRule *MemoizingRule::clone() {
    auto *copy = new MemoizingRule(*this);
    copy->epoch = 0;
    return copy;
}

/// RegexHighlightRule's search from `start` (or, `anchored`, its attempt at `start` alone): on a match, sets
/// `matchBegin`, `matchEnd` and (unless a list of literals answered) `match`; otherwise changes none of them.
bool MemoizingRule::search(Iterator start, Iterator end, bool lineStart, bool anchored) {
    if (literals && !getHasSubexpressions() && getElemList().size() <= 1) {
        Iterator begin, stop;
        if (!literals->search(start, end, anchored, begin, stop)) return false;
        matchBegin = begin;
        matchEnd = stop;
        return true;
    }
    if (anchored && !expression.can_be_null()) {
        // What boost's own search does before trying a position: the expression's map of first bytes.
        if (start == end) return false;
        if ((expression.get_map()[static_cast<unsigned char>(*start)] & boost::BOOST_REGEX_DETAIL_NS::mask_any) == 0) return false;
    }
    boost::match_flag_type flags = boost::match_default;
    if (!lineStart) flags |= boost::match_not_bol;
    if (anchored) flags |= boost::match_continuous;
    if (!boost::regex_search(start, end, scratch, expression, flags)) return false;
    match.swap(scratch);
    matchBegin = match[0].first;
    matchEnd = match[0].second;
    return true;
}

/// Whether a search from `start` sees at `start` what the remembered search saw there.
bool MemoizingRule::seesTheSameAt(Iterator start, bool lineStart) const {
    if (context.searchStart) return false;
    if (!context.wordBoundary && !context.lineStart) return true;
    if (start == searchedFrom) return !context.lineStart || lineStart == searchedAtLineStart;
    auto before = static_cast<unsigned char>(*(start - 1));
    bool printable = before >= 0x20 && before < 0x7f; // so never a line separator, never part of a multibyte letter
    if (context.lineStart && (lineStart || !printable)) return false;
    if (context.wordBoundary) {
        bool word = (before >= '0' && before <= '9') || (before >= 'A' && before <= 'Z') ||
                    (before >= 'a' && before <= 'z') || before == '_';
        if (word || !printable) return false;
    }
    return true;
}

void MemoizingRule::remember(Iterator start, Iterator end, bool lineStart) {
    epoch = currentLineEpoch;
    lineEnd = end;
    searchedFrom = start;
    searchedAtLineStart = lineStart;
}

bool MemoizingRule::tryToMatch(Iterator start, Iterator end, srchilite::HighlightToken &token,
                               const srchilite::MatchingParameters &params) {
    bool lineStart = params.beginningOfLine;
    bool sameLine = epoch == currentLineEpoch && lineEnd == end && searchedFrom <= start;
    if (sameLine && absent) {
        remember(start, end, lineStart);
        return false;
    }
    bool remembered = sameLine && !context.unsupported && !(found && matchBegin < start);
    bool checkStart = remembered && !seesTheSameAt(start, lineStart);
    if ((!remembered || checkStart) && !requirement.mayMatch(start == end ? nullptr : &*start, static_cast<size_t>(end - start))) {
        found = false;
        absent = true;
        remember(start, end, lineStart);
        return false;
    }
    absent = false;
    if (checkStart) {
        if (search(start, end, lineStart, true)) {
            found = true;
        } else if (found && matchBegin == start) {
            remembered = false; // the remembered match was only there because of what the old search saw at `start`
        }
    }
    if (!remembered) found = search(start, end, lineStart, false);
    remember(start, end, lineStart);
    if (!found) return false;
    fill(token, start, end);
    return true;
}

/// What RegexHighlightRule::tryToMatch puts in `token` for a search from `start` that found [matchBegin, matchEnd).
void MemoizingRule::fill(srchilite::HighlightToken &token, Iterator start, Iterator end) const {
    // RegexHighlightRule tests the prefix with regex_match("[[:blank:]]*")
    static const std::array<bool, 256> blanks = boostClassBytes("blank");
    token.prefix.assign(start, matchBegin);
    token.suffix.assign(matchEnd, end);
    token.prefixOnlySpaces = std::all_of(start, matchBegin, [](char c) { return blanks[static_cast<unsigned char>(c)]; });
    if (getHasSubexpressions()) {
        for (size_t index = 1; index < match.size(); ++index) token.matchedSubExps.push_back(match[index]);
    }
    const srchilite::ElemList &elements = getElemList();
    if (elements.size() > 1) {
        for (size_t index = 1; index < match.size() && index - 1 < elements.size(); ++index) {
            if (match[index].matched) token.addMatched(elements[index - 1], match[index]);
        }
    } else if (!elements.empty()) {
        token.addMatched(elements[0], std::string(matchBegin, matchEnd));
    }
}

namespace {
/// `rule`, made by the library's factory, as a MemoizingRule with the same expression and settings.
srchilite::HighlightRule *memoizing(srchilite::HighlightRule *rule) {
    std::unique_ptr<srchilite::HighlightRule> made(rule);
    return new MemoizingRule(*made, made->toString());
}
} // namespace

srchilite::HighlightRule *MemoizingRuleFactory::createSimpleRule(const std::string &name, const std::string &s) {
    return new MemoizingRule(name, s);
}

srchilite::HighlightRule *MemoizingRuleFactory::createWordListRule(const std::string &name,
                                                                   const srchilite::WordList &list, bool caseSensitive) {
    return memoizing(RegexRuleFactory::createWordListRule(name, list, caseSensitive));
}

srchilite::HighlightRule *MemoizingRuleFactory::createListRule(const std::string &name, const srchilite::WordList &list,
                                                               bool caseSensitive) {
    return memoizing(RegexRuleFactory::createListRule(name, list, caseSensitive));
}

srchilite::HighlightRule *MemoizingRuleFactory::createCompoundRule(const srchilite::ElemNameList &nameList,
                                                                   const std::string &rep) {
    return memoizing(RegexRuleFactory::createCompoundRule(nameList, rep));
}

} // namespace stackterm
