import AppCore
import ReducerTestSupport
import StackAPI
import TestSupport
import XCTest

/// Offline, the sorts only the API computes (hot, week, month) are not asked of the store: `s` skips them and says
/// so once, a list that would load one loads activity instead, and a list left failing in one when the app goes
/// offline starts over in activity.
final class OfflineSortTests: XCTestCase {
    private let skipped = "hot, week and month need the network: skipped while offline"

    /// Started on `sort` with page 1 of 20 questions loaded, then told it is offline (`offline`).
    private func listed(_ sort: QuestionSort, offline: Bool) throws -> ReducerTestStore {
        let store = ReducerTestStore(try AppState.listing(20, rows: 24, settings: BrowseSettings(site: "cardano", sort: sort)))
        if offline {
            store.send(.offlineChanged(true)) { XCTAssertTrue($0.shared.isOffline) }
            store.expectEffects([])
        }
        return store
    }

    /// Sends `action` to a list sorted by `sort` while offline; checks that the list loads page 1 in activity instead
    /// (cancelling first what it was loading for its rows) and says why. Returns the load's token.
    @discardableResult
    private func expectActivity(insteadOf sort: QuestionSort, after action: Action,
                                _ store: ReducerTestStore, file: StaticString = #filePath, line: UInt = #line) -> LoadToken? {
        let loading = store.listLoads
        store.send(action, file: file, line: line) { state in
            XCTAssertEqual(state.settings.sort, .activity, "the header names the sort sent", file: file, line: line)
            XCTAssertEqual(state.status.message, "\(sort.rawValue) needs the network: showing activity while offline",
                           file: file, line: line)
        }
        store.receiveCancels(loading, file: file, line: line)
        let load = store.receiveQuestionsLoad(file: file, line: line)
        XCTAssertEqual(load?.settings.sort, .activity, file: file, line: line)
        XCTAssertEqual(load?.page, 1, file: file, line: line)
        store.receive(.remember(.browse(RememberedBrowse(site: "cardano", sort: .activity, tagged: []))), file: file, line: line)
        return load?.token
    }

    func testOnlyHotWeekAndMonthAreOnlineOnly() {
        XCTAssertEqual(QuestionSort.onlineOnly, [.hot, .week, .month])
        XCTAssertEqual(QuestionSort.allCases.filter { !$0.isOnlineOnly }, [.activity, .creation, .votes])
        XCTAssertFalse(BrowseSettings(site: "x", sort: .hot, searchQuery: "q").needsNetwork, "a search's sorts the store computes")
    }

    func testOfflineSSkipsTheOnlineOnlySortsAndSaysSoOnce() throws {
        let store = try listed(.activity, offline: true)
        var sent: [QuestionSort] = []
        var messages: [String?] = []
        for _ in 0..<4 {
            let loading = store.listLoads
            store.send(.command(.cycleSort)) { messages.append($0.status.message) }
            store.receiveCancels(loading)
            let load = try XCTUnwrap(store.receiveQuestionsLoad())
            XCTAssertEqual(load.page, 1)
            sent.append(load.settings.sort)
            store.receive(.remember(.browse(RememberedBrowse(site: "cardano", sort: load.settings.sort, tagged: []))))
        }
        XCTAssertEqual(sent, [.creation, .votes, .activity, .creation], "hot, week and month are never asked for")
        XCTAssertEqual(messages, [nil, nil, skipped, nil], "said once, when they were skipped, and gone at the next s")
    }

    func testOnlineSStillCyclesThroughEverySort() throws {
        let store = try listed(.votes, offline: false)
        let loading = store.listLoads
        store.send(.command(.cycleSort)) { XCTAssertNil($0.status.message) }
        store.receiveCancels(loading)
        XCTAssertEqual(store.receiveQuestionsLoad()?.settings.sort, .hot)
        store.receive(.remember(.browse(RememberedBrowse(site: "cardano", sort: .hot, tagged: []))))
    }

    func testFromAnOnlineOnlySortOfflineSGoesOnToActivity() throws {
        let store = try listed(.week, offline: true)
        let loading = store.listLoads
        store.send(.command(.cycleSort)) { XCTAssertEqual($0.status.message, self.skipped) }
        store.receiveCancels(loading)
        XCTAssertEqual(store.receiveQuestionsLoad()?.settings.sort, .activity, "month skipped, back to activity")
        store.receive(.remember(.browse(RememberedBrowse(site: "cardano", sort: .activity, tagged: []))))
    }

