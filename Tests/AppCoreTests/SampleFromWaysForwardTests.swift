import AppCore
import ReducerTestSupport
import StackAPI
import XCTest

/// The sample site chosen on the first screen says what it is — a dated snapshot and its licence — as `--sample` does,
/// so every "5y" on its rows is not taken for the live site.
final class SampleFromWaysForwardTests: XCTestCase {
    func testTheSampleChosenOnTheFirstScreenNamesItsSourceAndDateBesideTheStatus() throws {
        let store = ReducerTestStore(AppState(settings: BrowseSettings(site: "stackoverflow", pageSize: 30),
                                              viewport: Viewport(columns: 80, rows: 24)))
        let list = try XCTUnwrap(store.start())
        store.send(.loaded(list.token, .questions(.failure(.offline(detail: "connection refused"))))) {
            XCTAssertEqual($0.top.kind, .waysForward)
        }
        let held = try XCTUnwrap(store.receiveWaysForward())
        store.send(.loaded(held, .heldSites([])))
        store.expectEffects([])
        store.send(.command(.moveDown))
        store.expectEffects([])
        store.send(.command(.open))
        let sampleImport = try XCTUnwrap(store.receive("the sample's import") { effect -> LoadToken? in
            if case .load(let token, .sampleImport) = effect { token } else { nil }
        })
        let attribution = "sample site: Cardano Stack Exchange's data dump (2021), CC BY-SA 4.0, by its authors"
        store.send(.loaded(sampleImport, .sampleImport(.success(ImportedSample(site: "cardano", attribution: attribution))))) { state in
            XCTAssertEqual(state.status.notice, attribution)
            XCTAssertEqual(state.shared.site, "cardano")
            XCTAssertEqual(state.top.kind, .questionList)
            XCTAssertTrue(state.shared.isOffline, "the sample is read from the store only")
            XCTAssertFalse(state.shared.liveEnabled)
        }
        store.receive(.answerFromStoreOnly)
        store.receive("the first screen's load given up") { effect -> LoadToken? in
            if case .cancel(let token) = effect { token } else { nil }
        }
        let sampleList = try XCTUnwrap(store.receiveQuestionsLoad(), "the sample's list loads")
        XCTAssertEqual(sampleList.settings.site, "cardano")
        store.receive("what the store remembers of the sample") { effect -> LoadToken? in
            if case .load(let token, .siteMemory(site: "cardano")) = effect { token } else { nil }
        }
        store.expectEffects([.remember(.browse(RememberedBrowse(site: "cardano", sort: .activity, tagged: [])))])
        store.send(.key(.down)) { XCTAssertNil($0.status.notice, "a notice stays until the next key") }
        store.expectEffects([])
    }

    /// Issue 32 case 11: once the store holds the sample's site, the first screen listed it twice (the sample, and
    /// "cardano from the local store"); it is listed once, as a site the store holds.
    func testTheSampleIsListedOnceWhenTheStoreHoldsItsSite() {
        var ways = WaysForwardState(site: "stackoverflow", reason: "Offline")
        XCTAssertEqual(ways.choices, [.retry, .sample])
        ways.heldSites = [HeldSiteSummary(site: "beer", questionCount: 3)]
        XCTAssertEqual(ways.choices, [.retry, .sample, .heldSite(HeldSiteSummary(site: "beer", questionCount: 3))])
        let cardano = HeldSiteSummary(site: WaysForwardState.sampleSite, questionCount: 1_042)
        ways.heldSites = [cardano]
        XCTAssertEqual(ways.choices, [.retry, .heldSite(cardano)])
    }
}
