import XCTest
@testable import TextEngine

/// One hand-written case per rendering rule.
final class HTMLRendererRuleTests: XCTestCase {
    private func render(_ html: String, width: Int = 40) -> [String] {
        HTMLRenderer.render(html: html, width: width).plainLines
    }

    func testParagraphsWrapWithOneBlankLineBetween() {
        XCTAssertEqual(render("<p>one two three four</p>\n\n<p>five</p>", width: 10), ["one two", "three four", "", "five"])
    }

    func testHeadingsAreBoldAndTopLevelsUnderlinedInAccent() {
        let document = HTMLRenderer.render(html: "<h1>Big</h1><h3>Small</h3>", width: 20)
        XCTAssertEqual(document.plainLines, ["Big", "", "Small"])
        XCTAssertEqual(document.lines[0].spans[0].style, CellStyle([.bold, .underline], color: .accent))
        XCTAssertEqual(document.lines[2].spans[0].style, CellStyle(.bold))
    }

    func testInlineStyles() {
        let document = HTMLRenderer.render(html: "<p><em>i</em> <strong>b</strong> <del>d</del> <code>c</code> x<sup>2</sup></p>", width: 40)
        XCTAssertEqual(document.plainLines, ["i b d c x2"])
        let styles = document.lines[0].spans.map(\.style)
        XCTAssertTrue(styles.contains(CellStyle(.italic)))
        XCTAssertTrue(styles.contains(CellStyle(.bold)))
        XCTAssertTrue(styles.contains(CellStyle(.dim)))
        XCTAssertTrue(styles.contains(CellStyle(color: .code)))
    }

    func testKeyboardBreakAndRule() {
        XCTAssertEqual(render("<p>Press <kbd>Ctrl</kbd>+<kbd>C</kbd><br>now</p><hr><p>after</p>", width: 12),
                       ["Press", "[Ctrl]+[C]", "now", "", "────────────", "", "after"])
    }

    func testCodeBlockIsVerbatimIndentedWithContinuationMarks() {
        let document = HTMLRenderer.render(html: "<pre><code>if a &lt; b {\n\treturn  x   // long comment\n}\n</code></pre>", width: 16)
        XCTAssertEqual(document.codeBlocks, ["if a < b {\n\treturn  x   // long comment\n}\n"])
        XCTAssertEqual(document.plainLines, ["  if a < b {", "      return  x ", "↪   // long comm", "↪ ent", "  }"])
        XCTAssertEqual(document.lines[2].spans[0], StyledSpan("↪ ", style: CellStyle(color: .muted)))
        XCTAssertEqual(document.lines[0].spans.last?.style.color, .code)
    }

    func testNestedListsUseBulletsByDepthAndHangingIndent() {
        let html = "<ul><li>one</li><li>two words wrap<ul><li>inner<ul><li>deep</li></ul></li></ul></li></ul><ol start=\"3\"><li>three</li><li>four</li></ol>"
        XCTAssertEqual(render(html, width: 12), ["• one", "• two words", "  wrap", "  ◦ inner", "    ▪ deep", "", "3. three", "4. four"])
    }

    func testListItemsWithParagraphs() {
        XCTAssertEqual(render("<p>Intro</p><ul><li><p>a</p><p>b</p></li><li><p>c</p></li></ul><p>End</p>"),
                       ["Intro", "", "• a", "", "  b", "• c", "", "End"])
    }

    func testNestedBlockquotesGetMoreBars() {
        XCTAssertEqual(render("<blockquote><p>outer text</p><blockquote><p>inner</p></blockquote></blockquote><p>after</p>", width: 12),
                       ["│ outer text", "│", "│ │ inner", "", "after"])
    }

    func testTableFitsAsGrid() {
        let html = "<table><thead><tr><th>Name</th><th>Size</th></tr></thead><tbody><tr><td>a</td><td>10</td></tr><tr><td>long name</td><td>2</td></tr></tbody></table>"
        let document = HTMLRenderer.render(html: html, width: 40)
        XCTAssertEqual(document.plainLines, ["Name      │ Size", "──────────┼─────", "a         │ 10", "long name │ 2"])
        XCTAssertTrue(document.lines[0].spans[0].style.attributes.contains(.bold))
    }

    func testTableTooWideFallsBackToHeaderValueLines() {
        let html = "<table><tr><th>Annotation</th><th>Meaning</th></tr><tr><td>@Component</td><td>generic stereotype for any component</td></tr><tr><td>@Service</td><td>service layer</td></tr></table>"
        XCTAssertEqual(render(html, width: 24), [
            "Annotation: @Component", "Meaning: generic", "  stereotype for any", "  component", "",
            "Annotation: @Service", "Meaning: service layer",
        ])
    }

