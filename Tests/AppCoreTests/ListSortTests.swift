import AppCore
import ReducerTestSupport
import StackAPI
import TestSupport
import XCTest

/// Sorts: each list cycles through the sorts its API method accepts, each cycle asks for a page with that sort,
/// a search starts by relevance, and the date a row shows follows the sort. (Reducer tests written with `ReducerTestStore`:
/// every effect is asserted.)
final class ListSortTests: XCTestCase {
    private func listStore(_ settings: BrowseSettings = BrowseSettings(site: "cardano")) throws -> ReducerTestStore {
        try ReducerTestStore.listing(20, rows: 24, settings: settings)
    }

    /// Searches for `text`; returns the page load the search asks for.
    private func search(_ text: String, _ store: ReducerTestStore, line: UInt = #line) -> QuestionsLoad? {
        store.press(.character("/"), line: line)
        store.type(text, line: line)
        store.send(.key(.enter), line: line)
        store.receive(.remember(.search(site: "cardano", query: text)), line: line)
        return store.receiveQuestionsLoad(line: line)
    }

    /// Cycles the sort, which cancels what was loading for the rows it drops (the page, their read marks); returns
    /// the load of the page 1 it asks for. `remembered`: the sort to remember for the next launch changed.
    private func cycleSort(_ store: ReducerTestStore, remembered: Bool, line: UInt = #line) -> QuestionsLoad? {
        let loading = store.listLoads
        store.send(.command(.cycleSort), line: line)
        store.receiveCancels(loading, line: line)
        let load = store.receiveQuestionsLoad(line: line)
        XCTAssertEqual(load?.page, 1, line: line)
        if remembered { store.receiveRememberBrowse(line: line) }
        return load
    }

    func testEveryListSortSendsARequestWithThatSort() throws {
        let store = try listStore()
        XCTAssertEqual(store.state.list.markLoads.count, 1, "the page's read of its rows' marks, not answered yet")
        var sent: [QuestionSort] = []
        // The first cycle cancels that read with the rows it was for (`cycleSort` receives the cancel).
        for _ in QuestionSort.allCases {
            let settings = try XCTUnwrap(cycleSort(store, remembered: true)?.settings, "every sort loads a page")
            XCTAssertNil(settings.searchQuery)
            XCTAssertEqual(settings.sortName, settings.sort.rawValue)
            sent.append(settings.sort)
        }
        XCTAssertEqual(sent, [.creation, .votes, .hot, .week, .month, .activity])
    }

    func testASearchStartsByRelevanceAndCyclesOnlyTheSearchSorts() throws {
        let store = try listStore(BrowseSettings(site: "cardano", sort: .votes))
        let first = try XCTUnwrap(search("plutus", store)?.settings)
        XCTAssertEqual(first.searchSort, .relevance, "a search starts by relevance, like stackterm print")
        XCTAssertEqual(first.sortName, "relevance")
        var names: [String] = []
        for _ in SearchSort.allCases {
            let settings = try XCTUnwrap(cycleSort(store, remembered: false)?.settings, "every search sort loads a page")
            XCTAssertEqual(settings.sort, .votes, "the list's own sort is left alone")
            names.append(settings.sortName)
        }
        XCTAssertEqual(names, ["activity", "creation", "votes", "relevance"])
        XCTAssertEqual(store.state.settings.sortNames, SearchSort.allCases.map(\.rawValue))
    }

    func testANewSearchStartsByRelevanceAgainAndClearingItReturnsToTheList() throws {
        let store = try listStore()
        XCTAssertNotNil(search("plutus", store))
        let plutus = try XCTUnwrap(cycleSort(store, remembered: false))
        XCTAssertEqual(store.state.settings.searchSort, .activity)
        let nft = try XCTUnwrap(search("nft", store))
        XCTAssertEqual(nft.settings.searchSort, .relevance)
        store.press(.character("/"))
        store.send(.key(.enter)) {
            XCTAssertEqual($0.screens, [.questionList], "an empty search pops back to the first list, whatever the search sort was")
        }
        store.expectEffects([.cancel(nft.token), .cancel(plutus.token)], "both searches' pages are still loading")
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
