import Foundation
import Highlighting
import TestSupport
import XCTest

/// libsource-highlight through the C shim: tokens, and plain text whenever it cannot help.
final class SourceHighlightTests: XCTestCase {
    /// The installed library, or a skip saying how to install its definitions.
    static func installed() throws -> SourceHighlight {
        let library = SourceHighlight()
        guard library.dataDirectory != nil else {
            throw XCTSkip("SKIPPED: source-highlight's data directory is missing (apt-get install libsource-highlight-dev)")
        }
        return library
    }

    func testAPythonSnippetGivesKeywordNumberAndCommentTokens() throws {
        let library = try Self.installed()
        guard case .tokens(let tokens) = library.highlight("def answer():\n    return 42  # the answer\n", language: "python") else {
            return XCTFail("python is highlighted")
        }
        XCTAssertTrue(tokens.contains(SourceHighlight.Token(line: 0, bytes: 0..<3, tokenClass: .keyword)), "\(tokens)")
        XCTAssertTrue(tokens.contains(SourceHighlight.Token(line: 1, bytes: 4..<10, tokenClass: .keyword)), "\(tokens)")
        XCTAssertTrue(tokens.contains(SourceHighlight.Token(line: 1, bytes: 11..<13, tokenClass: .number)), "\(tokens)")
        XCTAssertTrue(tokens.contains { $0.line == 1 && $0.tokenClass == .comment && $0.bytes.lowerBound == 15 }, "\(tokens)")
    }

    func testOffsetsAreUTF8BytesWithinTheLine() throws {
        let library = try Self.installed()
        guard case .tokens(let tokens) = library.highlight("x = \"héllo\" # ünï", language: "python") else { return XCTFail() }
        let string = try XCTUnwrap(tokens.first { $0.tokenClass == .string })
        XCTAssertEqual(string.bytes, 4..<12, "\"héllo\" is 8 bytes from byte 4")
        XCTAssertEqual(tokens.first { $0.tokenClass == .comment }?.bytes.lowerBound, 13)
    }

    func testALineTooLongForTheLibraryStaysPlainAndTheOthersAreHighlighted() throws {
        let library = try Self.installed()
        let long = "x = [" + (0..<4000).map(String.init).joined(separator: ", ") + "]"
        XCTAssertGreaterThan(long.utf8.count, SourceHighlight.maximumLineBytes)
        guard case .tokens(let tokens) = library.highlight("def f():\n" + long + "\n    return 1\n", language: "python") else {
            return XCTFail()
        }
        XCTAssertFalse(tokens.contains { $0.line == 1 }, "the long line is skipped")
        XCTAssertTrue(tokens.contains { $0.line == 0 && $0.tokenClass == .keyword })
        XCTAssertTrue(tokens.contains { $0.line == 2 && $0.tokenClass == .keyword }, "lines after it still count")
    }

    func testAnUnknownLanguageIsPlain() throws {
        let library = try Self.installed()
        XCTAssertEqual(library.highlight("let x = 1", language: "no-such-language"), .plain(.unknownLanguage("no-such-language")))
        XCTAssertFalse(library.knows("no-such-language"))
        XCTAssertTrue(library.knows("haskell"))
    }

    func testAMissingDataDirectoryIsPlainNotAnError() {
        let missing = SourceHighlight(dataDirectory: "/nonexistent/source-highlight")
        XCTAssertEqual(missing.highlight("int x;", language: "c"), .plain(.noDataDirectory))
        XCTAssertEqual(SourceHighlight(dataDirectory: nil).highlight("int x;", language: "c"), .plain(.noDataDirectory))
        XCTAssertNil(SourceHighlight.dataDirectory(environment: ["SOURCE_HIGHLIGHT_DATADIR": "/nonexistent"]).flatMap {
            $0 == "/nonexistent" ? $0 : nil
        }, "a directory without lang.map is never chosen")
    }

    func testTheEnvironmentVariableChoosesTheDataDirectory() throws {
        let temporary = try TemporaryDirectory("stackterm-sh")
        defer { temporary.remove() }
        let directory = temporary.url
        try "c = c.lang\n".write(to: directory.appendingPathComponent("lang.map"), atomically: true, encoding: .utf8)
        XCTAssertEqual(SourceHighlight.dataDirectory(environment: ["SOURCE_HIGHLIGHT_DATADIR": directory.path]), directory.path)
        // lang.map names c.lang, which this directory lacks: plain, not a crash.
        XCTAssertEqual(SourceHighlight(dataDirectory: directory.path).highlight("int x;", language: "c"), .plain(.unknownLanguage("c")))
    }

    func testABrokenDefinitionIsReportedAsFailedNotThrown() throws {
        let temporary = try TemporaryDirectory("stackterm-sh")
        defer { temporary.remove() }
        let directory = temporary.url
        try "broken = broken.lang\n".write(to: directory.appendingPathComponent("lang.map"), atomically: true, encoding: .utf8)
        try "keyword = \"unclosed\n(((\n".write(to: directory.appendingPathComponent("broken.lang"), atomically: true, encoding: .utf8)
        guard case .plain(.failed(let message)) = SourceHighlight(dataDirectory: directory.path).highlight("x", language: "broken") else {
            return XCTFail("a definition that does not parse fails softly")
        }
        XCTAssertFalse(message.isEmpty)
    }
}