    func testImagesAndLinkNumbering() {
        let html = "<p><a href=\"https://a.example/x\">first</a>, <a href=\"/questions/1\">second</a>, <a href=\"https://a.example/x\">again</a> <img src=\"i.png\" alt=\"a cat\"> <img src=\"j.png\"></p>"
        let document = HTMLRenderer.render(html: html, width: 80)
        XCTAssertEqual(document.links, ["https://a.example/x", "/questions/1"])
        XCTAssertEqual(document.plainLines, ["first[1], second[2], again[1] [image: a cat] [image]", "", "[1] https://a.example/x", "[2] /questions/1"])
        XCTAssertEqual(document.bodyLineCount, 1)
    }

    func testLongURLInLinkListIsBrokenNotCut() {
        let document = HTMLRenderer.render(html: "<a href=\"https://example.com/a/very/long/path\">x</a>", width: 16)
        XCTAssertEqual(Array(document.plainLines.dropFirst(2)), ["[1] https://exam", "    ple.com/a/ve", "    ry/long/path"])
        XCTAssertTrue(document.lines.allSatisfy { $0.width <= 16 })
    }

    func testLessThanThatIsNotATagIsText() {
        XCTAssertEqual(render("<p>if a < b and <socket: 11> or List<T> then</p>", width: 80), ["if a < b and <socket: 11> or List<T> then"])
        XCTAssertEqual(render("x <!-- hidden --> y <!-- unterminated"), ["x y <!-- unterminated"])
    }

    func testUnclosedAndMisnestedTagsNeverLoseText() {
        XCTAssertEqual(render("<p>a <b>bold <i>both</b> italic</i> end<p>next <ul><li>item"), ["a bold both italic end", "", "next", "", "• item"])
        XCTAssertEqual(render("<blockquote><ul><li>x</blockquote>after"), ["│ • x", "", "after"])
        XCTAssertEqual(render("<pre><code>never closed"), ["  never closed"])
        XCTAssertEqual(render("<table><tr><td>cell"), ["cell"])
        XCTAssertEqual(render("</p></li></blockquote>stray ends"), ["stray ends"])
    }

    func testEntitiesDecodedExactlyOnce() {
        XCTAssertEqual(render("<p>&amp;lt; &lt;b&gt; &#39;q&#x27; &quot; &nbsp;&copy; &bogus; &amp</p>"), ["&lt; <b> 'q' \" \u{A0}© &bogus; &amp"])
    }

    func testScriptAndStyleDroppedUnknownTagsKept() {
        XCTAssertEqual(render("<script>alert(1)</script><style>p{}</style><p><span>kept</span> <mark>too</mark> $x^2$</p>"), ["kept too $x^2$"])
    }

    func testEscapeSequencesInBodiesAreRemoved() {
        XCTAssertEqual(render("<p>a&#27;]0;title&#7;b \u{1B}[2Jc</p>"), ["ab c"])
    }

    func testDeepNestingAtNarrowWidthKeepsContentColumns() {
        let html = "<blockquote><blockquote><blockquote><blockquote><p>deep words</p></blockquote></blockquote></blockquote></blockquote>"
        let lines = render(html, width: 10)
        XCTAssertTrue(lines.allSatisfy { TextWidth.of($0) <= 10 })
        XCTAssertEqual(lines.joined().filter { $0.isLetter }, "deepwords")
    }

    /// Found by Fuzz/run.sh (html's near-1 MB inputs): 60,000 nested `<ul><li>` took 29 s, every line paying for
    /// every open container. Past `RenderLimits.maximumDepth` levels render flat (prefixes cached); text is kept
    /// and the end tags still lead back out.
    func testVeryDeepNestingKeepsTextAndClosesBackToTheTop() {
        let depth = 3_000
        let html = String(repeating: "<ul><li>x", count: depth) + String(repeating: "</li></ul>", count: depth)
            + "<blockquote>" + String(repeating: "<blockquote>", count: depth) + "q" + String(repeating: "</blockquote>", count: depth)
            + "</blockquote><p>after</p>"
        let lines = render(html, width: 80)
        XCTAssertTrue(lines.allSatisfy { TextWidth.of($0) <= 80 })
        XCTAssertEqual(lines.joined().filter { $0 == "x" }.count, depth)
        XCTAssertEqual(lines.joined().filter { $0 == "q" }.count, 1)
        XCTAssertEqual(lines.last, "after")
        XCTAssertEqual(lines.first, "(nested deeper than 32 levels: the deeper levels are shown flat)")
        XCTAssertEqual(Array(lines.dropFirst(2).prefix(3)), ["• x", "  ◦ x", "    ▪ x"])
    }
}
