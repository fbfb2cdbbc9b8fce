#include "pattern_requirement.hpp"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <set>

namespace stackterm {

namespace {

/// What one piece of a pattern needs and consumes.
struct Piece {
    /// `anyOf` holds strings one of which every match of the piece contains (or reads ahead).
    bool known = false;
    std::vector<std::string> anyOf;
    /// The piece always consumes exactly `text` (a literal character, or a group of them).
    bool literal = false;
    std::string text;
    /// The piece consumes nothing (an anchor or a lookaround).
    bool zeroWidth = false;

    static Piece consuming() { return Piece(); }
    static Piece anchor() {
        Piece piece;
        piece.zeroWidth = true;
        return piece;
    }
    static Piece literalText(const std::string &text) {
        Piece piece;
        piece.literal = true;
        piece.text = text;
        piece.known = !text.empty();
        if (piece.known) piece.anyOf = {text};
        return piece;
    }
};

/// Whether requirement `a` rules out more lines than `b`: longer shortest string first, then fewer strings.
bool stronger(const Piece &a, const Piece &b) {
    if (!a.known) return false;
    if (!b.known) return true;
    auto shortest = [](const Piece &p) {
        size_t length = SIZE_MAX;
        for (const auto &s : p.anyOf) length = std::min(length, s.size());
        return length;
    };
    if (shortest(a) != shortest(b)) return shortest(a) > shortest(b);
    return a.anyOf.size() < b.anyOf.size();
}

/// A recursive-descent reading of boost's perl syntax, enough to find requirements; `failed` when it meets
/// anything it does not know.
class Reader {
public:
    explicit Reader(const std::string &pattern) : pattern(pattern) {}

    Piece whole() {
        Piece piece = alternation();
        if (position != pattern.size()) failed = true;
        return failed ? Piece::consuming() : piece;
    }

private:
    static constexpr size_t maximumAlternatives = 8;
    const std::string &pattern;
    size_t position = 0;
    bool failed = false;

    bool atEnd() const { return position >= pattern.size(); }
    char peek(size_t ahead = 0) const { return position + ahead < pattern.size() ? pattern[position + ahead] : '\0'; }

    Piece alternation() {
        std::vector<Piece> branches{sequence()};
        while (!failed && peek() == '|' && !atEnd()) {
            ++position;
            branches.push_back(sequence());
        }
        if (branches.size() == 1) return branches[0];
        Piece result;
        std::set<std::string> strings;
        result.known = true;
        for (const auto &branch : branches) {
            if (!branch.known) result.known = false;
            strings.insert(branch.anyOf.begin(), branch.anyOf.end());
        }
        if (!result.known || strings.size() > maximumAlternatives) return Piece::consuming();
        result.anyOf.assign(strings.begin(), strings.end());
        return result;
    }

    Piece sequence() {
        Piece best;
        std::string run;       // literal text consumed back to back since the last piece that is not literal
        bool onlyLiteral = true;
        auto flush = [&] {
            if (!run.empty()) {
                Piece candidate = Piece::literalText(run);
                if (stronger(candidate, best)) best = candidate;
            }
            run.clear();
        };
        while (!failed && !atEnd() && peek() != '|' && peek() != ')') {
            Piece piece = atom();
            if (failed) break;
            int minimum = quantifier();
            if (minimum < 0) {               // no quantifier
                if (piece.literal) {
                    run += piece.text;
                    continue;
                }
                if (!piece.zeroWidth) flush();  // a zero-width piece keeps the text on both sides adjacent
                onlyLiteral = false;
                if (stronger(piece, best)) best = piece;
                continue;
            }
            flush();
            onlyLiteral = false;
            if (minimum > 0 && stronger(piece, best)) best = piece;
        }
        if (onlyLiteral && !failed) return Piece::literalText(run);
        flush();
        Piece result;
        result.known = best.known;
        result.anyOf = best.anyOf;
        return result;
    }

    /// Reads a quantifier after an atom: its minimum count, or -1 when there is none.
    int quantifier() {
        int minimum = -1;
        switch (peek()) {
        case '*': case '?': minimum = 0; ++position; break;
        case '+': minimum = 1; ++position; break;
        case '{': {
            size_t close = pattern.find('}', position);
            if (close == std::string::npos) { failed = true; return -1; }
            std::string inside = pattern.substr(position + 1, close - position - 1);
            size_t digits = 0;
            while (digits < inside.size() && std::isdigit(static_cast<unsigned char>(inside[digits]))) ++digits;
            if (digits == 0 || (digits < inside.size() && inside[digits] != ',')) { failed = true; return -1; }
            minimum = std::stoi(inside.substr(0, std::min<size_t>(digits, 6)));
            position = close + 1;
            break;
        }
        default: return -1;
        }
        if (peek() == '?' || peek() == '+') ++position; // lazy or possessive: the same minimum
        return minimum;
    }

    Piece atom() {
        char c = peek();
        switch (c) {
        case '(': return group();
        case '[': return characterClass();
        case '\\': return escape();
        case '.': ++position; return Piece::consuming();
        case '^': case '$': ++position; return Piece::anchor();
        case '*': case '+': case '?': case '{': failed = true; return Piece();
        default: ++position; return Piece::literalText(std::string(1, c));
        }
    }

