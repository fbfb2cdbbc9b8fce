import AppCore
import ReducerTestSupport
import StackAPI
import TestSupport
import XCTest

/// Issue 9 part 8: every command, on every screen, either does something or says on the status line why not —
/// the pickers included (Right, Ctrl-D/U/F/B and the rest reach them through the keymap). The screens are reached with `ReducerTestStore`, every effect asserted.
final class EveryCommandAnswersTests: XCTestCase {
    private let tags = ["plutus", "haskell", "smart-contracts", "wallet", "staking"]

    /// The list (40 questions, the cursor on the 11th); every effect on the way asserted.
    private func listStore() throws -> ReducerTestStore {
        let store = ReducerTestStore(AppState(settings: BrowseSettings(site: "cardano"), viewport: Viewport(columns: 80, rows: 24)))
        let token = try XCTUnwrap(store.start()?.token)
        var page = Fixtures.page(1, count: 40, firstID: 1, hasMore: false)
        page.items[10] = Fixtures.question(id: 11, tags: tags)
        store.send(.loaded(token, .questions(.success(page))))
        store.receiveReadMarksLoad(Array(1...40))
        for _ in 0..<10 { store.perform(.moveDown) }
        return store
    }

    /// Question 11 open over the list, laid out (two answers, code blocks, links, lines to find in), scrolled into
    /// its first answer.
    private func questionStore() throws -> ReducerTestStore {
        let store = try listStore()
        let thread = QuestionThread(question: Fixtures.question(id: 11, tags: tags),
                                    answers: [Fixtures.answer(id: 7, question: 11), Fixtures.answer(id: 8, question: 11)])
        try store.openSelectedQuestion(loading: thread)
        let blocks = (0..<60).map { ThreadMeasure.Block(postID: $0 < 20 ? 11 : ($0 < 40 ? 7 : 8), index: $0 % 20, line: $0 * 10, length: 8) }
        var measure = ThreadMeasure(lineCount: 600, postStarts: [11: 0, 7: 200, 8: 400], blocks: blocks,
                                    lineTexts: (0..<600).map { "line \($0) words" }, codeBlocks: [50, 250, 450].map { ThreadMeasure.CodeBlock(rows: $0..<$0 + 5, text: "code at \($0)") })
        measure.links = (1...6).map { ThreadLink(postID: $0 < 4 ? 11 : 7, number: $0, text: "link \($0)", url: "https://example.com/\($0)") }
        store.layOut(questionID: 11, measure)
        for _ in 0..<220 { store.perform(.moveDown) }
        return store
    }

    private func screens() throws -> [(String, AppState)] {
        let feed = try listStore()
        feed.send(.command(.toggleAnswersFeed))
        let token = try XCTUnwrap(feed.receive("the answers feed's page 1") { effect -> LoadToken? in
            if case .load(let token, .answersFeed("cardano", 1, _, _, false)) = effect { token } else { nil }
        })
        feed.receive(.after(seconds: Reducer.indicatorDelay, .loadingIndicatorDue(token)))
        let answers = (1...40).map { Fixtures.answer(id: 100 + $0, question: $0) }
        feed.send(.loaded(token, .answersFeed(.success(Page(items: answers, hasMore: false, page: 1)))))
        feed.expectEffects([])
        for _ in 0..<10 { feed.perform(.moveDown) }

        let links = try questionStore()
        links.perform(.followLink, .moveDown)

        let sites = try listStore()
        sites.send(.command(.pickSite))
        let sitesToken = try XCTUnwrap(sites.state.picker?.pending?.token)
        sites.expectEffects([.load(sitesToken, .sites), .after(seconds: Reducer.indicatorDelay, .loadingIndicatorDue(sitesToken))])
        let siteList = (1...40).map { Site(name: "Site \($0)", apiSiteParameter: "site\($0)", siteURL: "https://site\($0).example") }
        sites.send(.loaded(sitesToken, .sites(.success(siteList))))
        sites.expectEffects([])
        for _ in 0..<10 { sites.press(.down) }

        let tagPicker = try questionStore()
        tagPicker.perform(.filterByQuestionTag)
        tagPicker.press(.down)

        let help = try listStore()
        help.perform(.help, .moveDown)

        let saved = try listStore()
        saved.send(.command(.showSaved))
        let savedToken = try XCTUnwrap(saved.receive("the saved questions' read") { effect -> LoadToken? in
            if case .load(let token, .saved("cardano")) = effect { token } else { nil }
        })
        saved.receive(.after(seconds: Reducer.indicatorDelay, .loadingIndicatorDue(savedToken)))
        saved.send(.loaded(savedToken, .saved(.success((1...20).map { Fixtures.question(id: $0) }))))
        saved.receiveReadMarksLoad(Array(1...20))
        for _ in 0..<5 { saved.perform(.moveDown) }

        let all = [("question list", try listStore().state), ("answers feed", feed.state), ("question", try questionStore().state),
                   ("link picker", links.state), ("site picker", sites.state), ("tag picker", tagPicker.state), ("help", help.state),
                   ("saved list", saved.state)]
        let kinds: [ScreenKind] = [.questionList, .answersFeed, .question(id: 11), .linkPicker, .picker, .picker, .help, .savedList]
        XCTAssertEqual(all.map(\.1.screen), kinds, "each state shows the screen it is named after")
        return all
    }

