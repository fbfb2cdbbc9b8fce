import XCTest
@testable import TextEngine

final class HTMLTokenizerTests: XCTestCase {
    func testTagsAndAttributes() {
        XCTAssertEqual(HTMLTokenizer.tokens("<A HREF=\"/q/1?a=1&amp;b=2\" title='x y' data-n=5 disabled>t</a><br/>"), [
            .startTag(.a, attributes: ["href": "/q/1?a=1&b=2", "title": "x y", "data-n": "5", "disabled": ""], selfClosing: false),
            .text("t"), .endTag(.a), .startTag(.br, attributes: [:], selfClosing: true),
        ])
    }

    func testTextThatLooksLikeMarkup() {
        XCTAssertEqual(HTMLTokenizer.tokens("a < b <socket: 11> <T> <a href=\"x"), [.text("a < b <socket: 11> <T> <a href=\"x")])
        XCTAssertEqual(HTMLTokenizer.tokens("1 <2 </nope> <p"), [.text("1 <2 </nope> <p")])
    }

    func testCommentsDeclarationsAndRawText() {
        XCTAssertEqual(HTMLTokenizer.tokens("<!DOCTYPE html>a<!-- <p>x</p> -->b<script>if (a<b) {}</script>c"), [
            .text("ab"), .startTag(.script, attributes: [:], selfClosing: false), .endTag(.script), .text("c"),
        ])
    }

    func testLineEndingsAreNormalised() {
        XCTAssertEqual(HTMLTokenizer.tokens("a\r\nb\rc"), [.text("a\nb\nc")])
    }
}
