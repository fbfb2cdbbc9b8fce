import XCTest
import AppCore
import StackAPI
import TestSupport

/// Sorts: each list cycles through the sorts its API method accepts, each cycle asks for a page with that sort,
/// a search starts by relevance, and the date a row shows follows the sort.
final class ListSortTests: XCTestCase {
    private func listState(_ settings: BrowseSettings = BrowseSettings(site: "cardano")) -> AppState {
        var state = AppState(settings: settings, viewport: Viewport(columns: 80, rows: 24))
        guard case let .loadQuestions(token, _, _, _, _)? = Reducer.reduce(&state, .start).first else { fatalError("no load") }
        _ = Reducer.reduce(&state, .questionsLoaded(token, .success(Fixtures.page(1, count: 20, firstID: 1, hasMore: false))))
        return state
    }

    private func loadedSettings(_ effects: [Effect]) -> BrowseSettings? {
        for case let .loadQuestions(_, settings, _, _, _) in effects { return settings }
        return nil
    }

    private func search(_ text: String, _ state: inout AppState) -> [Effect] {
        _ = Reducer.reduce(&state, .key(.character("/")))
        for character in text { _ = Reducer.reduce(&state, .key(.character(character))) }
        return Reducer.reduce(&state, .key(.enter))
    }

    func testEveryListSortSendsARequestWithThatSort() throws {
        var state = listState()
        var sent: [QuestionSort] = []
        for _ in QuestionSort.allCases {
            let settings = try XCTUnwrap(loadedSettings(Reducer.reduce(&state, .command(.cycleSort))), "every sort loads a page")
            XCTAssertNil(settings.searchQuery)
            XCTAssertEqual(settings.sortName, settings.sort.rawValue)
            sent.append(settings.sort)
        }
        XCTAssertEqual(sent, [.creation, .votes, .hot, .week, .month, .activity])
    }

    func testASearchStartsByRelevanceAndCyclesOnlyTheSearchSorts() throws {
        var state = listState(BrowseSettings(site: "cardano", sort: .votes))
        let first = try XCTUnwrap(loadedSettings(search("plutus", &state)))
        XCTAssertEqual(first.searchSort, .relevance, "a search starts by relevance, like stackterm print")
        XCTAssertEqual(first.sortName, "relevance")
        var names: [String] = []
        for _ in SearchSort.allCases {
            let settings = try XCTUnwrap(loadedSettings(Reducer.reduce(&state, .command(.cycleSort))), "every search sort loads a page")
            XCTAssertEqual(settings.sort, .votes, "the list's own sort is left alone")
            names.append(settings.sortName)
        }
        XCTAssertEqual(names, ["activity", "creation", "votes", "relevance"])
        XCTAssertEqual(state.settings.sortNames, SearchSort.allCases.map(\.rawValue))
    }

    func testANewSearchStartsByRelevanceAgainAndClearingItReturnsToTheList() throws {
        var state = listState()
        _ = search("plutus", &state)
        _ = Reducer.reduce(&state, .command(.cycleSort))
        XCTAssertEqual(state.settings.searchSort, .activity)
        XCTAssertEqual(try XCTUnwrap(loadedSettings(search("nft", &state))).searchSort, .relevance)
        _ = Reducer.reduce(&state, .key(.character("/")))
        _ = Reducer.reduce(&state, .key(.enter))
        XCTAssertEqual(state.screens, [.questionList], "an empty search pops back to the first list, whatever the search sort was")
    }

    func testTheDateColumnFollowsTheSort() {
        let expected: [QuestionSort: ListDate] = [.activity: .lastActivity, .creation: .creation, .votes: .creation,
                                                  .hot: .lastActivity, .week: .lastActivity, .month: .lastActivity]
        for (sort, date) in expected { XCTAssertEqual(BrowseSettings(site: "x", sort: sort).dateShown, date, "\(sort)") }
        let searches: [SearchSort: ListDate] = [.activity: .lastActivity, .creation: .creation, .votes: .creation, .relevance: .creation]
        for (sort, date) in searches {
            XCTAssertEqual(BrowseSettings(site: "x", sort: .activity, searchSort: sort, searchQuery: "q").dateShown, date, "\(sort)")
        }
    }
}