    func testStartingOfflineOnAnOnlineOnlySortLoadsActivityAndSaysWhy() throws {
        var state = AppState(settings: BrowseSettings(site: "cardano", sort: .hot), viewport: Viewport(columns: 80, rows: 24))
        state.shared.isOffline = true // `--offline`: set before `.start`, as the runtime does
        let store = ReducerTestStore(state)
        store.send(.start) { state in
            XCTAssertEqual(state.settings.sort, .activity, "the header names the sort sent")
            XCTAssertEqual(state.status.message, "hot needs the network: showing activity while offline")
        }
        XCTAssertEqual(store.receiveQuestionsLoad()?.settings.sort, .activity)
        store.receive(.load(try XCTUnwrap(store.state.shared.siteMemoryLoad), .siteMemory(site: "cardano")))
        store.receive(.remember(.browse(RememberedBrowse(site: "cardano", sort: .activity, tagged: []))))
    }

    func testGoingOfflineRestartsAFailingOnlineOnlyListInActivity() throws {
        let store = ReducerTestStore(AppState(settings: BrowseSettings(site: "cardano", sort: .month), viewport: Viewport(columns: 80, rows: 24)))
        let first = try XCTUnwrap(store.start())
        XCTAssertEqual(first.settings.sort, .month, "online, the list loads its own sort")
        store.send(.loaded(first.token, .questions(.failure(.offline(detail: "connection refused")))))
        store.expectEffects([])
        let retry = try XCTUnwrap(expectActivity(insteadOf: .month, after: .offlineChanged(true), store))
        store.send(.loaded(retry, .questions(.success(Fixtures.page(1, count: 20, firstID: 1, hasMore: false))))) {
            XCTAssertEqual($0.list.questions.count, 20)
        }
        store.receiveReadMarksLoad(Array(1...20))
    }

    func testGoingOfflineCancelsAnOnlineOnlyFirstPageStillLoading() throws {
        let store = ReducerTestStore(AppState(settings: BrowseSettings(site: "cardano", sort: .hot), viewport: Viewport(columns: 80, rows: 24)))
        let first = try XCTUnwrap(store.start())
        XCTAssertEqual(first.settings.sort, .hot, "online, the list loads its own sort")
        XCTAssertEqual(store.listLoads, [first.token])
        expectActivity(insteadOf: .hot, after: .offlineChanged(true), store)
    }

    func testGoingOfflineLeavesTheRowsAnOnlineOnlyListShowsAndRKeepsItWorking() throws {
        let store = try listed(.hot, offline: true)
        XCTAssertEqual(store.state.settings.sort, .hot, "its rows came from the network: they stay")
        XCTAssertEqual(store.state.list.questions.count, 20)
        expectActivity(insteadOf: .hot, after: .key(.character("r")), store)
    }

    func testAListPushedOfflineFromAnOnlineOnlyListShowsActivityAndSaysSoOnTheNewScreen() throws {
        let store = try listed(.hot, offline: true)
        store.send(.key(.character("t")))
        store.expectEffects([])
        store.type("nft")
        store.send(.key(.enter)) { state in
            XCTAssertEqual(state.screens, [.questionList, .questionList])
            XCTAssertEqual(state.settings.sort, .activity)
            XCTAssertEqual(state.status.message, "hot needs the network: showing activity while offline",
                           "made by the action that pushed the list, so it stays on it")
        }
        XCTAssertEqual(store.receiveQuestionsLoad()?.settings, BrowseSettings(site: "cardano", sort: .activity, tagged: ["nft"]))
        store.receive(.remember(.browse(RememberedBrowse(site: "cardano", sort: .activity, tagged: ["nft"]))))
    }

    func testASearchIsLeftAloneOffline() throws {
        let store = try listed(.activity, offline: true)
        store.send(.key(.character("/")))
        store.expectEffects([])
        store.type("nft")
        store.send(.key(.enter))
        store.receive(.remember(.search(site: "cardano", query: "nft")))
        let search = try XCTUnwrap(store.receiveQuestionsLoad())
        XCTAssertEqual(search.settings.searchSort, .relevance)
        var loading = search.token
        var sorts: [SearchSort] = []
        for _ in SearchSort.allCases {
            store.send(.command(.cycleSort)) { XCTAssertNil($0.status.message) }
            store.receive(.cancel(loading))
            let load = try XCTUnwrap(store.receiveQuestionsLoad())
            sorts.append(load.settings.searchSort)
            loading = load.token
        }
        XCTAssertEqual(sorts, [.activity, .creation, .votes, .relevance], "the store computes every search sort")
    }
}
