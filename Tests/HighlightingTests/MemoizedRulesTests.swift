import Foundation
@testable import Highlighting
import StackDump
import TestSupport
import TextEngine
import XCTest

/// The shim's memoized rules (`SourceHighlight.Rules.memoized`, what the app uses) give exactly the tokens of
/// libsource-highlight's own rules (`.library`): on every code block of the shared dumps, in every language the
/// app can choose, and on lines built to reach each case where a remembered search must not be trusted.
final class MemoizedRulesTests: XCTestCase {
    /// One `<pre>` block of a post, with the language `CodeLanguage` picks for it (nil: the app draws it plain).
    struct DumpBlock {
        var site: String
        var postID: Int
        var code: String
        var language: String?
    }

    /// Every code block of every dump's Posts.xml, chosen the way the app chooses: classes, else the question's tags.
    static func dumpBlocks() throws -> [DumpBlock] {
        var blocks: [DumpBlock] = []
        for folder in SharedData.dumpFolders {
            let posts = try DumpReader.posts(inFolder: folder)
            var tagsOfQuestion: [Int: [String]] = [:]
            for post in posts where post.isQuestion { tagsOfQuestion[post.id] = post.tags }
            for post in posts where post.body.contains("<pre") {
                let tags = post.isQuestion ? post.tags : post.parentID.flatMap { tagsOfQuestion[$0] } ?? []
                _ = HTMLRenderer.render(html: post.body, width: 100, styleCode: { code, classes in
                    blocks.append(DumpBlock(site: folder.lastPathComponent, postID: post.id, code: code,
                                            language: CodeLanguage.choose(classes: classes, tags: tags)))
                    return .plain
                }, isCancelled: { false })
            }
        }
        return blocks
    }

    /// Every source-highlight language `CodeLanguage` can name from a class alias or a tag, that the library knows.
    static func appLanguages(_ library: SourceHighlight) -> [String] {
        Set(CodeLanguage.classAliases.values).union(CodeLanguage.tagLanguages.values).filter(library.knows).sorted()
    }

    /// Every block in the language the app picks for it, and in the languages most blocks of these sites are
    /// written in (those of `stackterm-bench highlight`, C++ and JavaScript). Every block in every language the app
    /// can choose (34 that source-highlight 3.1.9 knows: 33,422 comparisons, minutes in a debug build) with
    /// STACKTERM_HIGHLIGHT_ALL_LANGUAGES=1.
    func testEveryDumpCodeBlockGetsTheLibrarysTokens() throws {
        let memoized = try SourceHighlightTests.installed()
        let library = SourceHighlight(dataDirectory: memoized.dataDirectory, rules: .library)
        let blocks = try Self.dumpBlocks()
        guard !blocks.isEmpty else { throw XCTSkip("SKIPPED: no dump with code blocks under the shared data") }
        XCTAssertEqual(Set(blocks.map(\.site)).count, SharedData.dumpFolders.count, "blocks from every site")
        let everyLanguage = ProcessInfo.processInfo.environment["STACKTERM_HIGHLIGHT_ALL_LANGUAGES"] == "1"
        let common = everyLanguage ? Self.appLanguages(memoized) : ["python", "sh", "haskell", "cpp", "javascript"]
        var compared = 0
        var tokens = 0
        var libraryFailures: [String] = []
        for block in blocks {
            for language in Set(common + (block.language.map { [$0] } ?? [])) {
                let expected = library.highlight(block.code, language: language)
                compared += 1
                if case .plain(.failed) = expected {
                    // boost gave up on a search ("complexity … exceeded"); the memoized rules may never run that
                    // search (scala's function pattern on a 195-byte line of quantumcomputing post 1247, which has no "(").
                    libraryFailures.append("\(block.site) \(block.postID) \(language)")
                    continue
                }
                if case .tokens(let found) = expected { tokens += found.count }
                guard memoized.highlight(block.code, language: language) == expected else {
                    return XCTFail("\(block.site) post \(block.postID), \(language): the memoized rules' tokens differ from the library's")
                }
            }
        }
        XCTAssertGreaterThanOrEqual(compared, blocks.count * common.count, "every block in every language asked for")
        XCTAssertGreaterThan(tokens, 50_000, "the comparison covers real tokens")
        XCTAssertLessThanOrEqual(libraryFailures.count, 2, "\(libraryFailures)")
    }

