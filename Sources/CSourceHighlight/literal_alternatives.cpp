#include "literal_alternatives.hpp"

#include <cctype>
#include <cstring>

#include <boost/regex.hpp>

namespace stackterm {

namespace {

bool isWord(const std::array<bool, 256> &words, char c) { return words[static_cast<unsigned char>(c)]; }

/// `text` without one enclosing `(?:…)` that spans all of it, or nothing.
std::optional<std::string> withoutGroup(const std::string &text) {
    if (text.size() < 4 || text.compare(0, 3, "(?:") != 0 || text.back() != ')') return std::nullopt;
    int depth = 0;
    for (size_t index = 0; index < text.size(); ++index) {
        if (text[index] == '\\') {
            ++index;
            continue;
        }
        if (text[index] == '(') ++depth;
        if (text[index] == ')' && --depth == 0 && index != text.size() - 1) return std::nullopt;
    }
    return text.substr(3, text.size() - 4);
}

} // namespace

std::array<bool, 256> boostClassBytes(const std::string &name) {
    std::array<bool, 256> result{};
    boost::regex_traits<char> traits;
    auto mask = traits.lookup_classname(name.data(), name.data() + name.size());
    for (int byte = 0; byte < 256; ++byte) result[byte] = traits.isctype(static_cast<char>(byte), mask);
    return result;
}

std::optional<LiteralAlternatives> LiteralAlternatives::of(const std::string &pattern) {
    std::string body = pattern;
    while (auto inner = withoutGroup(body)) body = *inner;
    LiteralAlternatives result;
    if (body.size() > 4 && body.compare(0, 2, "\\<") == 0 && body.compare(body.size() - 2, 2, "\\>") == 0) {
        result.wholeWords = true;
        body = body.substr(2, body.size() - 4);
        while (auto inner = withoutGroup(body)) body = *inner;
    }
    std::string current;
    for (size_t index = 0; index <= body.size(); ++index) {
        if (index == body.size() || body[index] == '|') {
            if (current.empty()) return std::nullopt; // an empty alternative matches everywhere: leave it to boost
            result.alternatives.push_back(current);
            current.clear();
            continue;
        }
        char c = body[index];
        if (c == '\\') {
            if (index + 1 == body.size()) return std::nullopt;
            char escaped = body[++index];
            // `\` before a letter, a digit or one of <>`' is not a literal in boost's perl syntax
            if (std::isalnum(static_cast<unsigned char>(escaped)) || static_cast<unsigned char>(escaped) >= 0x80 ||
                std::strchr("<>`'", escaped) != nullptr) {
                return std::nullopt;
            }
            current += escaped;
        } else if (std::strchr(".*+?{}()[]^$", c) != nullptr || static_cast<unsigned char>(c) < 0x20) {
            return std::nullopt;
        } else {
            current += c;
        }
    }
    result.words = boostClassBytes("w"); // what `\<` and `\>` test
    for (unsigned index = 0; index < result.alternatives.size(); ++index) {
        result.byFirstByte[static_cast<unsigned char>(result.alternatives[index][0])].push_back(index);
    }
    return result;
}

bool LiteralAlternatives::matchAt(std::string::const_iterator at, std::string::const_iterator start,
                                  std::string::const_iterator end, std::string::const_iterator &matchEnd) const {
    if (at == end) return false;
    if (wholeWords && (!isWord(words, *at) || (at != start && isWord(words, *(at - 1))))) return false; // `\<`
    auto available = static_cast<size_t>(end - at);
    for (unsigned index : byFirstByte[static_cast<unsigned char>(*at)]) {
        const std::string &alternative = alternatives[index];
        if (alternative.size() > available || std::memcmp(&*at, alternative.data(), alternative.size()) != 0) continue;
        auto after = at + static_cast<std::ptrdiff_t>(alternative.size());
        if (wholeWords && (!isWord(words, *(after - 1)) || (after != end && isWord(words, *after)))) continue; // `\>`
        matchEnd = after;
        return true;
    }
    return false;
}

bool LiteralAlternatives::search(std::string::const_iterator start, std::string::const_iterator end, bool anchored,
                                 std::string::const_iterator &matchBegin, std::string::const_iterator &matchEnd) const {
    for (auto at = start; at != end; ++at) {
        if (matchAt(at, start, end, matchEnd)) {
            matchBegin = at;
            return true;
        }
        if (anchored) break;
    }
    return false;
}

} // namespace stackterm
