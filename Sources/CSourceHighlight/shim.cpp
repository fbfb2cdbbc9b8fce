// The only user of GNU source-highlight's C++ library: a C API that never lets an exception out.
//
// source-highlight keeps global state (a static id counter in HighlightState, the caches of LangDefManager
// and LangMap), so every entry point takes `libraryLock`: calls are serialised, whichever thread makes them.
//
// Tokens are collected the way the library's own output formats do it: the highlighter looks a formatter
// up by element name for every piece of a line, in order; we register one formatter per element name the
// caller asked for (reporting its index) and a default one for everything else, which only counts bytes.
//
// Rules come from MemoizingRuleFactory (memoizing_rule.hpp: the same matches, far fewer searches) unless the
// caller asks for the library's own RegexRuleFactory, which tests compare against.
#include "CSourceHighlight.h"
#include "memoizing_rule.hpp"

#include <cstring>
#include <exception>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include <srchilite/formatter.h>
#include <srchilite/formattermanager.h>
#include <srchilite/formatterparams.h>
#include <srchilite/langdefmanager.h>
#include <srchilite/langmap.h>
#include <srchilite/regexrulefactory.h>
#include <srchilite/sourcehighlighter.h>

namespace {

std::mutex libraryLock;

/// One data directory's language map and compiled definitions (with one kind of rules), kept for the life of
/// the process.
struct Definitions {
    std::unique_ptr<srchilite::RegexRuleFactory> ruleFactory;
    srchilite::LangDefManager manager;
    srchilite::LangMap map;
    std::string directory;
    /// Language name → its `.lang` file, or "" when lang.map names none or it is not on disk.
    std::map<std::string, std::string> files;

    Definitions(const std::string &dir, stackterm_highlight_rules rules)
        : ruleFactory(rules == STACKTERM_HIGHLIGHT_LIBRARY_RULES ? new srchilite::RegexRuleFactory
                                                                  : new stackterm::MemoizingRuleFactory),
          manager(ruleFactory.get()), map(dir, "lang.map"), directory(dir) {
        map.open();
    }
};

/// The definitions of `dir` with `rules`, loaded on first use; nullptr when `dir` has no readable lang.map.
/// Needs the lock.
Definitions *definitions(const std::string &dir, stackterm_highlight_rules rules) {
    static std::map<std::pair<std::string, int>, std::unique_ptr<Definitions>> loaded;
    auto key = std::make_pair(dir, static_cast<int>(rules));
    auto found = loaded.find(key);
    if (found != loaded.end()) return found->second.get();
    std::ifstream probe(dir + "/lang.map");
    if (!probe.good()) return nullptr;
    auto made = std::make_unique<Definitions>(dir, rules);
    Definitions *result = made.get();
    loaded[key] = std::move(made);
    return result;
}

/// The `.lang` file `language` maps to, or "" when there is none on disk (looked up once). Needs the lock.
const std::string &definitionFile(Definitions &defs, const std::string &language) {
    auto known = defs.files.find(language);
    if (known != defs.files.end()) return known->second;
    std::string file = defs.map.getMappedFileName(language);
    if (!file.empty() && !std::ifstream(defs.directory + "/" + file).good()) file.clear();
    return defs.files.emplace(language, file).first->second;
}

/// Where the line being highlighted stands, shared by the formatters of one call.
struct Cursor {
    uint32_t line = 0;
    uint32_t column = 0;
    stackterm_highlight_token callback;
    void *context;
};

/// Reports each piece of its element (unless it is the default formatter) and advances the column.
struct TokenFormatter : srchilite::Formatter {
    Cursor &cursor;
    bool reports;
    uint32_t element;

    TokenFormatter(Cursor &c, bool r, uint32_t e) : cursor(c), reports(r), element(e) {}

    void format(const std::string &s, const srchilite::FormatterParams *) override {
        if (s.empty()) return;
        auto size = static_cast<uint32_t>(s.size());
        if (reports) cursor.callback(cursor.context, cursor.line, cursor.column, size, element);
        cursor.column += size;
    }
};

void copyMessage(const char *text, char *message, size_t size) {
    if (message == nullptr || size == 0) return;
    std::strncpy(message, text, size - 1);
    message[size - 1] = '\0';
}

} // namespace

extern "C" stackterm_highlight_status stackterm_highlight(const char *data_dir, stackterm_highlight_rules rules,
                                                          const char *language,
                                                          const char *text, size_t length, size_t max_line_bytes,
                                                          const char *const *elements, size_t element_count,
                                                          stackterm_highlight_token token, void *context,
                                                          char *message, size_t message_size) {
    copyMessage("", message, message_size);
    try {
        std::lock_guard<std::mutex> guard(libraryLock);
        Definitions *defs = definitions(data_dir, rules);
        if (defs == nullptr) return STACKTERM_HIGHLIGHT_NO_DATA_DIR;
        const std::string &file = definitionFile(*defs, language);
        if (file.empty()) return STACKTERM_HIGHLIGHT_UNKNOWN_LANGUAGE;
        srchilite::HighlightStatePtr state = defs->manager.getHighlightState(defs->directory, file);

        Cursor cursor{0, 0, token, context};
        srchilite::FormatterManager formatters(srchilite::FormatterPtr(new TokenFormatter(cursor, false, 0)));
        for (size_t index = 0; index < element_count; ++index) {
            formatters.addFormatter(elements[index],
                                    srchilite::FormatterPtr(new TokenFormatter(cursor, true, static_cast<uint32_t>(index))));
        }
        srchilite::SourceHighlighter highlighter(state);
        highlighter.setFormatterManager(&formatters);
        highlighter.setOptimize(false);

        const char *end = text + length;
        const char *start = text;
        while (true) {
            auto newline = static_cast<const char *>(std::memchr(start, '\n', static_cast<size_t>(end - start)));
            const char *stop = newline != nullptr ? newline : end;
            cursor.column = 0;
            if (static_cast<size_t>(stop - start) <= max_line_bytes) {
                ++stackterm::currentLineEpoch;
                highlighter.highlightParagraph(std::string(start, stop));
            }
            if (newline == nullptr) break;
            start = newline + 1;
            ++cursor.line;
        }
        return STACKTERM_HIGHLIGHT_OK;
    } catch (const std::exception &error) {
        copyMessage(error.what(), message, message_size);
    } catch (...) {
        copyMessage("unknown C++ exception", message, message_size);
    }
    return STACKTERM_HIGHLIGHT_FAILED;
}

extern "C" int stackterm_highlight_knows(const char *data_dir, const char *language) {
    try {
        std::lock_guard<std::mutex> guard(libraryLock);
        Definitions *defs = definitions(data_dir, STACKTERM_HIGHLIGHT_MEMOIZED_RULES);
        return defs != nullptr && !definitionFile(*defs, language).empty() ? 1 : 0;
    } catch (...) {
        return 0;
    }
}
