@testable import StackDouble
import XCTest

/// The double's own Markdown for written posts: the blocks and inline marks it knows, and that no HTML gets through.
final class MarkdownLiteTests: XCTestCase {
    func testParagraphsAndFencedCode() {
        let html = MarkdownLite.html("First line\nsame paragraph\n\n```\nlet a = b < c && d\n```\nAfter")
        XCTAssertEqual(html, """
            <p>First line
            same paragraph</p>

            <pre><code>let a = b &lt; c &amp;&amp; d
            </code></pre>

            <p>After</p>

            """)
    }

    func testEveryTagIsEscapedAndOnlyHTTPLinksAreLinks() {
        XCTAssertEqual(MarkdownLite.inline("<script>alert(1)</script> & [x](javascript:alert(1))"),
                       "&lt;script&gt;alert(1)&lt;/script&gt; &amp; [x](javascript:alert(1))")
        XCTAssertEqual(MarkdownLite.inline("[a \"b\"](https://e.org/?q=\"x\"&y)"),
                       "<a href=\"https://e.org/?q=&quot;x&quot;&amp;y\" rel=\"nofollow noreferrer\">a \"b\"</a>")
        XCTAssertEqual(MarkdownLite.inline("**bold** and *em* `**not**` * lone"),
                       "<strong>bold</strong> and <em>em</em> <code>**not**</code> * lone")
    }

    func testUnclosedMarksStayText() {
        XCTAssertEqual(MarkdownLite.inline("2 * 3 and `open and **never"), "2 * 3 and `open and **never")
        let many = String(repeating: "[x](", count: 5_000)
        XCTAssertEqual(MarkdownLite.inline(many).count, many.count, "nothing to replace, nothing lost")
    }
}