    /// Lines where a search from a token's start sees something the remembered search did not: a word character or
    /// a line start before a `\<`/`^` pattern, tokens right after words, blanks before matches (the library stops
    /// at a blank-prefixed match), multi-byte text, and delimiters that open and close states on one line.
    static let trickyLines = [
        "ifif if xif if_ _if 1if if1 if", "for x in y: print(x)if x else y", "  ''' doc ''' x '''", "\"\"\"a\"\"\" b",
        "#!/bin/sh", "echo $HOME${x}$(pwd) # comment", "x=1 y=2 z=3", "a--b --c -- d", "f x = x + 1 -- c {- d -} e",
        "'a' 'b' \"c\\\"d\" 'e", "é if ü else 中文 if", "\tif\tx", "a1.if.b2", "  # only a comment", "",
        "x = 0x1F + 1e10 + .5 + 1.5e-3L", "if(x){y}else{z}", "<<EOF\nbody\nEOF", "/* a */ b /* c", "*/ d",
        "main :: IO ()\nmain = do\n  print 'x'", "select * from t where a = 'b' -- c", "^^ ^x ^", "x \\\n  y",
        "a %% b % c %%% d", "éif ifé if", "x==y != z <= w", "import(x) fromimport from",
    ]

    func testTrickyLinesGetTheLibrarysTokensInEveryLanguageTheAppUses() throws {
        let memoized = try SourceHighlightTests.installed()
        let library = SourceHighlight(dataDirectory: memoized.dataDirectory, rules: .library)
        let text = Self.trickyLines.joined(separator: "\n")
        for language in Self.appLanguages(memoized) {
            XCTAssertEqual(memoized.highlight(text, language: language), library.highlight(text, language: language), language)
            for line in Self.trickyLines {
                XCTAssertEqual(memoized.highlight(line, language: language), library.highlight(line, language: language),
                               "\(language): \(line)")
            }
        }
    }

    /// A definition written for this test, with patterns that depend on where a search starts (`\<`, `\b`, `\B`,
    /// `^`, `\A`, `\G`, lookbehind, `\K`) placed before the rules that end tokens in front of them, and a state
    /// entered with a back reference. Each line reaches one case where a remembered search must not be reused
    /// as it is (breaking any one of those checks in the shim makes at least one line differ: "zif", "bb #! c",
    /// "azz", "x-12", "qxy").
    func testPatternsThatDependOnTheSearchStartGetTheLibrarysTokens() throws {
        let temporary = try TemporaryDirectory("stackterm-memo")
        defer { temporary.remove() }
        let directory = temporary.url
        try "edge = edge.lang\n".write(to: directory.appendingPathComponent("lang.map"), atomically: true, encoding: .utf8)
        // `(?=#!)` matches nothing, so it leaves MatchingParameters::beginningOfLine true for `^` at the next token;
        // no line has "#!" after another token (the library would loop on an empty match there).
        let definition = #"""
        keyword = '\<(?:if|then)\>'
        function = '\bfn\b'
        usertype = '\B_\B'
        comment = '^[[:blank:]]*#.*'
        preproc = '\Aimport'
        number = '(?<=-)[[:digit:]]+'
        string = '[[:digit:]]+(?=px)'
        todo = 'x\Ky'
        type = '\Gz+'
        normal = '(?=#!)'
        classname = 'a|qx'
        symbol = '[-.]'
        environment regexp delim `<<([[:alpha:]]+)` @{1} multiline begin
          keyword = "then"
        end
        """#
        try definition.write(to: directory.appendingPathComponent("edge.lang"), atomically: true, encoding: .utf8)
        let memoized = SourceHighlight(dataDirectory: directory.path)
        let library = SourceHighlight(dataDirectory: directory.path, rules: .library)
        let lines = [
            "import zz import if then ifthen xif if", "zzz zz", "  # a comment", "x # not a comment", "-12 - 3 -4x 5px",
            "x-12", "fn fnx xfn fn_ fn zfn", "xyxy xy", "qxy", "<<END then END if <<A A", "a_b _ a__b z_", "if-if -if- ifif",
            "zif zz\tif", "zif", "azz", "bb #! c", "é if\u{301} if", "", "   ", "if", "#",
        ]
        let text = lines.joined(separator: "\n")
        guard case .tokens(let all) = library.highlight(text, language: "edge"), all.count > 20 else {
            return XCTFail("the test definition loads and highlights: \(library.highlight(text, language: "edge"))")
        }
        XCTAssertEqual(memoized.highlight(text, language: "edge"), .tokens(all))
        for line in lines {
            XCTAssertEqual(memoized.highlight(line, language: "edge"), library.highlight(line, language: "edge"), line)
        }
    }
}
