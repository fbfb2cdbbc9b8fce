import XCTest
import AppCore
import StackAPI
import TestSupport

/// What the reducer asks the runtime to remember for the next run: the searches (per site) and the site, sort and
/// tag filter in view; and what it takes back from the store at the start.
final class RememberedAcrossRunsTests: XCTestCase {
    private func started(_ settings: BrowseSettings = BrowseSettings(site: "cardano")) -> (AppState, [Effect]) {
        var state = AppState(settings: settings, viewport: Viewport(columns: 80, rows: 12))
        let effects = Reducer.reduce(&state, .start)
        return (state, effects)
    }

    private func remembered(_ effects: [Effect]) -> [RememberedBrowse] {
        effects.compactMap { if case .rememberBrowse(let value) = $0 { value } else { nil } }
    }

    private func type(_ text: String, _ state: inout AppState) -> [Effect] {
        text.flatMap { Reducer.reduce(&state, .key(.character($0))) }
    }

    func testTheStartAsksForTheSitesMemoryAndRemembersWhereItIs() throws {
        let (state, effects) = started(BrowseSettings(site: "cardano", sort: .votes, tagged: ["plutus"]))
        XCTAssertTrue(effects.contains(.loadSiteMemory(try XCTUnwrap(state.shared.siteMemoryLoad), site: "cardano")), "\(effects)")
        XCTAssertEqual(remembered(effects), [RememberedBrowse(site: "cardano", sort: .votes, tagged: ["plutus"])])
    }

    func testStartingOnASearchRemembersTheSearch() {
        let (state, effects) = started(BrowseSettings(site: "cardano", searchQuery: "epoch nonce"))
        XCTAssertTrue(effects.contains(.rememberSearch(site: "cardano", query: "epoch nonce")), "\(effects)")
        XCTAssertEqual(state.searchHistory, ["epoch nonce"])
    }

    func testEachSearchIsRememberedAndThePromptRecallsTheStoresSearchesFirst() throws {
        var (state, _) = started()
        _ = Reducer.reduce(&state, .siteMemoryLoaded(try XCTUnwrap(state.shared.siteMemoryLoad), searches: ["staking", "nft"], savedIDs: []))
        _ = Reducer.reduce(&state, .key(.character("/")))
        let effects = type("plutus", &state) + Reducer.reduce(&state, .key(.enter))
        XCTAssertTrue(effects.contains(.rememberSearch(site: "cardano", query: "plutus")), "\(effects)")
        XCTAssertEqual(state.searchHistory, ["staking", "nft", "plutus"])
        _ = Reducer.reduce(&state, .key(.character("/")))
        _ = Reducer.reduce(&state, .key(.up))
        _ = Reducer.reduce(&state, .key(.up))
        XCTAssertEqual(state.prompt?.editor.text, "nft")
    }

    func testASearchOfThisSessionStaysNewestWhenTheStoresHistoryArrivesLate() throws {
        var (state, _) = started()
        _ = Reducer.reduce(&state, .key(.character("/")))
        _ = type("nft", &state) + Reducer.reduce(&state, .key(.enter))
        _ = Reducer.reduce(&state, .siteMemoryLoaded(try XCTUnwrap(state.shared.siteMemoryLoad), searches: ["nft", "staking"], savedIDs: []))
        XCTAssertEqual(state.searchHistory, ["staking", "nft"])
    }

    func testSortAndTagChangesAreRememberedAndASearchOrQuittingIsNot() {
        var (state, _) = started()
        XCTAssertEqual(remembered(Reducer.reduce(&state, .key(.character("s")))),
                       [RememberedBrowse(site: "cardano", sort: .creation, tagged: [])])
        _ = Reducer.reduce(&state, .key(.character("t")))
        let tagged = type("nft", &state) + Reducer.reduce(&state, .key(.enter))
        XCTAssertEqual(remembered(tagged), [RememberedBrowse(site: "cardano", sort: .creation, tagged: ["nft"])])
        _ = Reducer.reduce(&state, .key(.character("/")))
        let searched = type("mint", &state) + Reducer.reduce(&state, .key(.enter))
        XCTAssertEqual(remembered(searched), [], "a search is history, not a setting")
        _ = Reducer.reduce(&state, .key(.character("q")))
        XCTAssertEqual(remembered(Reducer.reduce(&state, .key(.character("q")))),
                       [RememberedBrowse(site: "cardano", sort: .creation, tagged: [])], "back on the unfiltered list")
        XCTAssertEqual(remembered(Reducer.reduce(&state, .key(.character("Q")))), [])
    }

    func testAnotherSiteStartsWithItsOwnMemory() throws {
        var (state, _) = started()
        let cardano = try XCTUnwrap(state.shared.siteMemoryLoad)
        _ = Reducer.reduce(&state, .key(.character("S")))
        let token = try XCTUnwrap(state.picker?.pending?.token, "\(state.screens)")
        let sites = [Site(name: "Beer", apiSiteParameter: "beer", siteURL: "https://beer.stackexchange.com")]
        _ = Reducer.reduce(&state, .sitesLoaded(token, .success(sites)))
        let effects = Reducer.reduce(&state, .key(.enter))
        XCTAssertEqual(state.shared.site, "beer")
        let beer = try XCTUnwrap(state.shared.siteMemoryLoad)
        XCTAssertTrue(effects.contains(.cancel(cardano)), "the old site's read is cancelled: \(effects)")
        XCTAssertTrue(effects.contains(.loadSiteMemory(beer, site: "beer")), "\(effects)")
        _ = Reducer.reduce(&state, .siteMemoryLoaded(cardano, searches: ["staking"], savedIDs: [1]))
        XCTAssertEqual(state.searchHistory, [], "cardano's memory, arriving late, is not beer's")
        XCTAssertEqual(state.shared.savedIDs, [])
        XCTAssertEqual(remembered(effects), [RememberedBrowse(site: "beer", sort: .activity, tagged: [])])
    }
}
