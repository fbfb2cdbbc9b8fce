import AppCore
import ReducerTestSupport
import StackAPI
import TestSupport
import XCTest

/// Issue 21: `stackterm search WORDS` (and `--search`) starts on the results stacked over the site's list, as
/// `stackterm URL` opens its question over the list, so `q` goes back to the list instead of quitting.
/// (Written with `ReducerTestStore`: every effect is asserted.)
final class SearchOverListTests: XCTestCase {
    /// Started on a search for "epoch nonce" on cardano sorted by votes: every effect of the start asserted.
    private func startedOnASearch() throws -> (store: ReducerTestStore, list: QuestionsLoad, search: QuestionsLoad) {
        let store = ReducerTestStore(AppState(settings: BrowseSettings(site: "cardano", sort: .votes, searchQuery: "epoch nonce"),
                                              viewport: Viewport(columns: 80, rows: 12)))
        store.send(.start)
        let list = try XCTUnwrap(store.receiveQuestionsLoad())
        store.receive(.load(try XCTUnwrap(store.state.shared.siteMemoryLoad), .siteMemory(site: "cardano")))
        store.receive(.remember(.search(site: "cardano", query: "epoch nonce")))
        let search = try XCTUnwrap(store.receiveQuestionsLoad())
        store.receive(.remember(.browse(RememberedBrowse(site: "cardano", sort: .votes, tagged: []))))
        return (store, list, search)
    }

    func testTheResultsOpenOverTheSitesList() throws {
        let (store, list, search) = try startedOnASearch()
        XCTAssertEqual(store.state.screens, [.questionList, .questionList], "the results over the list")
        XCTAssertNil(list.settings.searchQuery, "underneath: the site's list as the flags and memory chose it")
        XCTAssertEqual(list.settings.sort, .votes)
        XCTAssertEqual(search.settings.searchQuery, "epoch nonce")
        XCTAssertEqual(store.state.settings.searchQuery, "epoch nonce", "the results are on top")
        XCTAssertEqual(store.state.searchHistory, ["epoch nonce"])
    }

    func testQGoesBackFromTheResultsToTheList() throws {
        let (store, list, search) = try startedOnASearch()
        store.send(.key(.character("q")))
        store.expectEffects([.cancel(search.token)], "leaving the results cancels their load; nothing quits")
        XCTAssertEqual(store.state.screens, [.questionList])
        XCTAssertNil(store.state.settings.searchQuery)
        XCTAssertFalse(store.state.isQuitting)
        XCTAssertEqual(store.state.list.pending?.token, list.token, "the list's own load goes on")
    }
}
