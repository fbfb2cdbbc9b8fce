import AppCore
import ReducerTestSupport
import StackAPI
import TestSupport
import XCTest

/// `L` in a question: the link picker lists the thread's links; digits jump to `[n]`, Enter follows a link (a
/// question of the same site inside stackterm, anything else in the browser), `y` copies it.
/// (Written with `ReducerTestStore`: every effect is asserted.)
final class LinkPickerTests: XCTestCase {
    private let links = [
        ThreadLink(postID: 1, number: 1, text: "the docs", url: "https://example.com/docs"),
        ThreadLink(postID: 1, number: 2, text: "another question", url: "/questions/42/some-title"),
        ThreadLink(postID: 7, number: 3, text: "", url: "https://cardano.stackexchange.com/a/99"),
        ThreadLink(postID: 7, number: 4, text: "elsewhere", url: "https://stackoverflow.com/q/5"),
    ]

    /// A question (id 1, answer 7 starting on line 100) open over the list and laid out with `links`.
    private func questionStore(links: [ThreadLink]? = nil) throws -> ReducerTestStore {
        let store = try ReducerTestStore.listing(5, rows: 24)
        try store.openSelectedQuestion(loading: QuestionThread(question: Fixtures.question(id: 1), answers: []))
        var measure = ThreadMeasure(lineCount: 200, postStarts: [1: 0, 7: 100], blocks: [])
        measure.links = links ?? self.links
        store.layOut(questionID: 1, measure)
        return store
    }

    /// `questionStore()` after the keys `keys`, e.g. `L` then `2`, each asking for nothing.
    private func questionStore(pressing keys: Character...) throws -> ReducerTestStore {
        let store = try questionStore()
        for key in keys { store.press(.character(key)) }
        return store
    }

    /// A fresh start with question `id` opened by its link (`answerID` to focus), every effect asserted.
    private func openedByLink(_ id: Int, answerID: Int?) -> ReducerTestStore {
        let store = ReducerTestStore(AppState(settings: BrowseSettings(site: "cardano"), viewport: Viewport(columns: 80, rows: 24)))
        store.start()
        store.send(.openQuestionLink(questionID: id, answerID: answerID))
        store.receiveQuestionOpened(id, markedRead: nil)
        return store
    }

    private var picker: (AppState) -> LinkPickerState? = { state in
        if case .links(let picker) = state.top { picker } else { nil }
    }

    func testLOpensThePickerOverTheQuestionAndBackClosesIt() throws {
        let store = try questionStore()
        XCTAssertEqual(Keymap.standard.command(for: .character("L")), .followLink)
        store.press(.character("L"))
        XCTAssertEqual(store.state.screens, [.questionList, .question(id: 1), .linkPicker])
        XCTAssertEqual(picker(store.state)?.links, links)
        XCTAssertEqual(picker(store.state)?.selection, 0, "the post in view's first link is selected")
        store.press(.character("q"))
        XCTAssertEqual(store.state.screens, [.questionList, .question(id: 1)], "q goes back to the question")
    }

    func testThePickerOpensOnTheAnswerInViewAndANumberPicksThatLink() throws {
        let store = try questionStore()
        for _ in 0..<100 { store.perform(.moveDown) }
        XCTAssertEqual(store.state.thread?.postInView, 7)
        store.press(.character("L"))
        XCTAssertEqual(picker(store.state)?.selection, 2, "answer 7's first link, [3]")
        store.press(.character("4"))
        XCTAssertEqual(picker(store.state)?.selected, links[3], "typing 4 jumps to [4]")
        store.press(.backspace, .character("1"))
        XCTAssertEqual(picker(store.state)?.selected, links[0], "[1] is the question's, whatever post is in view")
    }

    func testDigitsJumpAndTheMovesMove() throws {
        let store = try questionStore(pressing: "L", "2")
        XCTAssertEqual(picker(store.state)?.selection, 1)
        XCTAssertEqual(picker(store.state)?.typed, "2")
        store.press(.character("j"))
        XCTAssertEqual(picker(store.state)?.selection, 2)
        XCTAssertEqual(picker(store.state)?.typed, "", "a move forgets the number typed")
        store.press(.character("G"))
        XCTAssertEqual(picker(store.state)?.selection, 3)
        store.press(.character("g"))
        XCTAssertEqual(picker(store.state)?.selection, 0)
    }

    func testEnterOnAnOutsideLinkOpensTheBrowserAndStaysOnThePicker() throws {
        let store = try questionStore(pressing: "L")
        store.send(.key(.enter)) { XCTAssertEqual($0.screen, .linkPicker) }
        store.expectEffects([.openURL("https://example.com/docs")])
    }

