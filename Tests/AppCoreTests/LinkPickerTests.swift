import AppCore
import StackAPI
import TestSupport
import XCTest

/// `L` in a question: the link picker lists the thread's links; digits jump to `[n]`, Enter follows a link (a
/// question of the same site inside stackterm, anything else in the browser), `y` copies it.
final class LinkPickerTests: XCTestCase {
    private let links = [
        ThreadLink(postID: 1, number: 1, text: "the docs", url: "https://example.com/docs"),
        ThreadLink(postID: 1, number: 2, text: "another question", url: "/questions/42/some-title"),
        ThreadLink(postID: 7, number: 1, text: "", url: "https://cardano.stackexchange.com/a/99"),
        ThreadLink(postID: 7, number: 2, text: "elsewhere", url: "https://stackoverflow.com/q/5"),
    ]

    /// A question (id 1, answer 7 starting on line 100) open over the list and laid out with `links`.
    private func questionState(links: [ThreadLink]? = nil) throws -> AppState {
        var state = try AppState.listing(5, rows: 24)
        for case let .loadThread(thread, _, _, _, _) in Reducer.reduce(&state, .command(.open)) {
            _ = Reducer.reduce(&state, .threadLoaded(thread, .success(QuestionThread(question: Fixtures.question(id: 1), answers: []))))
        }
        var measure = ThreadMeasure(lineCount: 200, postStarts: [1: 0, 7: 100], blocks: [])
        measure.links = links ?? self.links
        state.threadLaidOut(questionID: 1, measure)
        return state
    }

    /// `questionState()` after the keys `keys`, e.g. `L` then `2`.
    private func questionState(pressing keys: Character...) throws -> AppState {
        var state = try questionState()
        for key in keys { _ = Reducer.reduce(&state, .key(.character(key))) }
        return state
    }

    private var picker: (AppState) -> LinkPickerState? = { state in
        if case .links(let picker) = state.top { picker } else { nil }
    }

    func testLOpensThePickerOverTheQuestionAndBackClosesIt() throws {
        var state = try questionState()
        XCTAssertEqual(Keymap.standard.command(for: .character("L")), .followLink)
        XCTAssertEqual(Reducer.reduce(&state, .key(.character("L"))), [])
        XCTAssertEqual(state.screens, [.questionList, .question(id: 1), .linkPicker])
        XCTAssertEqual(picker(state)?.links, links)
        XCTAssertEqual(picker(state)?.selection, 0, "the post in view's first link is selected")
        _ = Reducer.reduce(&state, .key(.character("q")))
        XCTAssertEqual(state.screens, [.questionList, .question(id: 1)], "q goes back to the question")
    }

    func testTheLinksOfTheAnswerInViewComeFirstForANumber() throws {
        var state = try questionState()
        for _ in 0..<100 { _ = Reducer.reduce(&state, .command(.moveDown)) }
        XCTAssertEqual(state.thread?.postInView, 7)
        _ = Reducer.reduce(&state, .key(.character("L")))
        XCTAssertEqual(picker(state)?.selection, 2, "answer 7's [1]")
        _ = Reducer.reduce(&state, .key(.character("2")))
        XCTAssertEqual(picker(state)?.selected, links[3], "typing 2 jumps to [2] of the answer in view")
        _ = Reducer.reduce(&state, .key(.backspace))
        _ = Reducer.reduce(&state, .key(.character("1")))
        XCTAssertEqual(picker(state)?.selected, links[2])
    }

    func testDigitsJumpAndTheMovesMove() throws {
        var state = try questionState(pressing: "L", "2")
        XCTAssertEqual(picker(state)?.selection, 1)
        XCTAssertEqual(picker(state)?.typed, "2")
        _ = Reducer.reduce(&state, .key(.character("j")))
        XCTAssertEqual(picker(state)?.selection, 2)
        XCTAssertEqual(picker(state)?.typed, "", "a move forgets the number typed")
        _ = Reducer.reduce(&state, .key(.character("G")))
        XCTAssertEqual(picker(state)?.selection, 3)
        _ = Reducer.reduce(&state, .key(.character("g")))
        XCTAssertEqual(picker(state)?.selection, 0)
    }

    func testEnterOnAnOutsideLinkOpensTheBrowserAndStaysOnThePicker() throws {
        var state = try questionState(pressing: "L")
        XCTAssertEqual(Reducer.reduce(&state, .key(.enter)), [.openURL("https://example.com/docs")])
        XCTAssertEqual(state.screen, .linkPicker)
    }

    func testYCopiesTheSelectedLinkMadeAbsolute() throws {
        var state = try questionState(pressing: "L", "2")
        XCTAssertEqual(Reducer.reduce(&state, .key(.character("y"))),
                       [.copyToClipboard("https://cardano.stackexchange.com/questions/42/some-title")])
    }

