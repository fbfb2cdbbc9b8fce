import AppCore
import StackAPI
import TestSupport
import XCTest

/// Issue 9 part 8: every command, on every screen, either does something or says on the status line why not —
/// the pickers included (Right, Ctrl-D/U/F/B and the rest reach them through the keymap).
final class EveryCommandAnswersTests: XCTestCase {
    private let tags = ["plutus", "haskell", "smart-contracts", "wallet", "staking"]

    /// The list (40 questions, the cursor on the 11th).
    private func listState() throws -> AppState {
        var state = AppState(settings: BrowseSettings(site: "cardano"), viewport: Viewport(columns: 80, rows: 24))
        guard case let .loadQuestions(token, _, _, _, _)? = Reducer.reduce(&state, .start).first else { throw XCTSkip("no load") }
        var page = Fixtures.page(1, count: 40, firstID: 1, hasMore: false)
        page.items[10] = Fixtures.question(id: 11, tags: tags)
        _ = Reducer.reduce(&state, .questionsLoaded(token, .success(page)))
        for _ in 0..<10 { _ = Reducer.reduce(&state, .command(.moveDown)) }
        return state
    }

    /// Question 11 open over the list, laid out (two answers, code blocks, links, lines to find in), scrolled into
    /// its first answer.
    private func questionState() throws -> AppState {
        var state = try listState()
        let thread = QuestionThread(question: Fixtures.question(id: 11, tags: tags),
                                    answers: [Fixtures.answer(id: 7, question: 11), Fixtures.answer(id: 8, question: 11)])
        for case let .loadThread(token, _, _, _, _) in Reducer.reduce(&state, .command(.open)) {
            _ = Reducer.reduce(&state, .threadLoaded(token, .success(thread)))
        }
        let blocks = (0..<60).map { ThreadMeasure.Block(postID: $0 < 20 ? 11 : ($0 < 40 ? 7 : 8), index: $0 % 20, line: $0 * 10, length: 8) }
        var measure = ThreadMeasure(lineCount: 600, postStarts: [11: 0, 7: 200, 8: 400], blocks: blocks,
                                    lineTexts: (0..<600).map { "line \($0) words" }, codeStarts: [50, 250, 450])
        measure.links = (1...6).map { ThreadLink(postID: $0 < 4 ? 11 : 7, number: $0, text: "link \($0)", url: "https://example.com/\($0)") }
        state.threadLaidOut(questionID: 11, measure)
        for _ in 0..<220 { _ = Reducer.reduce(&state, .command(.moveDown)) }
        return state
    }

    private func screens() throws -> [(String, AppState)] {
        var feed = try listState()
        guard case let .loadAnswersFeed(token, _, _, _, _, _)? = Reducer.reduce(&feed, .command(.toggleAnswersFeed)).first else {
            throw XCTSkip("no feed load")
        }
        let answers = (1...40).map { Fixtures.answer(id: 100 + $0, question: $0) }
        _ = Reducer.reduce(&feed, .answersFeedLoaded(token, .success(Page(items: answers, hasMore: false, page: 1))))
        for _ in 0..<10 { _ = Reducer.reduce(&feed, .command(.moveDown)) }

        var links = try questionState()
        _ = Reducer.reduce(&links, .command(.followLink))
        _ = Reducer.reduce(&links, .command(.moveDown))

        var sites = try listState()
        guard case let .loadSites(sitesToken)? = Reducer.reduce(&sites, .command(.pickSite)).first else { throw XCTSkip("no sites load") }
        let siteList = (1...40).map { Site(name: "Site \($0)", apiSiteParameter: "site\($0)", siteURL: "https://site\($0).example") }
        _ = Reducer.reduce(&sites, .sitesLoaded(sitesToken, .success(siteList)))
        for _ in 0..<10 { _ = Reducer.reduce(&sites, .key(.down)) }

        var tagPicker = try questionState()
        _ = Reducer.reduce(&tagPicker, .command(.filterByQuestionTag))
        _ = Reducer.reduce(&tagPicker, .key(.down))

        var help = try listState()
        _ = Reducer.reduce(&help, .command(.help))
        _ = Reducer.reduce(&help, .command(.moveDown))

        var saved = try listState()
        guard case let .loadSaved(savedToken, _)? = Reducer.reduce(&saved, .command(.showSaved)).first else { throw XCTSkip("no saved load") }
        _ = Reducer.reduce(&saved, .savedLoaded(savedToken, .success((1...20).map { Fixtures.question(id: $0) })))
        for _ in 0..<5 { _ = Reducer.reduce(&saved, .command(.moveDown)) }

        let all = [("question list", try listState()), ("answers feed", feed), ("question", try questionState()), ("link picker", links),
                   ("site picker", sites), ("tag picker", tagPicker), ("help", help), ("saved list", saved)]
        let kinds: [Screen] = [.questionList, .answersFeed, .question(id: 11), .linkPicker, .picker, .picker, .help, .savedList]
        XCTAssertEqual(all.map(\.1.screen), kinds, "each state shows the screen it is named after")
        return all
    }

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
        let sites = try XCTUnwrap(try screens().first { $0.0 == "site picker" }?.1)
        func selection(_ state: AppState) -> Int? { if case .picker(let picker) = state.top { picker.selection } else { nil } }
        XCTAssertEqual(selection(sites), 10)
        var state = sites
        _ = Reducer.reduce(&state, .key(.control("d")))
        XCTAssertEqual(selection(state), 20, "Ctrl-D: half of the 21 rows")
        _ = Reducer.reduce(&state, .key(.control("b")))
        XCTAssertEqual(selection(state), 0, "Ctrl-B: a page up")
        _ = Reducer.reduce(&state, .key(.control("f")))
        XCTAssertEqual(selection(state), 21, "Ctrl-F: a page down")
        _ = Reducer.reduce(&state, .key(.right))
        XCTAssertEqual(state.screens, [.questionList], "Right chooses, as it opens elsewhere")
        XCTAssertEqual(state.settings.site, "site22")
    }

    func testAPickerSaysWhyACommandDoesNothingThere() throws {
        var state = try XCTUnwrap(try screens().first { $0.0 == "site picker" }?.1)
        _ = Reducer.reduce(&state, .key(.function(5)))
        _ = Reducer.reduce(&state, .command(.toggleComments))
        XCTAssertEqual(state.status.message, "c works only in a question")
        _ = Reducer.reduce(&state, .command(.reload))
        XCTAssertEqual(state.status.message, "r works only on a list or in a question")
        _ = Reducer.reduce(&state, .key(.character("z")))
        _ = Reducer.reduce(&state, .key(.character("z")))
        _ = Reducer.reduce(&state, .key(.enter))
        XCTAssertEqual(state.status.message, "Nothing to choose: no entry matches “zz”")
        XCTAssertEqual(state.screen, .picker)
    }
}