    func testYCopiesTheSelectedLinkMadeAbsolute() throws {
        let store = try questionStore(pressing: "L", "2")
        store.send(.key(.character("y")))
        store.expectEffects([.copyToClipboard("https://cardano.stackexchange.com/questions/42/some-title")])
    }

    func testAQuestionOfTheSameSiteOpensInsideOverTheQuestion() throws {
        let store = try questionStore(pressing: "L", "2")
        store.send(.key(.enter)) {
            XCTAssertEqual($0.screens, [.questionList, .question(id: 1), .question(id: 42)], "the picker gives way to the question")
        }
        store.receiveQuestionOpened(42, markedRead: nil)
        let cancels = store.leavingQuestionCancels
        store.send(.key(.character("q"))) { XCTAssertEqual($0.screen, .question(id: 1), "back returns to the first question") }
        store.expectEffects(cancels)
    }

    func testOAlwaysUsesTheBrowserEvenForAQuestionOfThisSite() throws {
        let store = try questionStore(pressing: "L", "2")
        store.send(.key(.character("o")))
        store.expectEffects([.openURL("https://cardano.stackexchange.com/questions/42/some-title")])
    }

    func testAnotherSitesQuestionGoesToTheBrowser() throws {
        let store = try questionStore(pressing: "L", "G")
        store.send(.key(.enter))
        store.expectEffects([.openURL("https://stackoverflow.com/q/5")])
    }

    func testAnAnswerLinkLooksUpItsQuestionThenOpensItAtTheAnswer() throws {
        let store = try questionStore(pressing: "L", "j", "j")
        store.send(.key(.enter)) { XCTAssertEqual($0.screen, .question(id: 1)) }
        let token = try XCTUnwrap(store.receive("the lookup of answer 99's question") { effect -> LoadToken? in
            if case .load(let token, .answerQuestion(99, "cardano")) = effect { token } else { nil }
        })
        store.expectEffects([], "the lookup shows no loading indicator")
        store.send(.loaded(LoadToken(9999), .answerQuestion(.success(3)))) {
            XCTAssertEqual($0.screen, .question(id: 1), "a result nobody waits for is dropped")
        }
        store.expectEffects([])
        store.send(.loaded(token, .answerQuestion(.success(55)))) { state in
            XCTAssertEqual(state.screens, [.questionList, .question(id: 1), .question(id: 55)])
            XCTAssertEqual(state.thread?.focusAnswerID, 99)
        }
        store.receiveQuestionOpened(55, markedRead: nil)
    }

    func testAQuestionWithoutLinksSaysSo() throws {
        let store = try questionStore(links: [])
        store.press(.character("L"))
        XCTAssertEqual(store.state.screen, .question(id: 1))
        XCTAssertEqual(store.state.status.message, "No links in this question")
    }

    func testWhileTheThreadLoadsLSaysSo() throws {
        let store = openedByLink(9, answerID: nil)
        store.layOut(questionID: 9, ThreadMeasure(lineCount: 3, postStarts: [9: 0], blocks: []))
        store.press(.character("L"))
        XCTAssertEqual(store.state.status.message, "No links yet: the question is still loading")
    }

    func testAQuestionKeyOnThePickerSaysWhereItWorks() throws {
        let store = try questionStore(pressing: "L")
        store.press(.character("c"))
        XCTAssertEqual(store.state.status.message, "c works only in a question")
        XCTAssertEqual(store.state.screen, .linkPicker)
    }

    func testOnTheListLSaysWhereItWorks() throws {
        let store = try questionStore()
        let cancels = store.leavingQuestionCancels
        store.send(.command(.back))
        store.expectEffects(cancels, "the store's reads still waiting")
        store.press(.character("L"))
        XCTAssertEqual(store.state.status.message, "L works only in a question")
    }

    func testTheCommandLineLinkOpensOverTheList() {
        let store = openedByLink(123, answerID: 456)
        XCTAssertEqual(store.state.screens, [.questionList, .question(id: 123)])
        XCTAssertEqual(store.state.thread?.focusAnswerID, 456)
        let cancels = store.leavingQuestionCancels
        store.send(.key(.character("q"))) { XCTAssertEqual($0.screen, .questionList, "q goes back to the list") }
        store.expectEffects(cancels)
    }

    func testRelativeLinksBecomeAbsoluteOnTheSite() {
        XCTAssertEqual(SiteLinks.absolute("/q/1", site: "stackoverflow"), "https://stackoverflow.com/q/1")
        XCTAssertEqual(SiteLinks.absolute("//example.com/x", site: "cardano"), "https://example.com/x")
        XCTAssertEqual(SiteLinks.absolute("https://a.b/c", site: "cardano"), "https://a.b/c")
    }
}
