import AppCore
import Foundation
import StackAPI
import StackDump
import TestSupport
import TextEngine
import XCTest
@testable import Rendering

/// Three reading details: a quote's bar has no gap where the post starts a second `<blockquote>` right after the
/// first; a link whose text is its URL gets no `[n] URL` footnote repeating it; the licence line's link is never
/// broken in the middle while some form of it fits.
final class QuoteLinkAttributionTests: XCTestCase {
    private func render(_ html: String, width: Int = 40) -> [String] {
        HTMLRenderer.render(html: html, width: width).plainLines
    }

    // MARK: Quote bars

    func testAdjacentQuotesKeepTheBarThroughTheBlankLine() {
        XCTAssertEqual(render("<blockquote><p>one</p></blockquote>\n<blockquote><p>two</p></blockquote><p>after</p>"),
                       ["│ one", "│", "│ two", "", "after"])
        XCTAssertEqual(render("<blockquote><blockquote><p>a</p></blockquote><blockquote><p>b</p></blockquote></blockquote>"),
                       ["│ │ a", "│ │", "│ │ b"])
        XCTAssertEqual(render("<ul><li><blockquote><p>a</p></blockquote><blockquote><p>b</p></blockquote></li></ul>"),
                       ["• │ a", "  │", "  │ b"])
    }

    func testQuotesWithSomethingBetweenStaySeparate() {
        XCTAssertEqual(render("<blockquote><p>a</p></blockquote><p>said</p><blockquote><p>b</p></blockquote>"),
                       ["│ a", "", "said", "", "│ b"])
        XCTAssertEqual(render("<blockquote><p>a</p></blockquote><hr><blockquote><p>b</p></blockquote>", width: 6),
                       ["│ a", "", "──────", "", "│ b"])
    }

    func testEveryLineInsideAQuoteHasItsBar() {
        let html = "<blockquote><p>intro</p><ul><li><p>a</p><p>b</p></li><li>c</li></ul><pre><code>x\n\ny\n</code></pre>"
            + "<p>one<br><br>two</p><table><tr><th>k</th><th>v</th></tr><tr><td>1</td><td>2</td></tr></table><p>end</p></blockquote>"
        let lines = render(html)
        XCTAssertEqual(lines.first, "│ intro")
        XCTAssertEqual(lines.last, "│ end")
        for line in lines { XCTAssertTrue(line.hasPrefix("│"), "\(line) in \(lines)") }
    }

    /// cardano 812 quotes a shell session as one `<blockquote>` per paragraph: it reads as one quote.
    func testARealPostQuotingParagraphByParagraphHasNoGap() throws {
        guard let folder = SharedData.path("dumps/cardano") else {
            throw XCTSkip("shared data not found: set STACKTERM_DATA or put ../shared/data beside the package")
        }
        let post = try XCTUnwrap(try DumpReader.posts(inFolder: folder).first { $0.id == 812 })
        XCTAssertNotNil(post.body.range(of: "</blockquote>\\s*<blockquote>", options: .regularExpression), "the post has adjacent quotes")
        for width in [100, 60, 30] {
            let lines = render(post.body, width: width)
            let quoted = lines.indices.filter { lines[$0].hasPrefix("│") }
            let first = try XCTUnwrap(quoted.first), last = try XCTUnwrap(quoted.last)
            for index in first...last where !lines[index].hasPrefix("│") {
                // Only text outside the quotes (a paragraph of the post's own) may interrupt the bar.
                XCTAssertFalse(lines[index].isEmpty && lines[index + 1].hasPrefix("│") && lines[index - 1].hasPrefix("│"),
                               "a gap in the bar at line \(index), width \(width):\n" + lines.joined(separator: "\n"))
            }
        }
    }

    // MARK: Footnotes

