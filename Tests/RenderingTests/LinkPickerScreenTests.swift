import AppCore
import Foundation
import Rendering
import StackAPI
import TestSupport
import TextEngine
import XCTest

/// The links the link picker lists: each post's `[n]` with the link's text, and the picker's rows.
final class LinkPickerScreenTests: XCTestCase {
    func testTheRendererKeepsEachLinksFirstText() {
        let html = "<p><a href=\"https://a.example/x\">the  <b>first</b>\nlink</a>, <a href=\"/q/1\"></a>, <a href=\"https://a.example/x\">again</a></p>"
        let document = HTMLRenderer.render(html: html, width: 80)
        XCTAssertEqual(document.links, ["https://a.example/x", "/q/1"])
        XCTAssertEqual(document.linkTexts, ["the first link", ""])
    }

    func testTheLayoutMeasuresEveryPostsLinksInOrder() throws {
        var state = QuestionState(questionID: 1, summary: nil)
        let question = Fixtures.question(id: 1, body: "<p>See <a href=\"https://example.com/a\">the docs</a>.</p>")
        let answer = Fixtures.answer(id: 7, question: 1, body: "<p><a href=\"/questions/42\">this</a> and <a href=\"https://x.org\">that</a></p>")
        state.thread = QuestionThread(question: question, answers: [answer])
        let layout = ThreadDocument.layout(for: state, width: 60, now: Date())
        XCTAssertEqual(layout.measure.links, [
            ThreadLink(postID: 1, number: 1, text: "the docs", url: "https://example.com/a"),
            ThreadLink(postID: 7, number: 2, text: "this", url: "/questions/42"),
            ThreadLink(postID: 7, number: 3, text: "that", url: "https://x.org"),
        ])
    }

    func testThePickerShowsNumberTextURLAndPost() {
        var picker = LinkPickerState(links: [
            ThreadLink(postID: 1, number: 1, text: "the docs", url: "https://example.com/a"),
            ThreadLink(postID: 7, number: 2, text: "https://x.org", url: "https://x.org"),
        ], postInView: 1)
        picker.selection = 1
        var thread = QuestionState(questionID: 1, summary: nil)
        thread.thread = QuestionThread(question: Fixtures.question(id: 1), answers: [Fixtures.answer(id: 7, question: 1)])
        var buffer = ScreenBuffer(width: 100, height: 10)
        LinkPickerScreen.draw(picker, thread: thread, keymap: .standard, rows: 8, into: &buffer)
        let lines = buffer.lines
        XCTAssertTrue(lines[0].contains("Links — type a number, Enter follows, o opens in the browser, y copies"), lines[0])
        XCTAssertTrue(lines[2].contains("[1] the docs — https://example.com/a") && lines[2].hasSuffix("question by Asker "), lines[2])
        XCTAssertTrue(lines[3].contains("[2] https://x.org") && lines[3].hasSuffix("answer 1 by Answerer "), lines[3])
    }

    func testTheHeaderNamesTheRemappedKeys() {
        let keymap = Keymap(Keymap.standard.bindings.map { binding in
            switch binding.command {
            case .open: (command: binding.command, keys: [Key.right, .enter])
            case .copyLink: (command: binding.command, keys: [Key.control("y")])
            case .openInBrowser: (command: binding.command, keys: [Key]())
            default: binding
            }
        })
        XCTAssertEqual(LinkPickerScreen.title(keymap), "Links — type a number, Right follows, Ctrl-Y copies")
        var buffer = ScreenBuffer(width: 70, height: 10)
        LinkPickerScreen.draw(LinkPickerState(links: [], postInView: nil), thread: nil, keymap: keymap, rows: 8, into: &buffer)
        XCTAssertTrue(buffer.lines[0].contains("Right follows, Ctrl-Y copies"), buffer.lines[0])
        XCTAssertFalse(buffer.lines[0].contains("Enter"), buffer.lines[0])
    }
}

/// The site and tag pickers' headers and the help screen say what leaves a picker, from the keymap in force; the
/// help screen and `--help` never drop a key, however many a command has.
final class PickerKeysScreenTests: XCTestCase {
    private func remap(_ overrides: [Command: [Key]]) -> Keymap {
        Keymap(Keymap.standard.bindings.map { (command: $0.command, keys: overrides[$0.command] ?? $0.keys) })
    }

    private func header(_ keymap: Keymap) -> String {
        var buffer = ScreenBuffer(width: 100, height: 6)
        PickerScreen.draw(PickerState(purpose: .site), keymap: keymap, rows: 4, into: &buffer)
        return buffer.lines[0]
    }

    func testThePickerHeaderNamesTheKeysThatLeaveIt() {
        XCTAssertTrue(header(.standard).contains("Switch site — type to filter, Enter chooses, Left/Esc back"), header(.standard))
        let remapped = remap([.back: [.character("h"), .control("h")], .cancelOrBack: [.function(2)]])
        XCTAssertTrue(header(remapped).contains("Enter chooses, Ctrl-H/F2 back"), header(remapped))
    }

    func testTheHelpNotesSayWhatTypesAndWhatLeavesAPicker() {
        let lines = HelpScreen.lines(for: .standard)
        XCTAssertEqual(lines.count, PickerKeys.helpLineCount(for: .standard))
        XCTAssertEqual(Array(lines.suffix(5).dropLast()), [
            "", "In the site and tag pickers typing filters (q h Q type too);", "Left Esc go back there, Enter chooses.",
            "In the link picker digits select [n]; the keys above act on its link.",
        ])
        let remapped = remap([.quit: [.character("Q"), .control("q")], .backOrQuit: [.character("x")]])
        XCTAssertEqual(HelpScreen.lines(for: remapped).suffix(4).dropLast(2), [
            "In the site and tag pickers typing filters (x h Q type too);", "Left Esc go back there, Enter chooses, Ctrl-Q quits.",
        ])
    }

    func testEveryKeyIsListedHoweverManyACommandHas() {
        let many: [Key] = [.character("j"), .down, .control("n"), .function(5), .function(6), .function(7), .function(8), .tab]
        let lines = HelpScreen.lines(for: remap([.moveDown: many]))
        let line = try? XCTUnwrap(lines.first { $0.contains(Command.moveDown.help) })
        XCTAssertEqual(line, "j Down Ctrl-N F5 F6 F7 F8 Tab  " + Command.moveDown.help)
        XCTAssertTrue(lines.contains { $0.hasPrefix("k Up ") && $0.hasSuffix(Command.moveUp.help) })
    }
}