    func testAQuestionOfTheSameSiteOpensInsideOverTheQuestion() throws {
        var state = try questionState(pressing: "L", "2")
        let effects = Reducer.reduce(&state, .key(.enter))
        XCTAssertEqual(state.screens, [.questionList, .question(id: 1), .question(id: 42)], "the picker gives way to the question")
        XCTAssertTrue(effects.contains { if case .loadThread(_, 42, "cardano", false, _) = $0 { true } else { false } }, "\(effects)")
        _ = Reducer.reduce(&state, .key(.character("q")))
        XCTAssertEqual(state.screen, .question(id: 1), "back returns to the first question")
    }

    func testOAlwaysUsesTheBrowserEvenForAQuestionOfThisSite() throws {
        var state = try questionState(pressing: "L", "2")
        XCTAssertEqual(Reducer.reduce(&state, .key(.character("o"))),
                       [.openURL("https://cardano.stackexchange.com/questions/42/some-title")])
    }

    func testAnotherSitesQuestionGoesToTheBrowser() throws {
        var state = try questionState(pressing: "L", "G")
        XCTAssertEqual(Reducer.reduce(&state, .key(.enter)), [.openURL("https://stackoverflow.com/q/5")])
    }

    func testAnAnswerLinkLooksUpItsQuestionThenOpensItAtTheAnswer() throws {
        var state = try questionState(pressing: "L", "j", "j")
        let effects = Reducer.reduce(&state, .key(.enter))
        guard case let .loadAnswerQuestion(token, 99, "cardano")? = effects.first else { return XCTFail("\(effects)") }
        XCTAssertEqual(state.screen, .question(id: 1))
        _ = Reducer.reduce(&state, .answerQuestionLoaded(LoadToken(9999), .success(3)))
        XCTAssertEqual(state.screen, .question(id: 1), "a result nobody waits for is dropped")
        _ = Reducer.reduce(&state, .answerQuestionLoaded(token, .success(55)))
        XCTAssertEqual(state.screens, [.questionList, .question(id: 1), .question(id: 55)])
        XCTAssertEqual(state.thread?.focusAnswerID, 99)
    }

    func testAQuestionWithoutLinksSaysSo() throws {
        var state = try questionState(links: [])
        XCTAssertEqual(Reducer.reduce(&state, .key(.character("L"))), [])
        XCTAssertEqual(state.screen, .question(id: 1))
        XCTAssertEqual(state.status.message, "No links in this question")
    }

    func testWhileTheThreadLoadsLSaysSo() throws {
        var state = AppState(settings: BrowseSettings(site: "cardano"), viewport: Viewport(columns: 80, rows: 24))
        _ = Reducer.reduce(&state, .start)
        _ = Reducer.reduce(&state, .openQuestionLink(questionID: 9, answerID: nil))
        state.threadLaidOut(questionID: 9, ThreadMeasure(lineCount: 3, postStarts: [9: 0], blocks: []))
        _ = Reducer.reduce(&state, .key(.character("L")))
        XCTAssertEqual(state.status.message, "No links yet: the question is still loading")
    }

    func testAQuestionKeyOnThePickerSaysWhereItWorks() throws {
        var state = try questionState(pressing: "L")
        XCTAssertEqual(Reducer.reduce(&state, .key(.character("c"))), [])
        XCTAssertEqual(state.status.message, "c works only in a question")
        XCTAssertEqual(state.screen, .linkPicker)
    }

    func testOnTheListLSaysWhereItWorks() throws {
        var state = try questionState()
        _ = Reducer.reduce(&state, .command(.back))
        _ = Reducer.reduce(&state, .key(.character("L")))
        XCTAssertEqual(state.status.message, "L works only in a question")
    }

    func testTheCommandLineLinkOpensOverTheList() {
        var state = AppState(settings: BrowseSettings(site: "cardano"), viewport: Viewport(columns: 80, rows: 24))
        _ = Reducer.reduce(&state, .start)
        let effects = Reducer.reduce(&state, .openQuestionLink(questionID: 123, answerID: 456))
        XCTAssertEqual(state.screens, [.questionList, .question(id: 123)])
        XCTAssertEqual(state.thread?.focusAnswerID, 456)
        XCTAssertTrue(effects.contains { if case .loadThread(_, 123, "cardano", false, _) = $0 { true } else { false } })
        _ = Reducer.reduce(&state, .key(.character("q")))
        XCTAssertEqual(state.screen, .questionList, "q goes back to the list")
    }

    func testRelativeLinksBecomeAbsoluteOnTheSite() {
        XCTAssertEqual(SiteLinks.absolute("/q/1", site: "stackoverflow"), "https://stackoverflow.com/q/1")
        XCTAssertEqual(SiteLinks.absolute("//example.com/x", site: "cardano"), "https://example.com/x")
        XCTAssertEqual(SiteLinks.absolute("https://a.b/c", site: "cardano"), "https://a.b/c")
    }
}