    func testALinkWhoseTextIsItsURLGetsNoFootnote() {
        let html = "<p>See <a href=\"https://example.com/a\">https://example.com/a</a> and <a href=\"https://x.org/doc\">the doc</a>.</p>"
        let document = HTMLRenderer.render(html: html, width: 60)
        XCTAssertEqual(document.plainLines, ["See https://example.com/a[1] and the doc[2].", "", "[2] https://x.org/doc"])
        XCTAssertEqual(document.links, ["https://example.com/a", "https://x.org/doc"], "both stay numbered for the link picker")
        XCTAssertEqual(document.linkTexts, ["https://example.com/a", "the doc"])
    }

    func testTextWithoutTheSchemeOrTrailingSlashStillShowsTheURL() {
        XCTAssertEqual(render("<p><a href=\"https://example.com/a/\">example.com/a</a></p>"), ["example.com/a[1]"])
        XCTAssertEqual(render("<p><a href=\"http://a.b\">\n  http://a.b</a></p>"), ["http://a.b[1]"])
        XCTAssertEqual(render("<p><a href=\"https://a.b/x\">https://a.b/</a></p>"), ["https://a.b/[1]", "", "[1] https://a.b/x"],
                       "a shorter text is not the URL")
    }

    func testALinkShownAsItsURLOnceAndAsWordsElsewhereKeepsItsFootnote() {
        let html = "<p><a href=\"https://a.b/c\">https://a.b/c</a></p><p><a href=\"https://a.b/c\">here</a></p>"
            + "<p><a href=\"https://img.example/x.png\"><img alt=\"diagram\"></a></p>"
        XCTAssertEqual(render(html), ["https://a.b/c[1]", "", "here[1]", "", "[image: diagram][2]", "",
                                      "[1] https://a.b/c", "[2] https://img.example/x.png"])
    }

    func testOnlyURLTextLinksLeaveNoLinkListAtAll() {
        let document = HTMLRenderer.render(html: "<p><a href=\"https://a.b\">https://a.b</a></p>", width: 40)
        XCTAssertEqual(document.plainLines, ["https://a.b[1]"])
        XCTAssertEqual(document.bodyLineCount, 1)
    }

    // MARK: Attribution

    private let slugged = "https://cardano.stackexchange.com/questions/668/how-is-inflation-offsetting-staking-rewards"

    private func attribution(link: String?, width: Int) -> [String] {
        let question = Question(questionID: 668, title: "How is inflation offsetting staking rewards?",
                                creationDate: Date(timeIntervalSince1970: 1_600_000_000), link: link, body: "<p>b</p>")
        var thread = QuestionState(questionID: 668, summary: question)
        thread.thread = QuestionThread(question: question, answers: [])
        let lines = ThreadDocument.lines(for: thread, width: width, now: Date(timeIntervalSince1970: 1_700_000_000)).map(\.text)
        let start = lines.lastIndex { $0.hasPrefix("Posts by their") } ?? lines.count
        return Array(lines[start...])
    }

    func testTheLicenceLinkIsNeverBrokenWhileAFormOfItFits() {
        XCTAssertEqual(attribution(link: slugged, width: 140), ["Posts by their authors, licensed CC BY-SA — " + slugged])
        XCTAssertEqual(attribution(link: slugged, width: 98), ["Posts by their authors, licensed CC BY-SA —", slugged])
        XCTAssertEqual(attribution(link: slugged, width: 78),
                       ["Posts by their authors, licensed CC BY-SA —", "https://cardano.stackexchange.com/q/668"],
                       "too wide for the line: the short form the site redirects from")
        XCTAssertEqual(attribution(link: slugged, width: 39).last, "https://cardano.stackexchange.com/q/668")
        let narrow = attribution(link: slugged, width: 20)
        XCTAssertEqual(narrow.suffix(2).joined(), "https://cardano.stackexchange.com/q/668",
                       "narrower than any form: the short one, cut")
        XCTAssertTrue(narrow.allSatisfy { TextWidth.of($0) <= 20 }, "\(narrow)")
    }

    func testAQuestionWithoutALinkNamesItsNumber() {
        XCTAssertEqual(attribution(link: nil, width: 80), ["Posts by their authors, licensed CC BY-SA — question 668"])
    }
}
