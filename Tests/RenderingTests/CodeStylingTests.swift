import AppCore
import Foundation
import StackAPI
import TestSupport
import TextEngine
import XCTest
@testable import Rendering

/// Code blocks drawn with a `CodeStyler`: the classes it is given, colours on the same rows as plain, where
/// each block lies (for `Y`), and the thread-level flag that a coloured layout is still to come.
final class CodeStylingTests: XCTestCase {
    /// Colours every character of a block in turn (keyword, string…) so any misplaced row or span shows.
    private struct StripedStyler: CodeStyler {
        let answer: @Sendable (_ cachedOnly: Bool) -> Bool
        static let styles = [CellStyle(.bold, color: .codeKeyword), CellStyle(color: .codeString)]

        func styling(code: String, classes: String, tags: [String], cachedOnly: Bool) -> CodeStyling {
            guard answer(cachedOnly) else { return .notReady }
            var lines = code.split(separator: "\n", omittingEmptySubsequences: false)
            if code.hasSuffix("\n") { lines.removeLast() }
            return .styled(lines.map { line in
                StyledLine(line.enumerated().map { StyledSpan(String($0.element), style: Self.styles[$0.offset % 2]) })
            })
        }
    }

    private static let html = "<p>Intro</p><pre class=\"lang-python prettyprint-override\"><code>if a &lt; b:\n\treturn  x   # long comment 中文\nprint(e\u{301})\n</code></pre><p>after</p>"

    private func render(_ html: String, width: Int, styler: StripedStyler?) -> RenderedDocument {
        HTMLRenderer.render(html: html, width: width, styleCode: styler.map { styler in
            { code, classes in styler.styling(code: code, classes: classes, tags: [], cachedOnly: false) }
        }, isCancelled: { false })!
    }

    func testTheStylerSeesTheClassesOfPreAndCode() {
        var seen: [String] = []
        _ = HTMLRenderer.render(html: "<pre class=\"lang-js\"><code class=\"hljs language-js\">x</code></pre><pre><code>y</code></pre>",
                                width: 40, styleCode: { _, classes in seen.append(classes); return .plain }, isCancelled: { false })
        XCTAssertEqual(seen.map { $0.split(separator: " ") }, [["lang-js", "hljs", "language-js"], []])
    }

    func testStyledBlocksTakeExactlyThePlainRowsAtEveryWidth() {
        for width in [6, 9, 16, 40, 100] {
            let plain = render(Self.html, width: width, styler: nil)
            let styled = render(Self.html, width: width, styler: StripedStyler { _ in true })
            XCTAssertEqual(styled.plainLines, plain.plainLines, "width \(width)")
            XCTAssertNotEqual(styled.lines, plain.lines, "width \(width): colours changed")
            XCTAssertEqual(styled.codePlacements, plain.codePlacements, "width \(width)")
        }
    }

    func testStyledSpansKeepTheirStylesThroughTabsAndWrapping() {
        let document = render("<pre>\tab\n</pre>", width: 5, styler: StripedStyler { _ in true })
        XCTAssertEqual(document.plainLines, ["     ", "↪  ab"], "the tab becomes 4 columns, then the line breaks after 3")
        XCTAssertEqual(document.lines[0].spans.last, StyledSpan("   ", style: StripedStyler.styles[0]), "the tab's spaces keep its style")
        XCTAssertEqual(document.lines[1].spans.dropFirst().map(\.style),
                       [StripedStyler.styles[0], StripedStyler.styles[1], StripedStyler.styles[0]])
    }

    func testALineWhoseTextDiffersFromTheBlockIsDrawnPlain() {
        let document = HTMLRenderer.render(html: "<pre>abc</pre>", width: 20, styleCode: { _, _ in
            .styled([StyledLine("xyz", style: CellStyle(color: .codeKeyword))])
        }, isCancelled: { false })!
        XCTAssertEqual(document.plainLines, ["  abc"])
        XCTAssertEqual(document.lines[0].spans.last?.style, CellStyle(color: .code))
    }

    func testPlacementsNameTheRowsOfEachBlock() {
        let html = "<p>one</p><pre>a\nb\n</pre><blockquote><pre>c</pre></blockquote><table><tr><td><pre>in a cell</pre></td></tr></table>"
        let document = render(html, width: 40, styler: nil)
        XCTAssertEqual(document.codeBlocks.count, 3)
        XCTAssertEqual(document.codePlacements.map(\.text), ["a\nb\n", "c"], "a block inside a table cell is inline, not placed")
        for placement in document.codePlacements {
            let rows = document.plainLines[placement.rows].map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " │")) }
            XCTAssertEqual(rows.joined(separator: "\n") + (placement.text.hasSuffix("\n") ? "\n" : ""), placement.text)
        }
    }

    func testAThreadLayoutPlacesBlocksOfEveryPostAndSaysWhenColoursAreMissing() throws {
        let question = Fixtures.question(id: 1, title: "Q", tags: ["python"], body: "<p>q</p><pre>question code</pre>")
        let answer = Answer(answerID: 2, questionID: 1, creationDate: Date(timeIntervalSince1970: 0), body: "<pre>answer code\nline 2</pre>")
        var thread = QuestionState(questionID: 1, summary: question)
        thread.thread = QuestionThread(question: question, answers: [answer])
        let now = Date(timeIntervalSince1970: 1_000)
        let notYet = try XCTUnwrap(ThreadDocument.layout(for: thread, width: 60, now: now,
                                                         code: (StripedStyler { !$0 }, true), isCancelled: { false }))
        XCTAssertTrue(notYet.codeAwaitingStyle)
        XCTAssertEqual(notYet.codeBlocks.map(\.text), ["question code", "answer code\nline 2"])
        for block in notYet.codeBlocks {
            XCTAssertEqual(notYet.lines[block.rows].map { $0.text.trimmingCharacters(in: .whitespaces) }.joined(separator: "\n"), block.text)
        }
        let coloured = try XCTUnwrap(ThreadDocument.layout(for: thread, width: 60, now: now,
                                                           code: (StripedStyler { !$0 }, false), isCancelled: { false }))
        XCTAssertFalse(coloured.codeAwaitingStyle)
        XCTAssertEqual(coloured.lines.map(\.text), notYet.lines.map(\.text))
        XCTAssertEqual(coloured.anchors, notYet.anchors)
        XCTAssertEqual(coloured.codeBlocks, notYet.codeBlocks)
        XCTAssertTrue(coloured.lines[coloured.codeBlocks[0].rows.lowerBound].spans.contains { $0.style == StripedStyler.styles[0] })
        XCTAssertFalse(ThreadDocument.layout(for: thread, width: 60, now: now).codeAwaitingStyle, "no styler, nothing to wait for")
    }
}
