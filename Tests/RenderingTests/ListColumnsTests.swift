import XCTest
import AppCore
import Rendering
import StackAPI
import TestSupport
import TextEngine

/// Lists that explain themselves: column headers, the date the sort follows, narrow layouts, counts in the right
/// number; and the reading width of a question.
final class ListColumnsTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_600_000_000 + 3 * 86_400)

    /// A question asked 3 days before `now` and last active 1 day before it.
    private func question(id: Int) -> Question {
        var question = Fixtures.question(id: id, title: "Question \(id)", score: 4, answers: 2, tags: ["staking"])
        question.lastActivityDate = now.addingTimeInterval(-86_400)
        return question
    }

    private func listState(_ settings: BrowseSettings, columns: Int, rows: Int = 12, count: Int = 1) -> AppState {
        var state = AppState(settings: settings, viewport: Viewport(columns: columns, rows: rows))
        // The top list's load: a search starts over the site's list, whose load comes first.
        let loads = Reducer.reduce(&state, .start).compactMap { effect -> LoadToken? in
            if case let .load(token, .questions(_, _, _, _)) = effect { token } else { nil }
        }
        guard let token = loads.last else { fatalError("no load") }
        let page = Page(items: (1...max(1, count)).map(question(id:)), hasMore: false, page: 1)
        _ = Reducer.reduce(&state, .loaded(token, .questions(.success(page))))
        return state
    }

    private func render(_ state: AppState) -> [String] {
        AppScreen.render(state, cache: ThreadLayoutCache(), now: now).buffer.lines
    }

    func testTheDateColumnAndItsHeaderFollowTheSort() {
        let cases: [(BrowseSettings, String, String)] = [
            (BrowseSettings(site: "cardano", sort: .activity), "active", "1d"),
            (BrowseSettings(site: "cardano", sort: .creation), "asked", "3d"),
            (BrowseSettings(site: "cardano", sort: .votes), "asked", "3d"),
            (BrowseSettings(site: "cardano", sort: .week), "active", "1d"),
            (BrowseSettings(site: "cardano", searchQuery: "ada"), "asked", "3d"),
            (BrowseSettings(site: "cardano", searchSort: .activity, searchQuery: "ada"), "active", "1d"),
        ]
        for (settings, label, age) in cases {
            let lines = render(listState(settings, columns: 80))
            XCTAssertTrue(lines[0].contains(settings.sortName), lines[0])
            XCTAssertTrue(lines[1].hasSuffix(label + " "), "\(settings.sortName): \(lines[1])")
            XCTAssertTrue(lines[2].hasSuffix(age + " "), "\(settings.sortName): \(lines[2])")
        }
    }

    func testColumnsGiveWayOnNarrowTerminals() {
        let settings = BrowseSettings(site: "cardano", sort: .creation)
        let wide = render(listState(settings, columns: 100))
        XCTAssertTrue(wide[1].hasPrefix("score ans  title"), wide[1])
        XCTAssertTrue(wide[1].contains("tags"), wide[1])
        XCTAssertTrue(wide[2].contains("staking"), wide[2])
        let narrow = render(listState(settings, columns: 40))
        XCTAssertEqual(narrow[1], "score ans  title" + String(repeating: " ", count: 20) + "ask ")
        XCTAssertTrue(narrow[2].hasPrefix("    4  2   Question 1"), narrow[2])
        XCTAssertFalse(narrow[2].contains("staking"), "no tags column at 40: \(narrow[2])")
        XCTAssertTrue(narrow[2].hasSuffix("3d "), narrow[2])
        for line in narrow { XCTAssertEqual(TextWidth.of(line), 40, line) }
    }

    func testTheListShowsOneRowFewerForItsHeaderAndKeepsTheCursorOnScreen() {
        var state = listState(BrowseSettings(site: "cardano"), columns: 80, rows: 12, count: 30)
        XCTAssertEqual(state.viewport.listRows, 9)
        for _ in 0..<9 { _ = Reducer.reduce(&state, .command(.moveDown)) }
        let lines = render(state)
        XCTAssertTrue(lines[10].contains("Question 10"), "the selected 10th question is the last row shown: \(lines[10])")
        XCTAssertTrue(lines[2].contains("Question 2"), lines[2])
    }

    func testTheAnswersFeedHasAColumnHeaderToo() throws {
        var state = listState(BrowseSettings(site: "cardano"), columns: 80)
        guard case let .load(token, .answersFeed(_, _, _, _, _))? = Reducer.reduce(&state, .command(.toggleAnswersFeed)).first else {
            return XCTFail("no feed load")
        }
        let answers = [Fixtures.answer(id: 10, question: 1, score: 7, accepted: true)]
        _ = Reducer.reduce(&state, .loaded(token, .answersFeed(.success(Page(items: answers, hasMore: false, page: 1)))))
        let lines = render(state)
        XCTAssertTrue(lines[1].hasPrefix("score   question"), lines[1])
        XCTAssertTrue(lines[1].hasSuffix("author posted "), lines[1])
        XCTAssertTrue(lines[2].hasPrefix("    7 ✓ Question 1"), lines[2])
        XCTAssertTrue(lines[11].hasPrefix(" 1 answer "), lines[11])
    }

    func testCountsUseTheRightNumber() {
        XCTAssertEqual(Plural.count(1, "question"), "1 question")
        XCTAssertEqual(Plural.count(0, "question"), "0 questions")
        XCTAssertEqual(Plural.count(nil, "answer"), "? answers")
        XCTAssertEqual(Plural.count(2, "reply", plural: "replies"), "2 replies")
        let lines = render(listState(BrowseSettings(site: "cardano"), columns: 80))
        XCTAssertTrue(lines[11].hasPrefix(" 1 question "), lines[11])
    }
}
