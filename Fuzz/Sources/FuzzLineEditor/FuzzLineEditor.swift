import AppCore
import FuzzSupport
import Rendering
import TextEngine

/// A byte stream read as key presses to `LineEditor`, with its view drawn after every key.
///
/// Byte 0 picks the view width (0…63). Then each byte is one key: 0x00-0x1F are named keys and Ctrl-letters
/// (see `key(for:)`); 0x20-0x7E are those ASCII characters; 0x7F-0xFE pick from a few multi-scalar
/// graphemes (combining marks, CJK, emoji with ZWJ and skin tone, flags, a lone regional indicator, CR LF),
/// so that grapheme joins across inserts and deletes get exercised; 0xFF is a bracketed paste of a few of them,
/// with line breaks and control characters. A few earlier entries make Up/Down walk a history. Checks: the cursor stays within the text, the text never holds a control character, and the
/// view keeps `LineEditorView`'s promise (never wider than the field, cursor column inside it).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLineEditor(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    fuzzInput(bytes, count, run)
}

private func run(_ first: UInt8, _ rest: UnsafeBufferPointer<UInt8>) {
    let width = Int(first) % 64
    var editor = LineEditor(history: history)
    for byte in rest {
        let key = key(for: byte)
        let outcome = editor.handle(key)
        require(editor.cursor >= 0 && editor.cursor <= editor.text.count, "cursor \(editor.cursor) outside \(editor.text.count)")
        require(!editor.text.unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) }, "control character in text")
        let view = LineEditorView.visible(editor, width: width)
        if width >= 1 {
            require(TextWidth.of(view.text) <= width, "view of \(TextWidth.of(view.text)) columns at width \(width)")
            require(view.cursorColumn >= 0 && view.cursorColumn < width, "cursor column \(view.cursorColumn) at width \(width)")
        }
        switch outcome {
        case .editing: break
        case .submitted(let text): _ = LineEditor.recording(text, in: history, limit: 3)
        case .cancelled: editor = LineEditor(text: editor.text, history: history)
        }
    }
}

private let history = ["swift", "", "naïve café", "日本語 テキスト", "👩‍👩‍👧 e\u{301}"]

private let graphemes: [Character] = [
    "e\u{301}", "\u{301}", "\u{20DD}", "日", "ｱ", "👍", "👍🏽", "👩‍💻", "\u{200D}", "🇯🇵", "🇯", "\u{1F3FD}",
    "\r\n", "\u{FE0F}", "é", "ß", "\u{00A0}", "\u{2028}", "\u{202E}", "\u{E000}", "\u{FFFD}", "a\u{0308}\u{0323}",
    "\u{1100}\u{1161}\u{11A8}", "\u{1100}", "\u{1161}", "ก\u{0E33}", "\u{0E33}", " ", "\t",
]

private func key(for byte: UInt8) -> Key {
    switch byte {
    case 0x00: return .left
    case 0x01: return .control("a")
    case 0x02: return .control("b")
    case 0x03: return .right
    case 0x04: return .control("d")
    case 0x05: return .control("e")
    case 0x06: return .control("f")
    case 0x07: return .home
    case 0x08: return .backspace
    case 0x09: return .tab
    case 0x0A: return .enter
    case 0x0B: return .control("k")
    case 0x0C: return .end
    case 0x0D: return .delete
    case 0x0E: return .down
    case 0x0F: return .up
    case 0x10: return .control("p")
    case 0x11: return .pageUp
    case 0x12: return .pageDown
    case 0x13: return .function(1)
    case 0x14: return .control("H")
    case 0x15: return .control("u")
    case 0x16: return .control("U")
    case 0x17: return .control("w")
    case 0x18: return .control("W")
    case 0x19: return .character("\u{7F}")
    case 0x1A: return .character("\u{1B}")
    case 0x1B: return .escape
    case 0x1C: return .control("é")
    case 0x1D: return .character("\u{85}")
    case 0x1E: return .character("\n")
    case 0x1F: return .control("\u{301}")
    case 0x20...0x7E: return .character(Character(Unicode.Scalar(byte)))
    // A bracketed paste, control characters and all; short, since the view is drawn after every key (quadratic in
    // the text here, where the program draws once per read): a paste of every grapheme took 0.8 s at 393 bytes.
    case 0xFF: return .paste("x\r\ny\t\u{1B}" + String(graphemes.prefix(3)))
    default: return .character(graphemes[Int(byte - 0x7F) % graphemes.count])
    }
}
