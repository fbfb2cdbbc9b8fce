import XCTest
import StackAPI

final class HTMLEntitiesTests: XCTestCase {
    func testDecodingTable() {
        let table: [(String, String)] = [
            ("What&#39;s new", "What's new"),
            ("&quot;quoted&quot;", "\"quoted\""),
            ("a &lt;b&gt; &amp; c", "a <b> & c"),
            ("hex &#x27; and &#X27;", "hex ' and '"),
            ("emoji &#128512; &#x1F600;", "emoji 😀 😀"),
            ("Gr&#233;goire", "Grégoire"),
            ("&apos;&hellip;&nbsp;&mdash;&rsquo;&ndash;&copy;&euro;&alpha;&Omega;", "'…\u{A0}—’–©€αΩ"),
            ("&lbrack;x&rbrack; &check;", "[x] ✓"),
            // Double-escaped text is decoded exactly once.
            ("&amp;#39;", "&#39;"),
            ("&amp;amp;", "&amp;"),
            ("&amp;quot;", "&quot;"),
            // Malformed and unknown references stay as written.
            ("&foo;", "&foo;"),
            ("&#xZZ;", "&#xZZ;"),
            ("&#;", "&#;"),
            ("&#x;", "&#x;"),
            ("&;", "&;"),
            ("AT&T", "AT&T"),
            ("a & b", "a & b"),
            ("trailing &", "trailing &"),
            ("&amp no semicolon", "&amp no semicolon"),
            ("&#39", "&#39"),
            ("&AMP;&amp;", "&&"),
            ("&Amp;", "&Amp;"),
            ("&#12a;", "&#12a;"),
            // Out of range, surrogates and NUL become U+FFFD.
            ("&#x110000;", "\u{FFFD}"),
            ("&#xD800;", "\u{FFFD}"),
            ("&#57343;", "\u{FFFD}"),
            ("&#0;", "\u{FFFD}"),
            ("&#99999999999;", "\u{FFFD}"),
            ("", ""),
            ("plain text", "plain text"),
            ("日本語&amp;中文", "日本語&中文"),
        ]
        for (input, expected) in table {
            XCTAssertEqual(HTMLEntities.decode(input), expected, input)
        }
    }

    func testVeryLongReferenceLikeRunsStayAsWritten() {
        let long = "&" + String(repeating: "a", count: 200) + ";"
        XCTAssertEqual(HTMLEntities.decode(long), long)
        let digits = "&#" + String(repeating: "9", count: 40) + ";"
        XCTAssertEqual(HTMLEntities.decode(digits), digits)
    }

    func testEscapeThenDecodeIsIdentity() {
        for text in ["What's <new> & \"improved\"", "&#39;", "&amp;", "plain", "日本 & 😀", "", "&", "<>"] {
            XCTAssertEqual(HTMLEntities.decode(HTMLEntities.escape(text)), text)
        }
        XCTAssertEqual(HTMLEntities.escape(#"a'b"c<d>e&f"#), "a&#39;b&quot;c&lt;d&gt;e&amp;f")
    }

    func testModelsDecodeTitlesExactlyOnce() throws {
        let json = #"{"items":[{"question_id":1,"title":"&amp;#39; &#39;","creation_date":0,"tags":["c&#43;&#43;"],"#
            + #""owner":{"display_name":"Ren&#233;"},"body":"<p>&amp;lt;</p>"}]}"#
        let question = try ResponseDecoder.decode(Question.self, from: Data(json.utf8), httpStatus: 200).get().items[0]
        XCTAssertEqual(question.title, "&#39; '")
        XCTAssertEqual(question.tags, ["c++"])
        XCTAssertEqual(question.owner?.displayName, "René")
        XCTAssertEqual(question.body, "<p>&amp;lt;</p>", "bodies stay HTML")
    }
}