    /// A property over every command and screen (what each does is asserted by the screens' own tests): the effects
    /// here only count as evidence that the command did something.
    func testEveryCommandOnEveryScreenActsOrSaysWhy() throws {
        for (name, screen) in try screens() {
            for command in Command.allCases {
                var state = screen
                state.shared.clearStatus()
                let before = state
                let effects = Reducer.reduce(&state, .command(command))
                XCTAssertTrue(state != before || !effects.isEmpty, "\(command) on the \(name) does nothing and says nothing")
            }
        }
    }

    func testThePickersMoveWithTheKeymapsMovesAndChooseWithOpen() throws {
        let store = ReducerTestStore(try XCTUnwrap(try screens().first { $0.0 == "site picker" }?.1))
        func selection(_ state: AppState) -> Int? { if case .picker(let picker) = state.top { picker.selection } else { nil } }
        XCTAssertEqual(selection(store.state), 10)
        store.press(.control("d"))
        XCTAssertEqual(selection(store.state), 20, "Ctrl-D: half of the 21 rows")
        store.press(.control("b"))
        XCTAssertEqual(selection(store.state), 0, "Ctrl-B: a page up")
        store.press(.control("f"))
        XCTAssertEqual(selection(store.state), 21, "Ctrl-F: a page down")
        let cardano = try XCTUnwrap(store.state.shared.siteMemoryLoad)
        let listMarks = try XCTUnwrap(store.state.list.markLoads.first, "the list's rows asked for their marks")
        store.send(.key(.right)) { state in
            XCTAssertEqual(state.screens, [.questionList], "Right chooses, as it opens elsewhere")
            XCTAssertEqual(state.settings.site, "site22")
        }
        store.receive(.cancel(listMarks))
        store.receive(.cancel(cardano))
        store.receiveQuestionsLoad()
        store.receive(.load(try XCTUnwrap(store.state.shared.siteMemoryLoad), .siteMemory(site: "site22")))
        store.receiveRememberBrowse()
    }

    func testAPickerSaysWhyACommandDoesNothingThere() throws {
        let store = ReducerTestStore(try XCTUnwrap(try screens().first { $0.0 == "site picker" }?.1))
        store.press(.function(5))
        store.perform(.toggleComments)
        XCTAssertEqual(store.state.status.message, "c works only in a question")
        store.perform(.reload)
        XCTAssertEqual(store.state.status.message, "r works only on a list or in a question")
        store.press(.character("z"), .character("z"), .enter)
        XCTAssertEqual(store.state.status.message, "Nothing to choose: no entry matches “zz”")
        XCTAssertEqual(store.state.screen, .picker)
    }
}
