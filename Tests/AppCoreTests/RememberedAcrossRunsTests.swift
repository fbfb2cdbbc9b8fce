import AppCore
import ReducerTestSupport
import StackAPI
import TestSupport
import XCTest

/// What the reducer asks the runtime to remember for the next run: the searches (per site) and the site, sort and
/// tag filter in view; and what it takes back from the store at the start.
/// (Written with `ReducerTestStore`: every effect is asserted.)
final class RememberedAcrossRunsTests: XCTestCase {
    private func makeStore(_ settings: BrowseSettings = BrowseSettings(site: "cardano")) -> ReducerTestStore {
        ReducerTestStore(AppState(settings: settings, viewport: Viewport(columns: 80, rows: 12)))
    }

    /// Started on cardano's unfiltered list by activity, every effect of the start asserted.
    private func started() -> ReducerTestStore {
        let store = makeStore()
        store.start()
        return store
    }

    /// Types `text` into the prompt `key` opens and presses Enter.
    private func enter(_ text: String, after key: Character, _ store: ReducerTestStore, line: UInt = #line) {
        store.press(.character(key), line: line)
        store.type(text, line: line)
        store.send(.key(.enter), line: line)
    }

    /// Searches for `text`: the search is remembered, then its page 1 asked for; returns the page's load.
    @discardableResult
    private func search(_ text: String, _ store: ReducerTestStore, line: UInt = #line) -> QuestionsLoad? {
        enter(text, after: "/", store, line: line)
        store.receive(.remember(.search(site: "cardano", query: text)), line: line)
        return store.receiveQuestionsLoad(line: line)
    }

    func testTheStartAsksForTheSitesMemoryAndRemembersWhereItIs() throws {
        let store = makeStore(BrowseSettings(site: "cardano", sort: .votes, tagged: ["plutus"]))
        store.send(.start)
        store.receiveQuestionsLoad()
        store.receive(.load(try XCTUnwrap(store.state.shared.siteMemoryLoad), .siteMemory(site: "cardano")))
        store.receive(.remember(.browse(RememberedBrowse(site: "cardano", sort: .votes, tagged: ["plutus"]))))
    }

    func testStartingOnASearchRemembersTheSearch() throws {
        let store = makeStore(BrowseSettings(site: "cardano", searchQuery: "epoch nonce"))
        store.send(.start) { XCTAssertEqual($0.searchHistory, ["epoch nonce"]) }
        store.receiveQuestionsLoad()
        store.receive(.load(try XCTUnwrap(store.state.shared.siteMemoryLoad), .siteMemory(site: "cardano")))
        store.receive(.remember(.search(site: "cardano", query: "epoch nonce")))
        store.receiveQuestionsLoad() // the results, over the site's list (SearchOverListTests)
        store.receive(.remember(.browse(RememberedBrowse(site: "cardano", sort: .activity, tagged: []))))
    }

    func testEachSearchIsRememberedAndThePromptRecallsTheStoresSearchesFirst() throws {
        let store = started()
        store.send(.loaded(try XCTUnwrap(store.state.shared.siteMemoryLoad), .siteMemory(searches: ["staking", "nft"], savedIDs: [])))
        store.expectEffects([])
        search("plutus", store)
        XCTAssertEqual(store.state.searchHistory, ["staking", "nft", "plutus"])
        store.press(.character("/"), .up, .up)
        XCTAssertEqual(store.state.prompt?.editor.text, "nft")
    }

    func testASearchOfThisSessionStaysNewestWhenTheStoresHistoryArrivesLate() throws {
        let store = started()
        search("nft", store)
        store.send(.loaded(try XCTUnwrap(store.state.shared.siteMemoryLoad), .siteMemory(searches: ["nft", "staking"], savedIDs: []))) {
            XCTAssertEqual($0.searchHistory, ["staking", "nft"])
        }
        store.expectEffects([])
    }

    func testSortAndTagChangesAreRememberedAndASearchOrQuittingIsNot() throws {
        let store = started()
        let first = try XCTUnwrap(store.state.list.pending?.token)
        store.send(.key(.character("s")))
        store.receive(.cancel(first))
        store.receiveQuestionsLoad()
        store.receive(.remember(.browse(RememberedBrowse(site: "cardano", sort: .creation, tagged: []))))
        enter("nft", after: "t", store)
        let tagged = try XCTUnwrap(store.receiveQuestionsLoad())
        store.receive(.remember(.browse(RememberedBrowse(site: "cardano", sort: .creation, tagged: ["nft"]))))
        let searched = try XCTUnwrap(search("mint", store), "a search is history, not a setting: no rememberBrowse")
        store.send(.key(.character("q")))
        store.expectEffects([.cancel(searched.token)])
        store.send(.key(.character("q")))
        store.expectEffects([.cancel(tagged.token), .remember(.browse(RememberedBrowse(site: "cardano", sort: .creation, tagged: [])))],
                            "back on the unfiltered list")
        store.send(.key(.character("Q")))
        store.expectEffects([.cancelAll, .quit(exitCode: 0)], "quitting remembers nothing")
    }

    func testAnotherSiteStartsWithItsOwnMemory() throws {
        let store = started()
        let cardano = try XCTUnwrap(store.state.shared.siteMemoryLoad)
        let cardanoPage = try XCTUnwrap(store.state.list.pending?.token)
        store.send(.key(.character("S")))
        let token = try XCTUnwrap(store.state.picker?.pending?.token, "\(store.state.screens)")
        store.expectEffects([.load(token, .sites), .after(seconds: Reducer.indicatorDelay, .loadingIndicatorDue(token))])
        let sites = [Site(name: "Beer", apiSiteParameter: "beer", siteURL: "https://beer.stackexchange.com")]
        store.send(.loaded(token, .sites(.success(sites))))
        store.expectEffects([])
        store.send(.key(.enter)) { XCTAssertEqual($0.shared.site, "beer") }
        let beer = try XCTUnwrap(store.state.shared.siteMemoryLoad)
        store.receive(.cancel(cardanoPage))
        store.receive(.cancel(cardano))
        store.receiveQuestionsLoad()
        store.receive(.load(beer, .siteMemory(site: "beer")))
        store.receive(.remember(.browse(RememberedBrowse(site: "beer", sort: .activity, tagged: []))))
        store.send(.loaded(cardano, .siteMemory(searches: ["staking"], savedIDs: [1]))) { state in
            XCTAssertEqual(state.searchHistory, [], "cardano's memory, arriving late, is not beer's")
            XCTAssertEqual(state.shared.savedIDs, [])
        }
        store.expectEffects([])
    }
}
