import AppCore
@testable import TerminalUI
import XCTest

/// Bracketed paste taken out of the reads: the text between `ESC [ 200 ~` and `ESC [ 201 ~` is one `Key.paste` per
/// read, its line breaks and letters no keys; the markers may be cut by the end of a read.
final class BracketedPasteTests: XCTestCase {
    private func inputs(_ text: String) -> [CursesInput] {
        text.unicodeScalars.map { .character($0.value) }
    }

    func testAPasteInOneReadIsOneKeyBetweenTheKeysAroundIt() {
        var state = BracketedPasteState()
        let keys = KeyDecoder.decode(inputs("j\u{1B}[200~a\nQ\u{1B}[201~k"), paste: &state)
        XCTAssertEqual(keys, [.character("j"), .paste("a\nQ"), .character("k")])
    }

    func testAPasteOverSeveralReadsComesAsOnePiecePerRead() {
        var state = BracketedPasteState()
        XCTAssertEqual(KeyDecoder.decode(inputs("\u{1B}[200~abc"), paste: &state), [.paste("abc")])
        XCTAssertEqual(KeyDecoder.decode(inputs("def\n"), paste: &state), [.paste("def\n")])
        XCTAssertEqual(KeyDecoder.decode(inputs("g\u{1B}[201~\r"), paste: &state), [.paste("g"), .enter])
    }

    func testAnEndMarkerCutByTheEndOfAReadIsHeldForTheNext() {
        var state = BracketedPasteState()
        XCTAssertEqual(KeyDecoder.decode(inputs("\u{1B}[200~xy\u{1B}[2"), paste: &state), [.paste("xy")])
        XCTAssertEqual(KeyDecoder.decode(inputs("01~q"), paste: &state), [.character("q")])
    }

    func testAStartMarkerCutByTheEndOfAReadIsHeldButALoneEscIsNot() {
        var state = BracketedPasteState()
        XCTAssertEqual(KeyDecoder.decode(inputs("j\u{1B}[20"), paste: &state), [.character("j")])
        XCTAssertEqual(KeyDecoder.decode(inputs("0~ab\u{1B}[201~"), paste: &state), [.paste("ab")])
        XCTAssertEqual(KeyDecoder.decode(inputs("\u{1B}"), paste: &state), [.escape], "Esc pressed last acts at once")
    }

    func testWithoutMarkersKeysAreKeysAndOtherSequencesAreStillDropped() {
        var state = BracketedPasteState()
        XCTAssertEqual(KeyDecoder.decode(inputs("j\r\u{1B}[5;2~k"), paste: &state), [.character("j"), .enter, .character("k")])
    }
}