    Piece group() {
        ++position; // '('
        enum { plain, lookahead, skipped } kind = plain;
        if (peek() == '?') {
            char type = peek(1);
            if (type == ':' || type == '>') {
                position += 2;
            } else if (type == '=') {
                position += 2;
                kind = lookahead;
            } else if (type == '!') {
                position += 2;
                kind = skipped;
            } else if (type == '<' && (peek(2) == '=' || peek(2) == '!')) {
                position += 3;
                kind = skipped;
            } else if (type == '#') {
                size_t close = pattern.find(')', position);
                if (close == std::string::npos) { failed = true; return Piece(); }
                position = close + 1;
                return Piece::anchor();
            } else {
                failed = true; // flags, named groups, conditionals, recursion
                return Piece();
            }
        }
        Piece inside = alternation();
        if (peek() != ')' || atEnd()) { failed = true; return Piece(); }
        ++position;
        if (kind == plain) return inside;
        Piece result = Piece::anchor();
        if (kind == lookahead) {
            result.known = inside.known;
            result.anyOf = inside.anyOf;
        }
        return result;
    }

    Piece escape() {
        char e = peek(1);
        if (e == '\0') { failed = true; return Piece(); }
        position += 2;
        if (!std::isalnum(static_cast<unsigned char>(e))) {
            if (e == '<' || e == '>' || e == '`' || e == '\'') return Piece::anchor();
            return Piece::literalText(std::string(1, e));
        }
        switch (e) {
        case 'b': case 'B': case 'A': case 'z': case 'Z': case 'G': return Piece::anchor();
        case 'd': case 'D': case 'w': case 'W': case 's': case 'S': case 'h': case 'H': return Piece::consuming();
        case 'n': return Piece::literalText("\n");
        case 't': return Piece::literalText("\t");
        case 'r': return Piece::literalText("\r");
        case 'f': return Piece::literalText("\f");
        case 'a': return Piece::literalText("\a");
        case 'e': return Piece::literalText("\x1b");
        default:
            if (e >= '1' && e <= '9') return Piece::consuming(); // a back reference
            failed = true;
            return Piece();
        }
    }

    Piece characterClass() {
        ++position; // '['
        bool negated = false;
        if (peek() == '^') {
            negated = true;
            ++position;
        }
        bool unknownMember = false;
        std::set<unsigned char> members;
        bool first = true;
        while (!failed) {
            if (atEnd()) { failed = true; break; }
            char c = peek();
            if (c == ']' && !first) {
                ++position;
                break;
            }
            first = false;
            int low = member(unknownMember);
            if (low < 0) continue;
            if (peek() == '-' && peek(1) != ']' && peek(1) != '\0') {
                ++position;
                int high = member(unknownMember);
                if (high < 0 || high < low) {
                    unknownMember = true;
                    continue;
                }
                for (int byte = low; byte <= high; ++byte) members.insert(static_cast<unsigned char>(byte));
            } else {
                members.insert(static_cast<unsigned char>(low));
            }
        }
        if (failed || negated || unknownMember || members.empty() || members.size() > maximumAlternatives) {
            return Piece::consuming();
        }
        if (members.size() == 1) return Piece::literalText(std::string(1, static_cast<char>(*members.begin())));
        Piece piece;
        piece.known = true;
        for (unsigned char byte : members) piece.anyOf.emplace_back(1, static_cast<char>(byte));
        return piece;
    }

    /// One member of a class: its byte, or -1 for a named class, an escape like `\d`, or anything unknown.
    int member(bool &unknownMember) {
        char c = peek();
        if (c == '[' && (peek(1) == ':' || peek(1) == '=' || peek(1) == '.')) {
            char kind = peek(1);
            size_t close = pattern.find(std::string(1, kind) + "]", position + 2);
            if (close == std::string::npos) {
                failed = true;
                return -1;
            }
            position = close + 2;
            unknownMember = true;
            return -1;
        }
        if (c == '\\') {
            char e = peek(1);
            position += 2;
            if (e == '\0') {
                failed = true;
                return -1;
            }
            if (!std::isalnum(static_cast<unsigned char>(e))) return static_cast<unsigned char>(e);
            switch (e) {
            case 'n': return '\n';
            case 't': return '\t';
            case 'r': return '\r';
            case 'f': return '\f';
            default: unknownMember = true; return -1;
            }
        }
        ++position;
        return static_cast<unsigned char>(c);
    }
};

} // namespace

PatternRequirement PatternRequirement::of(const std::string &pattern) {
    Piece piece = Reader(pattern).whole();
    PatternRequirement result;
    result.known = piece.known && !piece.anyOf.empty();
    if (result.known) result.anyOf = piece.anyOf;
    return result;
}

bool PatternRequirement::mayMatch(const char *start, size_t length) const {
    if (!known) return true;
    if (length == 0) return false;
    for (const auto &needed : anyOf) {
        if (memmem(start, length, needed.data(), needed.size()) != nullptr) return true;
    }
    return false;
}

} // namespace stackterm
