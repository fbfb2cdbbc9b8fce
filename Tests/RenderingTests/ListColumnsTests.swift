import XCTest
import AppCore
import ReducerTestSupport
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

    /// Started on `settings` in a `columns`×`rows` terminal listing `count` of these questions (ids from 1), every
    /// effect asserted.
    private func listed(_ settings: BrowseSettings = BrowseSettings(site: "cardano"), columns: Int = 80, rows: Int = 12,
                        count: Int = 1) throws -> ReducerTestStore {
        try ReducerTestStore.listing(.only((1...count).map(question(id:))), columns: columns, rows: rows,
                                     settings: settings)
    }

    private func render(_ store: ReducerTestStore) -> [String] {
        AppScreen.render(store.state, cache: ThreadLayoutCache(), now: now).buffer.lines
    }

    func testTheDateColumnAndItsHeaderFollowTheSort() throws {
        let cases: [(BrowseSettings, String, String)] = [
            (BrowseSettings(site: "cardano", sort: .activity), "active", "1d"),
            (BrowseSettings(site: "cardano", sort: .creation), "asked", "3d"),
            (BrowseSettings(site: "cardano", sort: .votes), "asked", "3d"),
            (BrowseSettings(site: "cardano", sort: .week), "active", "1d"),
            (BrowseSettings(site: "cardano", searchQuery: "ada"), "asked", "3d"),
            (BrowseSettings(site: "cardano", searchSort: .activity, searchQuery: "ada"), "active", "1d"),
        ]
        for (settings, label, age) in cases {
            let lines = render(try listed(settings))
            XCTAssertTrue(lines[0].contains(settings.sortName), lines[0])
            XCTAssertTrue(lines[1].hasSuffix(label + " "), "\(settings.sortName): \(lines[1])")
            XCTAssertTrue(lines[2].hasSuffix(age + " "), "\(settings.sortName): \(lines[2])")
        }
    }

    func testColumnsGiveWayOnNarrowTerminals() throws {
        let settings = BrowseSettings(site: "cardano", sort: .creation)
        let wide = render(try listed(settings, columns: 100))
        XCTAssertTrue(wide[1].hasPrefix("score ans  title"), wide[1])
        XCTAssertTrue(wide[1].contains("tags"), wide[1])
        XCTAssertTrue(wide[2].contains("staking"), wide[2])
        let narrow = render(try listed(settings, columns: 40))
        XCTAssertEqual(narrow[1], "score ans  title" + String(repeating: " ", count: 20) + "ask ")
        XCTAssertTrue(narrow[2].hasPrefix("    4  2   Question 1"), narrow[2])
        XCTAssertFalse(narrow[2].contains("staking"), "no tags column at 40: \(narrow[2])")
        XCTAssertTrue(narrow[2].hasSuffix("3d "), narrow[2])
        for line in narrow { XCTAssertEqual(TextWidth.of(line), 40, line) }
    }

    func testTheListShowsOneRowFewerForItsHeaderAndKeepsTheCursorOnScreen() throws {
        let store = try listed(count: 30)
        XCTAssertEqual(store.state.viewport.listRows, 9)
        for _ in 0..<9 { store.perform(.moveDown) }
        let lines = render(store)
        XCTAssertTrue(lines[10].contains("Question 10"), "the selected 10th question is the last row shown: \(lines[10])")
        XCTAssertTrue(lines[2].contains("Question 2"), lines[2])
    }

    func testTheAnswersFeedHasAColumnHeaderToo() throws {
        let store = try listed()
        try store.openAnswersFeed(loading: [Fixtures.answer(id: 10, question: 1, score: 7, accepted: true)])
        let lines = render(store)
        XCTAssertTrue(lines[1].hasPrefix("score   question"), lines[1])
        XCTAssertTrue(lines[1].hasSuffix("author posted "), lines[1])
        XCTAssertTrue(lines[2].hasPrefix("    7 ✓ Question 1"), lines[2])
        XCTAssertTrue(lines[11].hasPrefix(" 1 answer "), lines[11])
    }

    func testCountsUseTheRightNumber() throws {
        XCTAssertEqual(Plural.count(1, "question"), "1 question")
        XCTAssertEqual(Plural.count(0, "question"), "0 questions")
        XCTAssertEqual(Plural.count(nil, "answer"), "? answers")
        XCTAssertEqual(Plural.count(2, "reply", plural: "replies"), "2 replies")
        let lines = render(try listed())
        XCTAssertTrue(lines[11].hasPrefix(" 1 question "), lines[11])
    }
}
