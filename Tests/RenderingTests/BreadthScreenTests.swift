import XCTest
import AppCore
import Rendering
import StackAPI
import TestSupport
import TextEngine

/// The answers feed, pickers, prompts and comments read back from the cell grid.
final class BreadthScreenTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_600_000_000 + 2 * 86_400)

    private func render(_ state: AppState) -> [String] {
        AppScreen.render(state, cache: ThreadLayoutCache(), now: now).buffer.lines
    }

    private func listState(columns: Int = 80, rows: Int = 24) -> AppState {
        var state = AppState(settings: BrowseSettings(site: "cardano"), viewport: Viewport(columns: columns, rows: rows))
        guard case let .load(token, .questions(_, _, _, _))? = Reducer.reduce(&state, .start).first else { fatalError() }
        _ = Reducer.reduce(&state, .loaded(token, .questions(.success(Fixtures.page(1, count: 5, firstID: 1, hasMore: false)))))
        return state
    }

    func testAnswersFeedRowsShowScoreAcceptedTitleAuthorAndAge() throws {
        for (columns, rows) in [(100, 30), (80, 24), (40, 10)] {
            var state = listState(columns: columns, rows: rows)
            guard case let .load(token, .answersFeed(_, _, _, _, _))? = Reducer.reduce(&state, .command(.toggleAnswersFeed)).first else { return XCTFail() }
            let answers = [Fixtures.answer(id: 10, question: 2, score: 7, accepted: true), Fixtures.answer(id: 11, question: 404, score: -2)]
            _ = Reducer.reduce(&state, .loaded(token, .answersFeed(.success(Page(items: answers, hasMore: false, page: 1)))))
            let lines = render(state)
            XCTAssertTrue(lines[0].contains("latest answers"), lines[0])
            XCTAssertTrue(lines[1].hasPrefix("score   question"), lines[1])
            XCTAssertTrue(lines[2].hasPrefix("    7 ✓ Question 2"), lines[2])
            XCTAssertTrue(lines[3].contains("question #404"), "an unknown title says which question: \(lines[3])")
            XCTAssertEqual(columns >= 60, lines[2].contains("Answerer"), lines[2])
            XCTAssertTrue(lines[2].hasSuffix("1d "), lines[2])
            for line in lines { XCTAssertEqual(TextWidth.of(line), columns, line) }
        }
    }

    func testSearchHeaderAndPromptWithWideCharacters() {
        var state = listState(columns: 40, rows: 10)
        _ = Reducer.reduce(&state, .key(.character("/")))
        for character in "日本語のテキストを検索する長い質問" { _ = Reducer.reduce(&state, .key(.character(character))) }
        let buffer = AppScreen.render(state, cache: ThreadLayoutCache(), now: now).buffer
        let prompt = buffer.lines[9]
        XCTAssertTrue(prompt.hasPrefix("Search: "), prompt)
        XCTAssertTrue(prompt.contains("‹"), "text cut on the left is marked: \(prompt)")
        XCTAssertEqual(TextWidth.of(prompt), 40)
        XCTAssertTrue((0..<40).contains { buffer[$0, 9].style.attributes.contains(.reverse) }, "a cursor cell is shown")

        _ = Reducer.reduce(&state, .key(.enter))
        XCTAssertTrue(render(state)[0].contains("search “日本語"), render(state)[0])
    }

    func testPickerShowsFilterEntriesAndLoadingState() throws {
        var state = listState()
        guard case let .load(token, .sites)? = Reducer.reduce(&state, .command(.pickSite)).first else { return XCTFail() }
        XCTAssertTrue(render(state)[1].contains("Filter: "))
        _ = Reducer.reduce(&state, .loadingIndicatorDue(token))
        XCTAssertTrue(render(state)[2].contains("Loading sites…"), render(state)[2])
        let sites = ["cardano", "beer", "coffee"].map { Site(name: $0.capitalized, apiSiteParameter: $0, siteURL: "https://\($0).stackexchange.com") }
        _ = Reducer.reduce(&state, .loaded(token, .sites(.success(sites))))
        var lines = render(state)
        XCTAssertTrue(lines[2].contains("Cardano (cardano)"), lines[2])
        XCTAssertTrue(lines[4].contains("Coffee (coffee)"), lines[4])
        XCTAssertTrue(lines[2].contains("cardano.stackexchange.com"), "the domain is shown and filtered on: \(lines[2])")
        _ = Reducer.reduce(&state, .key(.character("z")))
        lines = render(state)
        XCTAssertTrue(lines[2].contains("No match"), lines[2])
        XCTAssertTrue(lines[23].contains("0 of 3"), lines[23])
    }

    func testCommentsAppearUnderTheirPosts() throws {
        var state = listState(columns: 80, rows: 40)
        let effects = Reducer.reduce(&state, .command(.open))
        guard case let .load(token, .thread(_, _, _, _))? = effects.first else { return XCTFail() }
        let thread = QuestionThread(question: Fixtures.question(id: 1, body: "<p>Question body</p>"),
                                    answers: [Fixtures.answer(id: 10, question: 1, body: "<p>Answer body</p>")])
        _ = Reducer.reduce(&state, .loaded(token, .thread(.success(thread))))
        guard case let .load(commentsToken, .comments(_, _, _))? = Reducer.reduce(&state, .command(.toggleComments)).first else { return XCTFail() }
        XCTAssertTrue(render(state).contains { $0.contains("Loading comments…") })
        let comment = Comment(commentID: 5, postID: 10, score: 3, owner: ShallowUser(displayName: "Critic"),
                              creationDate: Date(timeIntervalSince1970: 1_600_000_000), body: "Nice <code>code</code>")
        _ = Reducer.reduce(&state, .loaded(commentsToken, .comments(.success([10: [comment]]))))
        let lines = render(state)
        let answerBody = try XCTUnwrap(lines.firstIndex { $0.contains("Answer body") })
        let commentLine = try XCTUnwrap(lines.firstIndex { $0.contains("│ Nice code") })
        XCTAssertGreaterThan(commentLine, answerBody)
        XCTAssertTrue(lines[commentLine + 1].contains("— Critic · 2 days ago · ▲ 3"), lines[commentLine + 1])
        XCTAssertTrue(lines.contains { $0.contains("(no comments)") }, "the question has none")
    }
}
