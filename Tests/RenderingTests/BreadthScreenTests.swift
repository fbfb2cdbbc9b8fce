import XCTest
import AppCore
import ReducerTestSupport
import Rendering
import StackAPI
import TestSupport
import TextEngine

/// The answers feed, pickers, prompts and comments read back from the cell grid.
final class BreadthScreenTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_600_000_000 + 2 * 86_400)

    private func render(_ store: ReducerTestStore) -> [String] {
        AppScreen.render(store.state, cache: ThreadLayoutCache(), now: now).buffer.lines
    }

    func testAnswersFeedRowsShowScoreAcceptedTitleAuthorAndAge() throws {
        for (columns, rows) in [(100, 30), (80, 24), (40, 10)] {
            let store = try ReducerTestStore.listing(5, columns: columns, rows: rows)
            let answers = [Fixtures.answer(id: 10, question: 2, score: 7, accepted: true),
                           Fixtures.answer(id: 11, question: 404, score: -2)]
            try store.openAnswersFeed(loading: answers, untitled: [404])
            let lines = render(store)
            XCTAssertTrue(lines[0].contains("latest answers"), lines[0])
            XCTAssertTrue(lines[1].hasPrefix("score   question"), lines[1])
            XCTAssertTrue(lines[2].hasPrefix("    7 ✓ Question 2"), lines[2])
            XCTAssertTrue(lines[3].contains("question #404"), "an unknown title says which question: \(lines[3])")
            XCTAssertEqual(columns >= 60, lines[2].contains("Answerer"), lines[2])
            XCTAssertTrue(lines[2].hasSuffix("1d "), lines[2])
            for line in lines { XCTAssertEqual(TextWidth.of(line), columns, line) }
        }
    }

    func testSearchHeaderAndPromptWithWideCharacters() throws {
        let store = try ReducerTestStore.listing(5, columns: 40, rows: 10)
        let query = "日本語のテキストを検索する長い質問"
        store.press(.character("/"))
        store.type(query)
        let buffer = AppScreen.render(store.state, cache: ThreadLayoutCache(), now: now).buffer
        let prompt = buffer.lines[9]
        XCTAssertTrue(prompt.hasPrefix("Search: "), prompt)
        XCTAssertTrue(prompt.contains("‹"), "text cut on the left is marked: \(prompt)")
        XCTAssertEqual(TextWidth.of(prompt), 40)
        XCTAssertTrue((0..<40).contains { buffer[$0, 9].style.attributes.contains(.reverse) }, "a cursor cell is shown")

        store.send(.key(.enter))
        store.receive(.remember(.search(site: "cardano", query: query)))
        store.receiveQuestionsLoad()
        XCTAssertTrue(render(store)[0].contains("search “日本語"), render(store)[0])
    }

    func testPickerShowsFilterEntriesAndLoadingState() throws {
        let store = try ReducerTestStore.listing(5, rows: 24)
        store.send(.command(.pickSite))
        let token = try XCTUnwrap(store.receiveSitesLoad())
        XCTAssertTrue(render(store)[1].contains("Filter: "))
        store.indicatorDue(token)
        XCTAssertTrue(render(store)[2].contains("Loading sites…"), render(store)[2])
        let sites = ["cardano", "beer", "coffee"].map { Site(name: $0.capitalized, apiSiteParameter: $0, siteURL: "https://\($0).stackexchange.com") }
        store.send(.loaded(token, .sites(.success(sites))))
        store.expectEffects([])
        var lines = render(store)
        XCTAssertTrue(lines[2].contains("Cardano (cardano)"), lines[2])
        XCTAssertTrue(lines[4].contains("Coffee (coffee)"), lines[4])
        XCTAssertTrue(lines[2].contains("cardano.stackexchange.com"), "the domain is shown and filtered on: \(lines[2])")
        store.type("z")
        lines = render(store)
        XCTAssertTrue(lines[2].contains("No match"), lines[2])
        XCTAssertTrue(lines[23].contains("0 of 3"), lines[23])
    }

    func testCommentsAppearUnderTheirPosts() throws {
        let store = try ReducerTestStore.listing(5, rows: 40)
        let thread = QuestionThread(question: Fixtures.question(id: 1, body: "<p>Question body</p>"),
                                    answers: [Fixtures.answer(id: 10, question: 1, body: "<p>Answer body</p>")])
        try store.openSelectedQuestion(loading: thread)
        store.send(.command(.toggleComments))
        let commentsToken = try XCTUnwrap(store.receiveCommentsLoad([1, 10]))
        XCTAssertTrue(render(store).contains { $0.contains("Loading comments…") })
        let comment = Comment(commentID: 5, postID: 10, score: 3, owner: ShallowUser(displayName: "Critic"),
                              creationDate: Date(timeIntervalSince1970: 1_600_000_000), body: "Nice <code>code</code>")
        store.send(.loaded(commentsToken, .comments(.success([10: [comment]]))))
        store.expectEffects([])
        let lines = render(store)
        let answerBody = try XCTUnwrap(lines.firstIndex { $0.contains("Answer body") })
        let commentLine = try XCTUnwrap(lines.firstIndex { $0.contains("│ Nice code") })
        XCTAssertGreaterThan(commentLine, answerBody)
        XCTAssertTrue(lines[commentLine + 1].contains("— Critic · 2 days ago · ▲ 3"), lines[commentLine + 1])
        XCTAssertTrue(lines.contains { $0.contains("(no comments)") }, "the question has none")
    }
}
