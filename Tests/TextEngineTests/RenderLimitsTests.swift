import XCTest
@testable import TextEngine

/// The bounds of `RenderLimits`: each cut is announced, and hostile bodies render without recursion.
final class RenderLimitsTests: XCTestCase {
    private func nested(_ levels: Int, body: String = "<p>x</p>") -> String {
        String(repeating: "<blockquote>" + body, count: levels) + String(repeating: "</blockquote>", count: levels)
    }

    func testNestingUpToTheLimitIndentsWithoutNotice() {
        let lines = HTMLRenderer.render(html: nested(RenderLimits.maximumDepth), width: 200).plainLines
        XCTAssertFalse(lines.contains(where: { $0.contains("shown flat") }))
        XCTAssertEqual(lines.last, String(repeating: "│ ", count: RenderLimits.maximumDepth) + "x")
    }

    func testLevelsPastTheLimitRenderFlatAfterANotice() {
        let depth = RenderLimits.maximumDepth
        let lines = HTMLRenderer.render(html: nested(depth + 10) + "<p>after</p>", width: 200).plainLines
        XCTAssertEqual(lines.first, RenderLimits.depthNotice)
        XCTAssertEqual(lines[1], "")
        let deepest = String(repeating: "│ ", count: depth) + "x"
        XCTAssertEqual(lines.filter { $0 == deepest }.count, 11, "the limit's level and the ten below it are flat")
        XCTAssertFalse(lines.contains(where: { $0.hasPrefix(String(repeating: "│ ", count: depth + 1)) }))
        XCTAssertEqual(lines.last, "after", "every level closes again")
    }

    func testDeepListsPastTheLimitKeepTheirTextAndAddNoEmptyMarkerLines() {
        let depth = RenderLimits.maximumDepth + 5
        let html = String(repeating: "<ul><li>item", count: depth) + String(repeating: "</li></ul>", count: depth)
        let lines = HTMLRenderer.render(html: html, width: 300).plainLines
        XCTAssertEqual(lines.first, RenderLimits.depthNotice)
        XCTAssertEqual(lines.filter { $0.hasSuffix("item") }.count, depth)
        XCTAssertFalse(lines.dropFirst(2).contains(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }))
    }

    func testAHundredThousandLevelsRenderWithoutRecursion() {
        let levels = 100_000
        let document = HTMLRenderer.render(html: nested(levels), width: 98)
        XCTAssertEqual(document.plainLines.first, RenderLimits.depthNotice)
        XCTAssertEqual(document.plainLines.filter { $0.hasSuffix("x") }.count, levels)
        XCTAssertTrue(document.lines.allSatisfy { $0.width <= 98 })
    }

    func testUnclosedDeepNestingAndStrayEndTagsStayLinear() {
        let html = String(repeating: "<blockquote><ul><li>a", count: 20_000) + String(repeating: "</dd></ol>", count: 20_000)
        let lines = HTMLRenderer.render(html: html, width: 120).plainLines
        XCTAssertEqual(lines.filter { $0.hasSuffix("a") }.count, 20_000)
    }

    func testALongParagraphIsCutWithANotice() {
        let word = "abcdefghi "
        let html = "<p>" + String(repeating: word, count: RenderLimits.maximumLineBytes / word.utf8.count * 3) + "</p><p>next</p>"
        let lines = HTMLRenderer.render(html: html, width: 100).plainLines
        let text = lines.prefix(while: { !$0.isEmpty }).joined()
        XCTAssertTrue(text.hasSuffix(RenderLimits.lineNotice), String(text.suffix(40)))
        XCTAssertLessThanOrEqual(text.utf8.count, RenderLimits.maximumLineBytes + RenderLimits.lineNotice.utf8.count)
        XCTAssertEqual(lines.last, "next")
    }

    func testAParagraphCutInsideAMultiByteCharacterKeepsWholeCharacters() {
        let html = "<p>" + String(repeating: "é", count: RenderLimits.maximumLineBytes) + "</p>"
        let lines = HTMLRenderer.render(html: html, width: 100).plainLines
        XCTAssertFalse(lines.joined().contains("\u{FFFD}"))
        XCTAssertTrue(lines.last?.hasSuffix(RenderLimits.lineNotice) == true)
    }

    func testALongCodeLineIsCutWithANotice() {
        let html = "<pre><code>" + String(repeating: "x", count: RenderLimits.maximumLineBytes + 10) + "\nshort\n</code></pre>"
        let document = HTMLRenderer.render(html: html, width: 1_000)
        XCTAssertEqual(document.plainLines.suffix(2), ["  " + RenderLimits.lineNotice, "  short"])
        XCTAssertEqual(document.codeBlocks.first?.utf8.count, RenderLimits.maximumLineBytes + 17, "the exact text is kept")
    }

    func testABodyPastTheLimitIsCutWithANoticeBeforeTheLinks() {
        let paragraph = "<p>" + String(repeating: "word ", count: 1_000) + "</p>"
        let count = RenderLimits.maximumBodyBytes / paragraph.utf8.count + 2
        let html = "<p><a href=\"https://example.com\">link</a></p>" + String(repeating: paragraph, count: count)
        let document = HTMLRenderer.render(html: html, width: 100)
        let body = document.plainLines.prefix(document.bodyLineCount)
        XCTAssertEqual(body.last, RenderLimits.bodyNotice(totalBytes: html.utf8.count))
        XCTAssertTrue(body.last?.hasPrefix("(body truncated") == true)
        XCTAssertEqual(document.plainLines.last, "[1] https://example.com")
    }

    func testACancelledRenderStopsWithNothing() {
        var asked = 0
        let result = HTMLRenderer.render(html: nested(10_000), width: 80, isCancelled: { asked += 1; return true })
        XCTAssertNil(result)
        XCTAssertEqual(asked, 1, "stops at the first look")
    }

    func testMarkupThatNeverClosesStaysTextWithoutRescanningTheBody() {
        for opener in ["<!--", "<!x", "<?x", "<p class=\"a"] {
            let html = String(repeating: opener + " a ", count: 100_000)
            let lines = HTMLRenderer.render(html: html, width: 100).plainLines
            XCTAssertTrue(lines.first?.hasPrefix(opener + " a " + opener) == true, "\(opener): \(lines.first ?? "")")
            XCTAssertEqual(lines.last.map { String($0.suffix(RenderLimits.lineNotice.count)) }, RenderLimits.lineNotice, opener)
        }
    }

    func testCommentsAndQuotedAttributesStillWorkAroundTheShortcuts() {
        XCTAssertEqual(HTMLRenderer.render(html: "<p>a<!-- x > y -->b</p><p title='>'>c</p>", width: 40).plainLines, ["ab", "", "c"])
        XCTAssertEqual(HTMLRenderer.render(html: "<p>a <!-- open", width: 40).plainLines, ["a <!-- open"])
    }
}
